/**
 * Working offline and coming back: changes show at once and wait on the device, the shell's
 * banner says how many, and on reconnect each reaches the server exactly once (checked with the
 * service role); a refusal is explained in words; two tabs share one queue; an access token that
 * expires offline keeps the user signed in; sign-out asks before losing unsent changes.
 */
import { screenshot } from './admin-helpers.ts';
import { App } from './app.ts';
import { setSwitches } from './backend.ts';
import { createEventInUi, newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import {
  deviceDatabases,
  expectWaiting,
  serverEvents,
  serverInvitations,
  serverProfile,
  syncBanner,
  TINY_PNG,
  waitForOfflineReady,
} from './offline-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('the campsite journey: a day of changes offline reaches the server once', async ({
  app,
  page,
  context,
  isMobile,
}, testInfo) => {
  // Two pages, a reload offline, five changes and their arrival: a busy 2-core runner with two
  // browser workers took over 60 s for the whole journey (its steps keep their own waits).
  test.setTimeout(120_000);
  const ada = await newPerson('Ada Camper');
  await signInAs(app, ada);
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(syncBanner(page)).toHaveText("You're offline. Some features may be limited.");

  await createEventInUi(page, 'Lake trip');
  await expectWaiting(page, 1);
  await page.getByRole('link', { name: 'Lake trip' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lake trip' })).toBeVisible();
  await app.expectPath(/^\/events\/temp-/);
  const eventPath = new URL(page.url()).pathname;
  // No one could join by the local id: the card says when the link comes instead.
  const joinCard = page.getByRole('region', { name: 'Join link' });
  await expect(joinCard).toContainText('The join link appears once this event has reached the server.');
  await expect(joinCard.getByRole('img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Location').fill('Lake Sils, Engadin');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lake Sils, Engadin')).toBeVisible();

  await page
    .getByRole('region', { name: /Who is coming/ })
    .getByRole('button', { name: 'Members' })
    .click();
  const members = page.getByRole('dialog', { name: 'Event Members' });
  await expect(members.getByText('The join link appears once this event has reached the server.')).toBeVisible();
  await members.getByRole('tab', { name: 'Invitations' }).click();
  await members.getByLabel('Email address').fill('bo.camper@example.com');
  await members.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(members.getByRole('listitem', { name: 'Invitation to bo.camper@example.com' })).toBeVisible();
  await members.getByRole('button', { name: 'Close' }).first().click();
  await expect(members).toBeHidden();

  const nav = await app.sidebar();
  await nav.getByRole('link', { name: 'My Profile' }).click();
  await page.getByLabel('Full name').fill('Ada Lakeside');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await page.getByLabel('Upload a profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expectWaiting(page, 5);
  expect(await serverEvents(ada.id)).toEqual([]);

  // The page closes; opened again (still offline) everything is there, waiting.
  await page.close();
  const again = await context.newPage();
  const reopened = new App(again, isMobile);
  await reopened.visit(eventPath);
  await expect(again.getByRole('heading', { level: 1, name: 'Lake trip' })).toBeVisible();
  await expect(again.getByText('Lake Sils, Engadin')).toBeVisible();
  await expectWaiting(again, 5);
  await screenshot(again, testInfo, 'sync-offline', false);

  // Back online: everything arrives once, the temp id gives way to the real one.
  await context.setOffline(false);
  // The five changes, the avatar upload among them, reach the server in 1.4-3.5 s (six runs, load
  // 5-8); this page never saw an 'online' event, so the Realtime channel subscribing again is what
  // says the network is back, and its retries are up to 10 s apart after a long time offline. A
  // runner about 2.5 times slower than ours missed 15 s twice (stop 33), so the wait is 30 s.
  await expect(syncBanner(again)).toHaveText('All changes saved', { timeout: 30_000 });
  await screenshot(again, testInfo, 'sync-saved', false);
  await expect(syncBanner(again)).toBeHidden({ timeout: 10_000 });
  const events = await serverEvents(ada.id);
  expect(events).toEqual([expect.objectContaining({ name: 'Lake trip', location: 'Lake Sils, Engadin' })]);
  expect(await serverInvitations(events[0].id)).toEqual([
    { recipient_email: 'bo.camper@example.com', status: 'pending' },
  ]);
  const profile = await serverProfile(ada.id);
  expect(profile.name).toBe('Ada Lakeside');
  expect(profile.avatar).toMatch(/\/storage\/v1\/object\/public\/avatars\//);
  await reopened.expectPath(`/events/${events[0].id}`);
  await expect(again.getByRole('textbox', { name: 'Join link' })).toHaveValue(
    new RegExp(`/join\\?id=${events[0].id}$`),
  );
  await expect(again.getByRole('img', { name: 'QR code to join Lake trip' })).toBeVisible();
  await (await reopened.sidebar()).getByRole('link', { name: 'Dashboard' }).click();
  await expect(
    again.getByRole('article', { name: 'Lake trip' }).getByRole('link', { name: 'Lake trip' }),
  ).toHaveAttribute('href', `/events/${events[0].id}`);
});

test('a change the server refuses after reconnecting disappears and is explained in words', async ({
  app,
  page,
  context,
}, testInfo) => {
  const noa = await newPerson('Noa Free');
  await seedEvent(noa, 'Spring hike');
  await signInAs(app, noa);
  await waitForOfflineReady(page);
  await expect(page.getByRole('article', { name: 'Spring hike' })).toBeVisible();
  await context.setOffline(true);
  // Meanwhile, on another device, Noa makes a second active event: the server now holds two.
  await seedEvent(noa, 'Summer fest');

  await createEventInUi(page, 'Autumn camp');
  await expectWaiting(page, 1);
  await context.setOffline(false);

  await expect(page.getByRole('article', { name: 'Autumn camp' })).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('article', { name: 'Summer fest' })).toBeVisible();
  await syncBanner(page).getByRole('button', { name: '1 change not saved' }).click();
  const panel = page.getByRole('dialog', { name: 'Changes not saved' });
  const entry = panel.getByRole('listitem');
  await expect(entry).toContainText('Create event "Autumn camp"');
  await expect(entry).toContainText('Your free plan allows 2 active events at once.');
  await screenshot(page, testInfo, 'sync-refused', false);
  await entry.getByRole('button', { name: 'Discard: Create event "Autumn camp"' }).click();
  await expect(syncBanner(page)).toBeHidden();
  expect((await serverEvents(noa.id)).map((event) => event.name)).toEqual(['Spring hike', 'Summer fest']);
});

test('two tabs offline share one queue: each change reaches the server once', async ({ app, page, context }) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const kai = await newPerson('Kai Tabs', 'starter');
  await signInAs(app, kai);
  await waitForOfflineReady(page);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(other.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

  await context.setOffline(true);
  await createEventInUi(page, 'From the first tab');
  await createEventInUi(other, 'From the second tab');
  // Each tab sees the other's change (one device database).
  await expect(page.getByRole('article', { name: 'From the second tab' })).toBeVisible();
  await expect(other.getByRole('article', { name: 'From the first tab' })).toBeVisible();
  await expectWaiting(page, 2);
  await expectWaiting(other, 2);

  await context.setOffline(false);
  // Sent, then "All changes saved" for a moment, then nothing.
  await expect(syncBanner(page)).toBeHidden({ timeout: 25_000 });
  await expect(syncBanner(other)).toBeHidden({ timeout: 25_000 });
  expect((await serverEvents(kai.id)).map((event) => event.name)).toEqual([
    'From the first tab',
    'From the second tab',
  ]);
});

test('an access token that expires offline keeps the user signed in; the session refreshes on reconnect', async ({
  app,
  page,
  context,
}) => {
  const ivo = await newPerson('Ivo Expiry');
  await signInAs(app, ivo);
  await waitForOfflineReady(page);
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/auth/v1/token?grant_type=refresh_token')) refreshes.push(response.status());
  });
  let failedRefreshes = 0;
  page.on('requestfailed', (request) => {
    if (request.url().includes('/auth/v1/token?grant_type=refresh_token')) failedRefreshes++;
  });

  await context.setOffline(true);
  // Two hours pass on the device: the one-hour access token has expired.
  await page.clock.setSystemTime(Date.now() + 2 * 60 * 60 * 1000);
  // The app opened again: it starts from the stored session at once, while the auth client tries
  // to refresh the expired token (which fails offline, again and again for about 25 s).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await createEventInUi(page, 'Night hike');
  await expect.poll(() => failedRefreshes, { timeout: 20_000 }).toBeGreaterThan(0);
  // Still signed in with the data on the device.
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Night hike' })).toBeVisible();
  await expectWaiting(page, 1);

  await context.setOffline(false);
  await expect.poll(() => refreshes.includes(200), { timeout: 15_000 }).toBe(true);
  await expect(syncBanner(page)).toBeHidden({ timeout: 15_000 });
  expect((await serverEvents(ivo.id)).map((event) => event.name)).toEqual(['Night hike']);
  await app.expectPath('/dashboard');
});

test('signing out with unsent changes asks first; Cancel keeps them, signing out anyway deletes them', async ({
  app,
  page,
  context,
}, testInfo) => {
  const una = await newPerson('Una Sent');
  await signInAs(app, una);
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await createEventInUi(page, 'Unsent plan');

  let nav = await app.sidebar();
  await nav.getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Sign out with unsent changes?' });
  await expect(ask).toContainText('1 change has not been sent yet. If you sign out now it is lost.');
  await screenshot(page, testInfo, 'sign-out-unsent', false);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await app.expectPath('/dashboard');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('article', { name: 'Unsent plan' })).toBeVisible();
  await expectWaiting(page, 1);
  expect(await deviceDatabases(page)).toContain(`crewcamp-${una.id}`);

  nav = await app.sidebar();
  await nav.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out anyway' }).click();
  await app.expectPath('/login');
  await page.waitForLoadState('load');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => deviceDatabases(page)).not.toContain(`crewcamp-${una.id}`);
  await context.setOffline(false);
  expect(await serverEvents(una.id)).toEqual([]);
});
