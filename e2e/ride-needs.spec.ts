/**
 * "I need a ride" and "Going on my own" (issue 21), on phones at 390 x 844: Amy asks for a ride
 * with a note, Ada (who drives with free seats) sees her under Needs a ride, highlighted; Amy takes
 * a seat in Ada's ride and leaves the list (the database ends her "needs a ride"); Cem goes on his
 * own and is no longer counted as without a ride.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

async function phone(browser: Browser, page: Page) {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
  });
  const other = await context.newPage();
  return { context, page: other, app: new App(other, true) };
}

async function openTransport(page: Page, eventId: string) {
  await page.goto(`/events/${eventId}/transport`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transport' })).toBeVisible({ timeout: 15_000 });
}

async function shot(page: Page, name: string, desktop = false) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `ride-needs-${name}-phone.png`), fullPage: true });
  if (!desktop) return;
  const phoneSize = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('aside[aria-label="Sidebar"]')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, `ride-needs-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phoneSize);
}

/** The live ride statuses of the event on the server. */
async function serverNeeds(eventId: string) {
  const { data, error } = await serviceClient()
    .from('ride_needs')
    .select('user_id, status, note')
    .eq('event_id', eventId)
    .is('deleted_at', null)
    .order('status');
  if (error) throw error;
  return data as { user_id: string; status: string; note: string | null }[];
}

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('a member asks for a ride, the driver sees it, a seat ends it; another goes on their own', async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ada = await newPerson('Ada Driver', 'starter');
  const amy = await newPerson('Amy Asks');
  const cem = await newPerson('Cem Cycles');
  const eventId = await seedEvent(ada, 'Lake weekend', [amy, cem]);
  const { error } = await ada.client
    .from('rides')
    .insert({ event_id: eventId, seats: 2, departure_place: 'Bern station', departs_at: '2027-07-16T08:30' })
    .select('id')
    .single();
  if (error) throw error;

  // Amy says she needs a ride, with a note for the drivers.
  await signInAs(app, amy);
  await openTransport(page, eventId);
  const yourRide = page.getByRole('region', { name: 'Your ride' });
  await expect(yourRide.getByTestId('my-ride-status')).toHaveText('Not decided yet. Tell the crew how you get there.');
  await yourRide.getByLabel('Note for drivers (optional)').fill('From Thun, after 5 pm');
  const ask = yourRide.getByRole('button', { name: 'I need a ride' });
  expect((await ask.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await ask.click();
  await expect(yourRide.getByTestId('my-ride-status')).toHaveText(
    'You need a ride. Drivers see you under Needs a ride.',
  );
  await expect(page.getByRole('region', { name: 'Needs a ride' })).toContainText('You');
  await expect
    .poll(() => serverNeeds(eventId), { timeout: 20_000 })
    .toEqual([{ user_id: amy.id, status: 'needs_ride', note: 'From Thun, after 5 pm' }]);
  await shot(page, 'asked');

  // Ada, driving with two free seats, sees Amy under Needs a ride, highlighted.
  const adaPhone = await phone(browser, page);
  await signInAs(adaPhone.app, ada);
  await openTransport(adaPhone.page, eventId);
  const needs = adaPhone.page.getByRole('region', { name: 'Needs a ride' });
  await expect(needs).toContainText('Needs a ride (1)');
  await expect(needs).toContainText('Amy Asks');
  await expect(needs).toContainText('From Thun, after 5 pm');
  await expect(needs).toContainText('You have 2 free seats in your ride from Bern station.');
  await expect(needs).toHaveAttribute('data-highlighted', 'true');
  await shot(adaPhone.page, 'driver-sees', true);

  // Amy takes a seat in Ada's ride: she leaves the list, on her phone and on Ada's.
  await page
    .getByRole('article', { name: 'Ride from Bern station' })
    .getByRole('button', { name: 'Take a seat' })
    .click();
  await expect(yourRide.getByTestId('my-ride-status')).toHaveText('You have a seat in the ride from Bern station.');
  await expect.poll(() => serverNeeds(eventId), { timeout: 20_000 }).toEqual([]);
  await expect(needs).toContainText('Nobody has asked for a ride.', { timeout: 20_000 });
  await expect(needs).not.toHaveAttribute('data-highlighted', 'true');

  // Cem goes on his own: he is no longer without a ride for anyone.
  const cemPhone = await phone(browser, page);
  await signInAs(cemPhone.app, cem);
  await openTransport(cemPhone.page, eventId);
  const cemRide = cemPhone.page.getByRole('region', { name: 'Your ride' });
  await cemRide.getByRole('button', { name: 'Going on my own' }).click();
  await expect(cemRide.getByTestId('my-ride-status')).toHaveText('You are going on your own.');
  await expect
    .poll(() => serverNeeds(eventId), { timeout: 20_000 })
    .toEqual([{ user_id: cem.id, status: 'own_way', note: null }]);
  await expect(adaPhone.page.getByRole('region', { name: 'Who still has no ride' })).toContainText(
    'Everyone has a ride or drives.',
    { timeout: 20_000 },
  );
  await shot(cemPhone.page, 'own-way');
  await shot(adaPhone.page, 'driver-after');

  // And back to undecided: his row is cleared on the server too.
  await cemRide.getByRole('button', { name: 'Not decided yet' }).click();
  await expect(cemRide.getByTestId('my-ride-status')).toHaveText('Not decided yet. Tell the crew how you get there.');
  await expect.poll(() => serverNeeds(eventId), { timeout: 20_000 }).toEqual([]);

  await adaPhone.context.close();
  await cemPhone.context.close();
});
