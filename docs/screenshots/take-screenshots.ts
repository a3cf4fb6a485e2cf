/**
 * Screenshots of every page of the web app at a phone size (390 x 844) and a desktop size
 * (1280 x 800), light theme, against the e2e stack (built app, seeded backend). Run with
 * `npx tsx docs/screenshots/take-screenshots.ts`; writes the PNGs beside this file.
 */
import { chromium, type Page } from '@playwright/test';
import path from 'node:path';
import { setFeature } from '../../e2e/backend.ts';
import { APP_URL } from '../../e2e/env.ts';
import { startStack } from '../../e2e/stack.ts';

const outDir = import.meta.dirname;
// Sofia's (the admin's) own event: she is a member of it.
const EVENT_ID = 'e0000000-0000-4000-8000-000000000006';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
];

async function shoot(page: Page, name: string, size: string, fullPage = false) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `${name}-${size}.png`), fullPage });
}

const stack = await startStack();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
try {
  for (const size of sizes) {
    const context = await browser.newContext({
      ...size,
      locale: 'en-US',
      timezoneId: 'Europe/Zurich',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await setFeature('waitlist_enabled', true);
    await page.goto(`${APP_URL}/waitlist`);
    await page.getByRole('form', { name: 'Join the waitlist' }).waitFor();
    await shoot(page, 'waitlist', size.name, true);
    await setFeature('waitlist_enabled', false);
    await page.goto(`${APP_URL}/landing`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, 'landing', size.name, true);
    await page.goto(`${APP_URL}/login`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await shoot(page, 'login', size.name);
    await page.goto(`${APP_URL}/register`);
    await page.getByRole('form', { name: 'Create account' }).waitFor();
    await shoot(page, 'register', size.name);
    await page.goto(`${APP_URL}/forgot-password`);
    await page.getByRole('form', { name: 'Reset password' }).waitFor();
    await shoot(page, 'forgot-password', size.name);

    await page.goto(`${APP_URL}/login`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('admin@crewcamp.local');
    await form.getByLabel('Password').fill('crewcamp-admin');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${APP_URL}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await shoot(page, 'dashboard', size.name);
    await page.goto(`${APP_URL}/events/${EVENT_ID}/chat`);
    await page.getByRole('heading', { level: 1, name: 'Group Chat' }).waitFor();
    await shoot(page, 'event-chat', size.name);
    await page.goto(`${APP_URL}/events/${EVENT_ID}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, 'event-overview', size.name);
    if (size.isMobile) {
      // The phone's event tab bar and its More sheet.
      await page.getByRole('navigation', { name: 'Event pages' }).getByRole('button', { name: /^More/ }).click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, 'event-more', size.name);
      await page.keyboard.press('Escape');
    }
    if (size.isMobile) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').waitFor();
      await shoot(page, 'drawer', size.name);
      await page.keyboard.press('Escape');
    }
    await page.goto(`${APP_URL}/admin/settings`);
    await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    await shoot(page, 'admin', size.name);
    await page.goto(`${APP_URL}/profile/details`);
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await shoot(page, 'profile', size.name);
    await page.goto(`${APP_URL}/subscription`);
    await page.getByRole('heading', { level: 1, name: 'Subscription' }).waitFor();
    await shoot(page, 'subscription', size.name);
    await page.evaluate(() => localStorage.setItem('crewcamp-theme', 'dark'));
    await page.goto(`${APP_URL}/dashboard`);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await shoot(page, 'dashboard-dark', size.name);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
