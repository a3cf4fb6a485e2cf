/**
 * The per-member calendar feed on the schedule page (issue 21): a member creates their secret
 * calendar link (shown once, with Copy and a webcal:// link), a calendar app's fetch of it finds
 * the schedule item in the event's time zone, and rotating it makes the old link answer 404.
 */
import path from 'node:path';
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('subscribe in your calendar: the link serves the schedule, rotating it stops the old one', async ({
  app,
  page,
  context,
  request,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ada = await newPerson('Ada Feed');
  const eventId = await seedEvent(ada, 'Lake weekend');
  const seeded = await ada.client
    .from('schedule_items')
    .insert({ event_id: eventId, title: 'Sunrise swim', starts_at: '2027-07-17T06:30', ends_at: '2027-07-17T07:15' });
  expect(seeded.error).toBeNull();
  await signInAs(app, ada);
  await page.goto(`/events/${eventId}/schedule`);

  const card = page.getByRole('region', { name: 'Subscribe in your calendar' });
  await card.getByRole('button', { name: 'Create calendar link' }).click();
  const link = card.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/functions\/v1\/calendar-feed\?token=/);
  const first = await link.inputValue();
  await expect(card.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    first.replace(/^https?:\/\//, 'webcal://'),
  );
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(card.getByText('Link copied.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  const box = await card.getByRole('button', { name: 'Rotate link' }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  // From the top, as a full-page shot with the page scrolled repeats the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'calendar-feed-phone.png'), fullPage: true });

  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const text = await feed.text();
  expect(text).toContain('SUMMARY:Lake weekend: Sunrise swim');
  expect(text).toMatch(/DTSTART;TZID=Europe\/Zurich:20270717T063000/);

  await card.getByRole('button', { name: 'Rotate link' }).click();
  await expect(link).not.toHaveValue(first);
  const second = await link.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  await card.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByText('Your calendar link is turned off.', { exact: false })).toBeVisible();
  await expect(link).toBeHidden();
  expect((await request.get(second)).status()).toBe(404);
  await expect(card.getByRole('button', { name: 'Create calendar link' })).toBeEnabled();

  // The token is made by the server: offline the card says so and offers nothing to press.
  await context.setOffline(true);
  await expect(card.getByText('You are offline. Connect to the internet', { exact: false })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Create calendar link' })).toBeDisabled();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'calendar-feed-offline-desktop.png'), fullPage: true });
  await context.setOffline(false);
});
