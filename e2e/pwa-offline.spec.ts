/**
 * The installed app offline: after one online visit, every page a signed-in member uses reloads
 * with the network off, served by the service worker's precache, with its data from the device.
 */
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { waitForServiceWorker } from './pwa-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

// The cache does not depend on the viewport: the phone project (no @desktop tag) is enough for fourteen reloads.
test('every signed-in page reloads offline from the cache, with its data', async ({ app, page, context }) => {
  // Fourteen reloads on a busy 2-core runner.
  test.setTimeout(120_000);
  const ada = await newPerson('Ada Offline');
  const bo = await newPerson('Bo Tentmate');
  const eventId = await seedEvent(ada, 'Offline festival', [bo]);
  const { error } = await ada.client.rpc('send_friend_request', { p_recipient_email: bo.email });
  expect(error).toBeNull();

  await signInAs(app, ada);
  await expect(page.getByRole('link', { name: 'Offline festival' })).toBeVisible();
  await waitForServiceWorker(page);
  // The friends page pulls its lists: see them online once, so they are on the device.
  await app.visit('/profile/friends');
  await expect(page.getByRole('list', { name: 'Sent friend requests' })).toContainText('Bo Tentmate');

  await context.setOffline(true);
  const pages: Array<[string, () => Promise<void>]> = [
    ['/dashboard', () => expect(page.getByRole('link', { name: 'Offline festival' })).toBeVisible()],
    [
      `/events/${eventId}`,
      async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'Offline festival' })).toBeVisible();
        await expect(page.getByRole('region', { name: /Who is coming \(2\)/ })).toContainText('Bo Tentmate');
      },
    ],
    ...(['chat', 'checklists', 'expenses', 'schedule', 'transport', 'camp-planner'] as const).map(
      (section, i): [string, () => Promise<void>] => [
        `/events/${eventId}/${section}`,
        () =>
          expect(
            page.getByRole('heading', {
              level: 1,
              name: ['Group Chat', 'Checklists', 'Expenses', 'Schedule', 'Transport', 'Site Planner'][i],
            }),
          ).toBeVisible(),
      ],
    ),
    ['/profile/details', () => expect(page.getByLabel('Full name')).toHaveValue('Ada Offline')],
    [
      '/profile/notifications',
      () => expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible(),
    ],
    ['/profile/subscription', () => expect(page.getByText('Upgrading needs a connection.')).toBeVisible()],
    [
      '/profile/friends',
      () => expect(page.getByRole('list', { name: 'Sent friend requests' })).toContainText('Bo Tentmate'),
    ],
    ['/subscription', () => expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible()],
  ];
  for (const [path, expectContent] of pages) {
    await test.step(path, async () => {
      await app.visit(path);
      await app.expectPath(path);
      await expectContent();
    });
  }
  // Served by the service worker, not the network (which is off).
  const fromWorker = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceResourceTiming).workerStart > 0,
  );
  expect(fromWorker).toBe(true);
  await context.setOffline(false);
});

test('a session an earlier version kept in localStorage moves to IndexedDB, still signed in', async ({ app, page }) => {
  const cy = await newPerson('Cy Returning');
  await signInAs(app, cy);
  // Put the session back where the earlier version kept it, as an updated device would have it.
  const key = await page.evaluate(async () => {
    const open = indexedDB.open('crewcamp-auth');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const store = db.transaction('session', 'readwrite').objectStore('session');
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = store.getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
    const name = String(keys.find((k) => String(k).endsWith('-auth-token')));
    const value = await new Promise<string>((resolve) => {
      const request = store.get(name);
      request.onsuccess = () => resolve(request.result as string);
    });
    store.delete(name);
    await new Promise((resolve) => (store.transaction.oncomplete = resolve));
    db.close();
    localStorage.setItem(name, value);
    return name;
  });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await app.expectPath('/dashboard');
  expect(await page.evaluate((name) => localStorage.getItem(name), key)).toBeNull();
  const moved = await page.evaluate(async (name) => {
    const open = indexedDB.open('crewcamp-auth');
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const request = db.transaction('session').objectStore('session').get(name);
    const value = await new Promise<unknown>((resolve) => (request.onsuccess = () => resolve(request.result)));
    db.close();
    return typeof value === 'string' && value.includes('refresh_token');
  }, key);
  expect(moved).toBe(true);
});
