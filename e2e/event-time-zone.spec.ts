/**
 * The event's time zone after creation (issue 21), on a 360 px phone: the organiser finds a zone
 * in the edit form's searchable list while offline, the details show it at once, and the change
 * reaches the server once back online (event.update).
 */
import { serviceClient } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshot } from './admin-helpers.ts';
import { waitForOfflineReady } from './offline-helpers.ts';

test.use({ viewport: { width: 360, height: 780 } });

const zoneOf = async (eventId: string) =>
  (await serviceClient().from('events').select('time_zone').eq('id', eventId).single()).data?.time_zone;

test('an organiser changes the time zone offline from a searchable list', async ({ app, page, context }, testInfo) => {
  test.setTimeout(90_000);
  const kai = await newPerson('Kai Zone');
  const mo = await newPerson('Mo Member');
  const eventId = await seedEvent(kai, 'Tokyo trip', [mo]);
  expect(await zoneOf(eventId)).toBe('Europe/Zurich');

  await signInAs(app, kai);
  await page.goto(`/events/${eventId}`);
  await expect(page.getByText('Times in Europe/Zurich')).toBeVisible({ timeout: 20_000 });

  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  const zone = edit.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue(/^Europe\/Zurich \(GMT\+[12]\)$/);
  await zone.fill('tokyo');
  const tokyo = edit.getByRole('option', { name: /^Asia\/Tokyo \(GMT\+9\)/ });
  await expect(tokyo).toBeVisible();
  await expect(edit.getByRole('listbox').getByRole('option')).toHaveCount(1);
  const box = await tokyo.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await screenshot(page, testInfo, 'event-time-zone-search', false);
  await tokyo.click();
  await expect(zone).toHaveValue('Asia/Tokyo (GMT+9)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Times in Asia/Tokyo')).toBeVisible();
  expect(await zoneOf(eventId)).toBe('Europe/Zurich');

  await context.setOffline(false);
  await expect.poll(() => zoneOf(eventId), { timeout: 30_000 }).toBe('Asia/Tokyo');
  await screenshot(page, testInfo, 'event-time-zone-details');
});
