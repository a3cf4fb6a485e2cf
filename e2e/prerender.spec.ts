/**
 * The public pages drawn at build time (scripts/prerender-plugin.ts): their HTML shows the page
 * before any script runs, React then takes over that very markup (no page drawn anew, no hydration
 * error), and the hydrated page works. Where the settings lead elsewhere, the page is held
 * read-only until they are known, then the visitor is sent on without losing anything.
 */
import type { Page } from '@playwright/test';
import { NOAH, setSwitches } from './backend.ts';
import { expect, test } from './fixtures.ts';

const PAGES = [
  { path: '/landing', heading: 'Your event crew, connected.' },
  { path: '/login', heading: 'Sign in to your crew' },
  { path: '/register', heading: 'Create your account' },
  { path: '/waitlist', heading: 'Join the waitlist' },
  { path: '/forgot-password', heading: 'Reset your password' },
] as const;

/**
 * Keeps the page's first heading as parsed from the HTML (before the module scripts run), and
 * every page error, so a test can tell a hydrated page from one drawn anew.
 */
async function watchFirstMarkup(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('#root h2');
    });
  });
  return errors;
}

const parsedHeadingStays = (page: Page) =>
  page.evaluate(() => {
    const parsed = (window as unknown as { parsedHeading: Element | null }).parsedHeading;
    return parsed !== null && parsed.isConnected && parsed === document.querySelector('#root h2');
  });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each public page is in its HTML, with its styles @desktop', async ({ page }) => {
    for (const { path, heading } of PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        // Chakra's styles came with the page: its reset, and the page's own layout.
        expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
        const layout = page.locator('#root > div').first();
        expect(await layout.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
      });
    }
    await page.goto('/login');
    await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveAttribute('readonly', '');
  });

  test("the app's own page carries Chakra's global styles too", async ({ page }) => {
    // index.html, served for every page that is not prerendered: the theme's variables and the
    // reset are there before any script runs.
    await page.goto('/dashboard');
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-bg')),
    ).toBe('#f7f7f2'); // bg: gray.50 in the light theme
  });
});

/**
 * The style elements whose rules define the theme's variables (`--chakra-colors-bg`), named by
 * their data attribute: the page's own `<style data-chakra-global>`, or an emotion sheet when the
 * browser built them again.
 */
const tokenSheets = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets]
      // A rule's text holds the rules nested in it (the tokens are in `@layer tokens`).
      .filter((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('--chakra-colors-bg:')))
      .map((sheet) => (sheet.ownerNode as Element).getAttributeNames().find((name) => name.startsWith('data-'))),
  );

test.describe('with JavaScript', () => {
  test('React takes over the login page it was served, and signing in works', async ({ app, page }) => {
    await setSwitches({ waitlist: false });
    const errors = await watchFirstMarkup(page);
    await app.visit('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form.getByLabel('Email')).toBeEditable();
    expect(await parsedHeadingStays(page)).toBe(true);
    await app.submitSignIn(NOAH);
    await app.expectPath('/dashboard');
    expect(errors).toEqual([]);
    // Chakra's global styles came with the page, built once by the build: the browser did not
    // build and insert them again on either page.
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    expect(await tokenSheets(page)).toEqual(['data-chakra-global']);
  });

  test('every public page is hydrated, not drawn anew @desktop', async ({ page }) => {
    await setSwitches({ waitlist: false });
    const errors = await watchFirstMarkup(page);
    for (const { path } of PAGES.filter((p) => p.path !== '/waitlist')) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.locator('#root h2').first()).toBeVisible();
        // Hydrated: the page's buttons answer (the landing page's link leads on; a form field takes text).
        if (path === '/landing') {
          await page.waitForLoadState('networkidle');
        } else {
          await expect(page.getByRole('textbox').first()).toBeEditable();
        }
        expect(await parsedHeadingStays(page)).toBe(true);
      });
    }
    expect(errors).toEqual([]);
  });

  test("the join page's shell is served for any event, and React takes it over", async ({ page }) => {
    const errors = await watchFirstMarkup(page);
    await page.goto('/join?id=e0000000-0000-4000-8000-000000000001');
    // The shell's card, then the event the link names, in the same markup.
    await expect(page.getByRole('group', { name: /^Event / })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join an event' })).toBeVisible();
    expect(await parsedHeadingStays(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('while the waitlist is on, /login is held read-only and then leads to the waitlist', async ({ app, page }) => {
    await setSwitches({ waitlist: true });
    const errors = await watchFirstMarkup(page);
    // The settings answer late, so the served login page is seen held.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/rest/v1/app_settings*', async (route) => {
      await released;
      await route.continue();
    });
    await app.visit('/login');
    const email = page.getByRole('form', { name: 'Sign in' }).getByLabel('Email');
    await expect(page.getByRole('heading', { name: 'Sign in to your crew' })).toBeVisible();
    await expect(email).not.toBeEditable();
    release();
    await app.expectPath('/waitlist');
    await expect(page.getByRole('form', { name: 'Join the waitlist' })).toBeVisible();
    // Back on a device that has seen the waitlist on: hydrated, then the loading view until the
    // settings are in (no mismatch), then the waitlist.
    await app.visit('/login');
    await app.expectPath('/waitlist');
    await expect(page.getByRole('form', { name: 'Join the waitlist' })).toBeVisible();
    expect(errors).toEqual([]);
    await app.submitSignIn(NOAH);
    await app.expectPath('/dashboard');
  });
});
