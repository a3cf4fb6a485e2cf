/**
 * System notifications in Chromium (issue 19): the built app's service worker gets Web Push
 * messages through the DevTools protocol (`ServiceWorker.deliverPushMessage`, which hands the
 * worker a 'push' event as the browser does after decrypting one), shows each as a notification
 * (notification permission granted to the app, as a member does), keeps one per event (tag) with
 * a count, and a tap takes the open app window to the notification's page.
 *
 * The payloads are what send-push sends (supabase/functions/_shared/push.ts `PushPayload`; the
 * backend test tests/backend/push.test.ts decrypts real ones). Chromium has no way to click a
 * notification from a test, so the tap is a 'notificationclick' event for the shown notification,
 * dispatched in the worker; its waitUntil is kept by the test, as the browser would keep it.
 */
import type { CDPSession } from '@playwright/test';
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { APP_URL } from './env.ts';
import { expect, test } from './fixtures.ts';
import { waitForServiceWorker } from './pwa-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: { path: string; count: number; notificationIds: string[] };
}

async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(APP_URL));
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('pushes show as notifications, one per event, and a tap opens the page in the app', async ({
  app,
  page,
  context,
}) => {
  const ada = await newPerson('Ada Push');
  const festival = await seedEvent(ada, 'Push festival');
  const hike = await seedEvent(ada, 'Push hike');
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  await signInAs(app, ada);
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');

  const cdp = await context.newCDPSession(page);
  const registration = await registrationId(cdp);
  const push = (payload: Record<string, unknown>) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: APP_URL,
      registrationId: registration,
      data: JSON.stringify(payload),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as Shown['data'],
      })),
    );
  const payload = (eventId: string, eventName: string, title: string, body: string, path: string) => ({
    title,
    body,
    tag: eventId,
    path,
    kind: 'ride_seat_taken',
    category: 'rides',
    event_id: eventId,
    event_name: eventName,
    notification_id: crypto.randomUUID(),
    priority: false,
    count: 1,
  });

  await push(
    payload(
      festival,
      'Push festival',
      'Noah took a seat in your ride',
      'Bern station, Fri 16 Jul, 08:00',
      `/events/${festival}/transport`,
    ),
  );
  await expect.poll(shown).toEqual([
    {
      title: 'Noah took a seat in your ride',
      body: 'Bern station, Fri 16 Jul, 08:00',
      tag: festival,
      data: expect.objectContaining({ path: `/events/${festival}/transport`, count: 1 }),
    },
  ]);

  // A second one of the same event replaces it and says how many it stands for; another event's is apart.
  await push(
    payload(festival, 'Push festival', 'Lea added "Gas"', 'CHF 12.00 paid by Lea', `/events/${festival}/chat`),
  );
  await push(payload(hike, 'Push hike', 'Hike moved', 'Date: Sat 17 Jul 2027', `/events/${hike}`));
  await expect.poll(async () => (await shown()).length).toBe(2);
  const [grouped] = (await shown()).filter((n) => n.tag === festival);
  expect(grouped).toMatchObject({
    title: 'Push festival',
    body: 'Lea added "Gas": CHF 12.00 paid by Lea\n2 new notifications',
    data: { path: `/events/${festival}/chat`, count: 2 },
  });
  expect(grouped.data.notificationIds).toHaveLength(2);

  // A push that is not ours (no JSON, no title) shows nothing.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: APP_URL, registrationId: registration, data: 'ping' });

  // The tap on the festival's notification: the open window goes to its page.
  const [worker] = context.serviceWorkers();
  await worker.evaluate(async (tag) => {
    // The worker's globals (this file is type-checked with the page's library, not the worker's).
    const scope = self as unknown as {
      registration: { getNotifications(filter: { tag: string }): Promise<Notification[]> };
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    const tap = new scope.NotificationEvent('notificationclick', { notification });
    const kept: Promise<unknown>[] = [];
    Object.defineProperty(tap, 'waitUntil', { value: (promise: Promise<unknown>) => kept.push(promise) });
    scope.dispatchEvent(tap);
    await Promise.all(kept);
  }, festival);
  await app.expectPath(`/events/${festival}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Group Chat' })).toBeVisible();
  // The tapped notification is gone; the hike's stays.
  await expect.poll(async () => (await shown()).map((n) => n.tag)).toEqual([hike]);
});
