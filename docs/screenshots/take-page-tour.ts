/**
 * Every page of the web app at 360 px (the narrowest phone) and 1280 px wide, light theme, against
 * the e2e stack (built app, seeded backend): signed out, then as Sofia (site admin, organizer plan,
 * member of "Open Air Kino"), so the organizer dashboard, every event page, every profile tab and
 * every admin tab are open. Full-page shots named `page-<route>-<width>.png`, written beside this
 * file (run by `npm run screenshots`, or `npx tsx docs/screenshots/take-page-tour.ts`).
 */
import { chromium, type Page } from '@playwright/test';
import path from 'node:path';
import { setFeature } from '../../e2e/backend.ts';
import { APP_URL } from '../../e2e/env.ts';
import { startStack } from '../../e2e/stack.ts';
import { ADMIN_TABS, PROFILE_TABS } from '../../src/lib/paths.ts';

const outDir = import.meta.dirname;
const EVENT_ID = 'e0000000-0000-4000-8000-000000000006';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

const SIZES = [
  { width: 360, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  { width: 1280, viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
];

// The waitlist page with the waitlist on; the others with it off (on, /login and /register lead to it).
const SIGNED_OUT = ['/landing', '/login', '/register', '/forgot-password'];
const SIGNED_IN = [
  '/dashboard',
  '/organizer',
  '/subscription',
  ...PROFILE_TABS.map((tab) => `/profile/${tab}`),
  ...ADMIN_TABS.map((tab) => `/admin/${tab}`),
  ...['', '/chat', '/checklists', '/expenses', '/schedule', '/transport', '/camp-planner'].map(
    (page) => `/events/${EVENT_ID}${page}`,
  ),
];

/** `/events/<id>/chat` → `event-chat`; `/profile/details` → `profile-details`. */
const nameOf = (route: string) =>
  route.replace(`/events/${EVENT_ID}`, '/event').replace(/^\//, '').replaceAll('/', '-') || 'root';

async function shoot(page: Page, route: string, width: number) {
  await page.goto(`${APP_URL}${route}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
  // Lazy parts and the device database's first answers settle.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(700);
  await page.screenshot({ path: path.join(outDir, `page-${nameOf(route)}-${width}.png`), fullPage: true });
}

const stack = await startStack();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
try {
  for (const size of SIZES) {
    const context = await browser.newContext({
      ...size,
      locale: 'en-US',
      timezoneId: 'Europe/Zurich',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await setFeature('waitlist_enabled', true);
    await shoot(page, '/waitlist', size.width);
    await setFeature('waitlist_enabled', false);
    for (const route of SIGNED_OUT) await shoot(page, route, size.width);
    await page.goto(`${APP_URL}/login`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('admin@crewcamp.local');
    await form.getByLabel('Password').fill('crewcamp-admin');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${APP_URL}/dashboard`);
    // The device's first pull has brought the admin's events (before it the home says they are on their way).
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor({ timeout: 30_000 });
    for (const route of SIGNED_IN) await shoot(page, route, size.width);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
