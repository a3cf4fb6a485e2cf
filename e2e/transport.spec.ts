/**
 * The Transport page: a ride fills up as members take its seats, the full ride refuses the next
 * claim with the database's message (a claim made offline on a stale view, refused on reconnect),
 * "Who still has no ride" follows, a member offers a ride through the form, and a free event shows
 * the upgrade prompt instead of rides.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

/** docs/screenshots/transport-{name}-phone.png, then the same at desktop width (-desktop.png). */
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

test('a ride fills up; the full ride refuses a stale claim with the reason; a free event is locked @phone', async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(75_000);
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
  await expect.poll(() => serverSeats(ride.id)).toEqual([bo.id]);

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
