/**
 * Issue 19 on a phone: two members of an event; Eva mentions Finn in the chat and assigns him a
 * checklist item; Finn's bell counts both (realtime, no reload), lists them under the event, opens
 * the checklist from the bell (the count drops) and marks the rest read. Screenshots at 390 px and
 * 1280 px under test-results/.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { APP_URL } from './env.ts';
import { expect, test } from './fixtures.ts';
import { waitForServiceWorker } from './pwa-helpers.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

/** SCREENSHOTS/notifications-{name}-phone.png, then the same at 1280 × 800 (-desktop). */
async function screenshots(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `notifications-${name}-phone.png`) });
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `notifications-${name}-desktop.png`) });
  if (phone) await page.setViewportSize(phone);
  await page.waitForTimeout(300);
}

async function assignItem(owner: Person, eventId: string, assignee: Person, text: string) {
  const { data, error } = await owner.client
    .from('checklists')
    .insert({ event_id: eventId, title: 'Packing list', kind: 'packing' })
    .select('id')
    .single();
  if (error || !data) throw error ?? new Error('no list');
  const { error: itemError } = await owner.client
    .from('checklist_items')
    .insert({ checklist_id: data.id, text, quantity: 1, position: 'V1', assignee_id: assignee.id });
  if (itemError) throw itemError;
}

/**
 * Chromium's push service is Google's (FCM), which this machine cannot reach: its subscribe()
 * fails here. This stands in for the browser's PushManager with a subscription as a push service
 * would give (an endpoint, a real P-256 key and auth secret), so the app's own step (permission,
 * the VAPID key from the backend, register_push_subscription, unsubscribe and the row's removal)
 * runs for real against the backend. Nothing else is replaced.
 */
async function standInPushService(page: Page) {
  await page.addInitScript(() => {
    const b64 = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      if (!options?.applicationServerKey) throw new DOMException('No VAPID key', 'InvalidAccessError');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const endpoint = `https://push.example.test/send/${crypto.randomUUID()}`;
      current = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
  });
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('a mention and an assignment reach the bell; opening one from it and mark all read drop the count', async ({
  page,
  app,
}) => {
  const eva = await newPerson('Eva', 'organizer');
  const finn = await newPerson('Finn');
  const eventId = await seedEvent(eva, 'Gurten Festival', [finn]);
  await signInAs(app, finn);
  // Being added to the event is the first one.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });

  const posted = Date.now();
  const { error } = await eva.client
    .from('chat_messages')
    .insert({ event_id: eventId, body: '@Finn can you bring the gas?' });
  if (error) throw error;
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 15_000 });
  console.info(`notification to bell (realtime): ${Date.now() - posted} ms`);
  await assignItem(eva, eventId, finn, 'Camping stove');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread', { timeout: 15_000 });

  await bell(page).click();
  const list = page.getByRole('list', { name: 'Notifications: Gurten Festival' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('Eva assigned you "Camping stove"');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Eva mentioned you in Gurten Festival');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Eva added you to Gurten Festival');
  await screenshots(page, 'bell');

  await list.getByRole('link', { name: 'Eva assigned you "Camping stove"' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/checklists$`));
  await expect(page.getByRole('main').getByText('Camping stove', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  await bell(page).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  // The read marks reached the server: the rows' read_at, shared by Finn's devices.
  await expect
    .poll(async () => {
      const { data } = await finn.client.from('notifications').select('read_at').is('read_at', null);
      return data?.length;
    })
    .toBe(0);
});

test('settings are saved for the backend, and Allow notifications subscribes this device', async ({
  page,
  app,
  context,
}) => {
  const finn = await newPerson('Finn');
  await context.grantPermissions(['notifications'], { origin: APP_URL });
  await standInPushService(page);
  await signInAs(app, finn);
  await page.goto('/profile/notifications');
  await waitForServiceWorker(page);
  const chatInApp = page.getByRole('group', { name: 'Chat messages' }).getByRole('checkbox', { name: 'In app' });
  await expect(chatInApp).not.toBeChecked();
  await chatInApp.check({ force: true });
  await page.getByRole('group', { name: 'Money' }).getByRole('checkbox', { name: 'Mail' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Quiet hours' }).check({ force: true });
  await page.getByLabel('From').fill('23:00');
  await page.getByLabel('Until').fill('06:30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  const settings = async () => {
    const { data } = await finn.client
      .from('notification_settings')
      .select('channels, quiet_hours_enabled, quiet_hours_start, quiet_hours_end, time_zone')
      .single();
    return data;
  };
  await expect.poll(settings).toMatchObject({
    channels: { chat: { in_app: true, push: true, mail: false }, money: { in_app: true, push: true, mail: true } },
    quiet_hours_enabled: true,
    quiet_hours_start: '23:00:00',
    quiet_hours_end: '06:30:00',
    time_zone: 'Europe/Zurich',
  });

  await page.getByRole('button', { name: 'Allow notifications' }).click();
  await expect(page.getByText('System notifications are on for this device.')).toBeVisible({ timeout: 15_000 });
  const devices = async () => (await finn.client.from('push_subscriptions').select('endpoint, device_label')).data;
  await expect.poll(devices).toEqual([
    {
      endpoint: expect.stringMatching(/^https:\/\/push\.example\.test\/send\//),
      device_label: expect.stringMatching(/^Chrome on (Android|Windows|Linux)$/),
    },
  ]);
  await screenshots(page, 'settings');
  await page.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(page.getByRole('button', { name: 'Allow notifications' })).toBeVisible();
  await expect.poll(devices).toHaveLength(0);
});

test('after a reconnect, a dismissible summary says what happened meanwhile', async ({ page, app, context }) => {
  const eva = await newPerson('Eva', 'organizer');
  const finn = await newPerson('Finn');
  const eventId = await seedEvent(eva, 'Gurten Festival', [finn]);
  await signInAs(app, finn);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  const summary = page.getByRole('region', { name: 'While you were away' });

  await context.setOffline(true);
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  for (const body of ['Gates open at 8', 'Who has the tent?', 'Bring cash for the lockers']) {
    const { error } = await eva.client.from('chat_messages').insert({ event_id: eventId, body });
    if (error) throw error;
  }
  await expect(summary).toHaveCount(0);
  await context.setOffline(false);
  await expect(summary).toContainText('Gurten Festival: 3 messages', { timeout: 15_000 });
  await screenshots(page, 'catch-up');
  await summary.getByRole('button', { name: 'Dismiss the catch-up summary' }).click();
  await expect(summary).toHaveCount(0);
  // Dismissed for good: a reload does not bring it back.
  await page.reload();
  await expect(bell(page)).toBeVisible({ timeout: 15_000 });
  await expect(summary).toHaveCount(0);
});
