/**
 * The installable app: Chromium finds nothing stopping installation (manifest, icons, service
 * worker), the manifest parses cleanly, the browser's offer becomes "Install app", and iOS Safari
 * gets the Add to Home Screen steps.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { App } from './app.ts';
import { NOAH, setSwitches } from './backend.ts';
import { APP_URL } from './env.ts';
import { expect, test } from './fixtures.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test.describe('in a browser profile of its own', () => {
  // Installability is only judged in a real profile: a normal (incognito) context reports "in-incognito".
  let context: BrowserContext;
  let profileDir: string;

  test.beforeEach(async ({ launchOptions, viewport, userAgent, isMobile, hasTouch }) => {
    profileDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-install-'));
    context = await chromium.launchPersistentContext(profileDir, {
      ...launchOptions,
      // Chromium offers installation only after some engagement with the site; a test has none.
      args: [...(launchOptions.args ?? []), '--bypass-app-banner-engagement-checks'],
      baseURL: APP_URL,
      viewport,
      userAgent,
      isMobile,
      hasTouch,
      locale: 'en-US',
      timezoneId: 'Europe/Zurich',
    });
  });

  test.afterEach(async () => {
    await context.close();
    await rm(profileDir, { recursive: true, force: true });
  });

  test('Chromium can install the app, and its manifest parses without errors @desktop', async ({ isMobile }) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1, name: 'Your event crew, connected.' })).toBeVisible();
    const cdp = await context.newCDPSession(page);

    await expect
      .poll(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        return installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);

    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${APP_URL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    // Chromium's own reading of it (its enum names), and the file as served.
    expect(manifest.manifest?.display).toBe('kStandalone');
    const served = JSON.parse(manifest.data ?? '{}') as { name: string; icons: { sizes: string; purpose: string }[] };
    expect(served.name).toBe('CrewCamp');
    expect(served.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    // The browser's offer, kept by the app: an "Install app" button on /landing, and in the
    // signed-in sidebar beside My Profile.
    await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible();
    const app = new App(page, isMobile);
    await app.signIn(NOAH);
    const nav = await app.sidebar();
    await expect(nav.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Install app' })).toBeVisible();
  });
});

test.describe('on iOS Safari', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  });

  test('Install app explains Add to Home Screen', async ({ app, page }) => {
    await app.visit('/landing');
    await page.getByRole('button', { name: 'Install app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install CrewCamp' });
    await expect(dialog).toContainText('Tap the Share button');
    await expect(dialog).toContainText('Add to Home Screen');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});
