/**
 * Issue 24, event notes: the organizer edits the pinned notes on the overview while offline; they
 * show at once, wait in the outbox and reach the server once the signal is back; a member's
 * overview then shows them with line breaks kept, the link clickable and the phone number
 * tappable, and offers no editing. Screenshots under test-results/.
 */
import type { Browser, Page } from '@playwright/test';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectWaiting, syncBanner, waitForOfflineReady } from './offline-helpers.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

const NOTES =
  'Gate B, Seestrasse 12\nWifi: lakeside-2027\n\nTickets: https://tickets.example.com/gurten\nEmergency: +41 79 123 45 67';

async function otherDevice(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, locale: 'en-US' });
  const other = await context.newPage();
  return { context, page: other, app: new App(other, false) };
}

const serverNotes = async (eventId: string) =>
  (await serviceClient().from('event_notes').select('body').eq('event_id', eventId).single()).data?.body;

test('notes edited offline by the organizer reach a member after reconnecting', async ({
  page,
  app,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const eva = await newPerson('Eva Organizer', 'starter');
  const finn = await newPerson('Finn Member');
  const eventId = await seedEvent(eva, 'Gurten Festival', [finn]);
  const project = test.info().project.name;

  await signInAs(app, eva);
  await page.goto(`/events/${eventId}`);
  const card = page.getByRole('region', { name: 'Event notes' });
  await expect(card.getByRole('button', { name: 'Add notes' })).toBeVisible({ timeout: 20_000 });
  await waitForOfflineReady(page);

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Add notes' }).click();
  await card.getByRole('textbox', { name: 'Notes for the whole crew' }).fill('x'.repeat(4001));
  await expect(card.getByRole('button', { name: 'Save notes' })).toBeDisabled();
  await card.getByRole('textbox', { name: 'Notes for the whole crew' }).fill(NOTES);
  await page.screenshot({ path: screenshotPath(`event-notes-edit-${project}.png`), fullPage: true });
  await card.getByRole('button', { name: 'Save notes' }).click();
  await expect(card).toContainText('Wifi: lakeside-2027');
  await expectWaiting(page, 1);
  expect(await serverNotes(eventId)).toBe('');

  await context.setOffline(false);
  await expect(syncBanner(page)).toHaveText('All changes saved', { timeout: 20_000 });
  await expect.poll(() => serverNotes(eventId), { timeout: 15_000 }).toBe(NOTES);
  await page.screenshot({ path: screenshotPath(`event-notes-saved-${project}.png`), fullPage: true });

  const member = await otherDevice(browser, page);
  await signInAs(member.app, finn);
  await member.page.goto(`/events/${eventId}`);
  const seen = member.page.getByRole('region', { name: 'Event notes' });
  await expect(seen).toContainText('Wifi: lakeside-2027', { timeout: 20_000 });
  await expect(seen.getByRole('link', { name: 'https://tickets.example.com/gurten' })).toHaveAttribute(
    'href',
    'https://tickets.example.com/gurten',
  );
  await expect(seen.getByRole('link', { name: '+41 79 123 45 67' })).toHaveAttribute('href', 'tel:+41791234567');
  // Line breaks are kept: the address and the wifi are on separate lines.
  const text = await seen.locator('p').first().innerText();
  expect(text).toContain('Gate B, Seestrasse 12\nWifi: lakeside-2027');
  await expect(seen.getByRole('button', { name: /Edit notes|Add notes/ })).toHaveCount(0);
  expect(await member.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    member.page.viewportSize()!.width,
  );
  await member.page.screenshot({ path: screenshotPath(`event-notes-member-${project}.png`), fullPage: true });
  await member.context.close();
});
