/**
 * Screenshots of the data screens (dashboard, create dialog, event overview, members dialog,
 * notifications, profile, join page) at a phone and a desktop size, as a seed organizer, against
 * the e2e stack. Run with `npx tsx docs/screenshots/take-data-screenshots.ts`; writes data-*.png here.
 */
import { chromium, type Page } from '@playwright/test';
import path from 'node:path';
import { MARCO, setFeature } from '../../e2e/backend.ts';
import { newPerson, seedEvent } from '../../e2e/data-helpers.ts';
import { APP_URL } from '../../e2e/env.ts';
import { startStack } from '../../e2e/stack.ts';

const outDir = import.meta.dirname;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];
const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
];

async function shoot(page: Page, name: string, size: string, fullPage = false) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(outDir, `data-${name}-${size}.png`), fullPage });
}

const stack = await startStack();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
try {
  await setFeature('waitlist_enabled', false);
  const host = await newPerson('Sara Lindqvist');
  const guest = await newPerson('Tom Becker');
  const eventId = await seedEvent(host, 'Lakeside crew weekend', [guest]);
  await host.client
    .from('event_invitations')
    .insert({ event_id: eventId, recipient_email: MARCO.email, message: 'Come camping with us at the lake!' });
  for (const size of sizes) {
    const context = await browser.newContext({
      ...size,
      locale: 'en-US',
      timezoneId: 'Europe/Zurich',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await page.goto(`${APP_URL}/login`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(MARCO.email);
    await form.getByLabel('Password').fill(MARCO.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${APP_URL}/dashboard`);
    await page.getByRole('article').first().waitFor();
    await shoot(page, 'dashboard', size.name, true);
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.getByRole('dialog', { name: 'Create an event' }).waitFor();
    await shoot(page, 'create-event', size.name);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Notifications/ }).click();
    await page.getByRole('listitem', { name: 'Invitation to Lakeside crew weekend' }).waitFor();
    await shoot(page, 'notifications', size.name);
    await page.keyboard.press('Escape');

    await page.getByRole('article').first().getByRole('link').first().click();
    await page.getByRole('region', { name: /Who is coming/ }).waitFor();
    await shoot(page, 'event', size.name, true);
    await page
      .getByRole('region', { name: /Who is coming/ })
      .getByRole('button', { name: 'Members' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Event Members' });
    await dialog.getByRole('listitem').first().waitFor();
    await shoot(page, 'members', size.name);
    await dialog.getByRole('tab', { name: 'Invitations' }).click();
    await shoot(page, 'invitations', size.name);
    await page.keyboard.press('Escape');

    await page.goto(`${APP_URL}/profile/details`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await shoot(page, 'profile', size.name, true);
    await page.goto(`${APP_URL}/join?id=${eventId}`);
    await page.getByRole('button', { name: 'Join event' }).waitFor();
    await shoot(page, 'join', size.name);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
}
