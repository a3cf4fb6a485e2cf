/**
 * The Transport page: a ride fills up as members take its seats, the full ride refuses the next
 * claim with the database's message (a claim made offline on a stale view, refused on reconnect),
 * "Who still has no ride" follows, a member offers a ride through the form, and a free event shows
 * the upgrade prompt instead of rides. On an organizer event (premium transport): a return ride with
 * a pick-up point offered through the form, a passenger getting on there, and the ride's fuel and
 * toll split into an expense that the Expenses page shows.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

/** SCREENSHOTS/transport-{name}-phone.png, then the same at desktop width (-desktop.png). */
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `transport-${name}-phone.png`), fullPage: true });
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('aside[aria-label="Sidebar"]')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, `transport-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phone);
}

/** A second member on a phone of their own. */
async function secondPhone(browser: Browser, page: Page) {
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

async function serverSeats(rideId: string) {
  const { data, error } = await serviceClient()
    .from('ride_passengers')
    .select('user_id')
    .eq('ride_id', rideId)
    .is('deleted_at', null);
  if (error) throw error;
  return (data as { user_id: string }[]).map((row) => row.user_id);
}

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('a ride fills up; the full ride refuses a stale claim with the reason; a free event is locked', async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 75_000));
  const ada = await newPerson('Ada Driver', 'starter');
  const bo = await newPerson('Bo Rider');
  const cy = await newPerson('Cy Late');
  const eventId = await seedEvent(ada, 'Gurten by car', [bo, cy]);
  const { data: ride, error } = await ada.client
    .from('rides')
    .insert({
      event_id: eventId,
      seats: 1,
      departure_place: 'Bern station',
      departs_at: '2027-07-16T08:30',
      vehicle: 'Blue van',
    })
    .select('id')
    .single();
  if (error || !ride) throw error ?? new Error('no ride');
  const fay = await newPerson('Fay Free');
  const freeEvent = await seedEvent(fay, 'Free picnic', [bo]);

  // Cy opens the page while the seat is still free, then loses the signal.
  const cyPhone = await secondPhone(browser, page);
  await signInAs(cyPhone.app, cy);
  await openTransport(cyPhone.page, eventId);
  const cyRide = cyPhone.page.getByRole('article', { name: 'Ride from Bern station' });
  await expect(cyRide.getByText('1 of 1 seats free')).toBeVisible();
  await expect(cyRide.getByText('Ada Driver drives · Blue van')).toBeVisible();
  await cyPhone.context.setOffline(true);

  // Bo takes the last seat.
  await signInAs(app, bo);
  await openTransport(page, eventId);
  const noRide = page.getByRole('region', { name: 'Who still has no ride' });
  await expect(noRide).toContainText('Who still has no ride (2)');
  await page
    .getByRole('article', { name: 'Ride from Bern station' })
    .getByRole('button', { name: 'Take a seat' })
    .click();
  const boRide = page.getByRole('article', { name: 'Ride from Bern station' });
  await expect(boRide.getByText('Full')).toBeVisible();
  await expect(boRide.getByRole('list', { name: 'Passengers of the ride from Bern station' })).toHaveText('You');
  await expect(noRide).toContainText('Who still has no ride (1)');
  await expect(noRide).toContainText('Cy Late');
  await expect.poll(() => serverSeats(ride.id), { timeout: 20_000 }).toEqual([bo.id]);

  // Cy, still offline, takes the seat on a view that does not know it is gone: it shows at once,
  // and on reconnect the database refuses it, the seat goes back to Bo and Cy is told why.
  await cyRide.getByRole('button', { name: 'Take a seat' }).click();
  await expect(cyRide.getByRole('list', { name: 'Passengers of the ride from Bern station' })).toHaveText('You');
  await cyPhone.context.setOffline(false);
  const refusal = cyPhone.page.getByRole('alert').filter({ hasText: 'Could not take the seat' });
  await expect(refusal).toContainText('This ride is full.', { timeout: 20_000 });
  await expect(cyRide.getByRole('list', { name: 'Passengers of the ride from Bern station' })).toHaveText('Bo Rider');
  await expect(cyRide.getByRole('button', { name: 'Take a seat' })).toBeDisabled();
  expect(await serverSeats(ride.id)).toEqual([bo.id]);
  await screenshots(cyPhone.page, 'refused');

  // Cy drives instead: offered through the form, and nobody is left without a ride.
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await cyPhone.page.getByRole('button', { name: 'Offer a ride' }).click();
  const form = cyPhone.page.getByRole('dialog', { name: 'Offer a ride' });
  await form.getByLabel('Leaves from').fill('Thun, Bahnhof');
  await form.getByLabel('Leaves at').fill('2027-07-16T10:00');
  await form.getByLabel('Free seats').fill('0');
  await expect(form.getByText('A ride has between 1 and 50 free seats.')).toBeVisible();
  await form.getByLabel('Free seats').fill('3');
  await form.getByLabel('Vehicle').fill('Red Fiat');
  await form.getByRole('button', { name: 'Offer ride' }).click();
  await expect(form).toBeHidden();
  await expect(cyPhone.page.getByRole('article', { name: 'Ride from Thun, Bahnhof' })).toContainText(
    'You drive · Red Fiat',
  );
  await expect(page.getByRole('article', { name: 'Ride from Thun, Bahnhof' })).toContainText('3 of 3 seats free', {
    timeout: 20_000,
  });
  await expect(noRide).toContainText('Everyone has a ride or drives.');
  await screenshots(page, 'rides');
  await cyPhone.context.close();

  // A free event: transport is a starter feature.
  await openTransport(page, freeEvent);
  await expect(page.getByRole('main').getByText('Upgrade to Starter to unlock this feature')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Offer a ride' })).toHaveCount(0);
  await screenshots(page, 'locked');
});

test('premium transport: a return ride with a pick-up point, its costs split into an expense', async ({
  app,
  page,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const ada = await newPerson('Ada Organizer', 'organizer');
  const bo = await newPerson('Bo Rider');
  const eventId = await seedEvent(ada, 'Gurten festival', [bo]);

  await signInAs(app, ada);
  await openTransport(page, eventId);
  await expect(page.getByRole('region', { name: 'Who has no ride home' })).toContainText('Who has no ride home (2)');
  await page.getByRole('button', { name: 'Offer a ride' }).click();
  const form = page.getByRole('dialog', { name: 'Offer a ride' });
  await form.getByLabel('Direction').selectOption('return');
  // A ride home leaves on the event's last day.
  await expect(form.getByLabel('Leaves at')).toHaveValue('2027-07-18T16:00');
  await form.getByLabel('Leaves from').fill('Gurten');
  await form.getByRole('button', { name: 'Add a pick-up point' }).click();
  await form.getByLabel('Pick-up point 1', { exact: true }).fill('Wabern, tram stop');
  await form.getByLabel('Time at point 1').fill('16:20');
  await form.screenshot({ path: path.join(SCREENSHOTS, 'transport-return-form-phone.png') });
  await form.getByRole('button', { name: 'Offer ride' }).click();
  await expect(form).toBeHidden();

  const returns = page.getByRole('region', { name: 'Return rides' });
  const card = returns.getByRole('article', { name: 'Return ride from Gurten' });
  await expect(card.getByRole('list', { name: 'Pick-up points of the return ride from Gurten' })).toHaveText(
    '1. Wabern, tram stop · 16:20',
  );
  await expect(page.getByRole('region', { name: 'Outbound rides' })).toContainText('Outbound (0)');

  // Bo takes a seat from his own phone (here: through the backend) and gets on at Wabern.
  const serverRides = async () =>
    ((await bo.client.from('rides').select('id, stops').eq('event_id', eventId)).data ?? []) as {
      id: string;
      stops: { id: string }[];
    }[];
  await expect.poll(async () => (await serverRides()).length, { timeout: 15_000 }).toBe(1);
  const [ride] = await serverRides();
  expect((await bo.client.rpc('claim_ride_seat', { p_ride_id: ride.id })).data).toMatchObject({ success: true });
  const chosen = await bo.client.rpc('choose_ride_pickup', { p_ride_id: ride.id, p_stop_id: ride.stops[0].id });
  expect(chosen.data).toMatchObject({ success: true });
  await expect(card.getByRole('list', { name: 'Pick-up points of the return ride from Gurten' })).toHaveText(
    '1. Wabern, tram stop · 16:20 (Bo Rider)',
    { timeout: 15_000 },
  );
  await expect(page.getByRole('region', { name: 'Who has no ride home' })).toContainText(
    'Everyone has a ride home or drives.',
  );

  // Ada splits the fuel and toll between the two of them.
  await card.getByRole('button', { name: 'Split costs' }).click();
  const split = page.getByRole('dialog', { name: 'Split the costs' });
  await split.getByLabel('Fuel (CHF)').fill('60');
  await split.getByLabel('Toll (CHF)').fill('40.50');
  await expect(split).toContainText('CHF 100.50 among 2 people: about CHF 50.25 each.');
  await split.getByRole('button', { name: 'Split costs' }).click();
  await expect(split).toBeHidden();
  await expect(card).toContainText('Costs split: CHF 100.50 (fuel CHF 60.00, toll CHF 40.50) among 2 people.');
  await expect(card.getByRole('button', { name: 'Split costs' })).toHaveCount(0);
  await expect
    .poll(
      async () => {
        const { data } = await serviceClient().from('rides').select('cost_split').eq('id', ride.id).single();
        return (data as { cost_split: { fuel_minor: number } | null } | null)?.cost_split?.fuel_minor ?? null;
      },
      { timeout: 20_000 },
    )
    .toBe(6000);
  await screenshots(page, 'premium');

  await card.getByRole('link', { name: 'See expenses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
  const expense = page.getByRole('article', { name: 'Fuel and toll: ride back from Gurten' });
  await expect(expense).toContainText('CHF 100.50');
  await expect(expense).toContainText('Transport');
  const { data: stored } = await serviceClient()
    .from('expenses')
    .select('amount_minor, paid_by, category, shares')
    .eq('event_id', eventId)
    .single();
  expect(stored).toMatchObject({ amount_minor: 10050, paid_by: ada.id, category: 'transport' });
  expect((stored as { shares: { share_minor: number }[] }).shares.map((s) => s.share_minor).sort()).toEqual([
    5025, 5025,
  ]);
});
