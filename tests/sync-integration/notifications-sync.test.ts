/**
 * Notifications on the device (issue 19): the rows the database writes for a member arrive on
 * their device (by the realtime doorbell and by a pull), marking read works offline and reaches
 * the server exactly once (a replay changes nothing), the read state shows on the user's other
 * device, and mark all read marks only what the device had shown.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { pull } from '../../src/sync/pull.ts';
import { pushNext } from '../../src/sync/push.ts';
import { device, newUser, type Device } from './support/device.ts';

let backend: TestBackend;
let ada: Device; // the organizer, who posts
let bob: Device; // a member, on his phone
let bobLaptop: Device; // the same member on a second device
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  ada = await device(backend, await newUser(backend, 'ada', 'organizer'));
  const bobUser = await newUser(backend, 'bob', 'free');
  bob = await device(backend, bobUser);
  bobLaptop = await device(backend, bobUser, { dbUserKey: `${bobUser.userId}-laptop` });
  const { data, error } = await ada.client
    .from('events')
    .insert({ name: 'Gurten Festival', start_date: '2027-07-01', end_date: '2027-07-04' })
    .select('id')
    .single();
  if (error) throw error;
  eventId = data.id as string;
  await backend.db.query(`insert into public.event_members (event_id, user_id) values ($1, $2)`, [eventId, bob.userId]);
});

afterAll(async () => {
  for (const d of [ada, bob, bobLaptop]) {
    await d?.stop();
    d?.db.close();
  }
  await backend?.stop();
});

const ctxOf = (d: Device) => ({ client: d.client, userId: d.userId });
const envOf = (d: Device) => ({ db: d.db, registry: d.registry, userId: d.userId, clientId: `client-${d.userId}` });
const sync = (d: Device) => pull({ db: d.db, registry: d.registry, ctx: ctxOf(d) });
const push = (d: Device) => pushNext({ db: d.db, registry: d.registry, ctx: ctxOf(d) });

async function q(sql: string, params: unknown[] = []) {
  return (await backend.db.query(sql, params)).rows as Record<string, unknown>[];
}

async function post(body: string): Promise<void> {
  const { error } = await ada.client.from('chat_messages').insert({ event_id: eventId, body });
  if (error) throw error;
}

async function waitFor<T>(read: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('notifications on the device', () => {
  it('arrive on the member device by the realtime doorbell, never on the author device', async () => {
    await bob.start({ realtime: true });
    await bob.engine!.whenIdle();
    await post('@bob can you bring the gas?');
    const row = await waitFor(async () =>
      (await bob.db.notifications.toArray()).find((n) => n.kind === 'chat_mention'),
    );
    expect(row).toMatchObject({ event_id: eventId, category: 'mentions', read_at: null });
    expect(row.title).toBe('ada mentioned you in Gurten Festival');
    expect(String(row.data.path)).toContain(`/events/${eventId}/chat`);
    await bob.stop();
    await sync(ada);
    // The author hears nothing of her own message (she manages the event: Bob's joining is hers).
    expect((await ada.db.notifications.toArray()).map((n) => n.kind)).toEqual(['member_joined']);
  });

  it('marking one read offline shows at once, reaches the server once and shows on the other device', async () => {
    const [mention] = await bob.db.notifications.toArray();
    await mutate(envOf(bob), 'notification.mark-read', { ids: [mention.key] });
    // Offline: the device shows it read, the server does not know yet.
    expect((await bob.db.notifications.get(mention.key))?.read_at).not.toBeNull();
    expect(await q(`select read_at from public.notifications where id = $1`, [mention.key])).toEqual([
      { read_at: null },
    ]);

    const entry = (await bob.db.outbox.toArray())[0];
    await bob.registry.get(entry.kind).send(ctxOf(bob), entry.args);
    const [{ read_at: first }] = await q(`select read_at from public.notifications where id = $1`, [mention.key]);
    expect(first).not.toBeNull();
    // The engine's own send (as after a lost answer) changes nothing on the server.
    expect(await push(bob)).toMatchObject({ type: 'sent' });
    expect(await q(`select read_at from public.notifications where id = $1`, [mention.key])).toEqual([
      { read_at: first },
    ]);
    await sync(bob);
    expect(await bob.db.shadows.count()).toBe(0);
    expect((await bob.db.notifications.get(mention.key))?.read_at).not.toBeNull();

    await sync(bobLaptop);
    expect((await bobLaptop.db.notifications.get(mention.key))?.read_at).not.toBeNull();
  });

  it('mark all read marks what the device had shown, not what arrived since', async () => {
    await post('@bob the tent is yours');
    await sync(bobLaptop);
    const shown = (await bobLaptop.db.notifications.toArray()).filter((n) => !n.read_at);
    expect(shown).toHaveLength(1);
    await mutate(envOf(bobLaptop), 'notification.mark-all-read', {});
    expect((await bobLaptop.db.notifications.toArray()).every((n) => n.read_at)).toBe(true);

    // Another mention arrives on the server while the laptop's change waits in its outbox.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post('@bob and the stove');
    expect(await push(bobLaptop)).toMatchObject({ type: 'sent' });
    const unread = await q(
      `select body from public.notifications where user_id = $1 and read_at is null and deleted_at is null`,
      [bob.userId],
    );
    expect(unread).toEqual([{ body: '@bob and the stove' }]);

    await sync(bob);
    const onPhone = await bob.db.notifications.toArray();
    expect(onPhone.filter((n) => !n.read_at).map((n) => n.body)).toEqual(['@bob and the stove']);
  });

  it('settings changed offline reach the server once, and the backend reads them', async () => {
    await sync(bob);
    expect((await bob.db.notificationSettings.get(bob.userId))?.channels.mentions).toEqual({
      in_app: true,
      push: true,
      mail: false,
    });
    await mutate(envOf(bob), 'notification-settings.set-channel', {
      category: 'mentions',
      channel: 'in_app',
      enabled: false,
    });
    await mutate(envOf(bob), 'notification-settings.update', {
      changes: {
        quiet_hours_enabled: true,
        quiet_hours_start: '23:00',
        quiet_hours_end: '06:30',
        time_zone: 'Europe/Zurich',
      },
    });
    expect((await bob.db.notificationSettings.get(bob.userId))?.channels.mentions.in_app).toBe(false);
    for (const entry of await bob.db.outbox.toArray()) await bob.registry.get(entry.kind).send(ctxOf(bob), entry.args);
    const settingsNow = `select channels -> 'mentions' as mentions, quiet_hours_enabled, quiet_hours_start::text as start,
      quiet_hours_end::text as end, time_zone from public.notification_settings where user_id = $1`;
    const once = await q(settingsNow, [bob.userId]);
    expect(once).toEqual([
      {
        mentions: { in_app: false, push: true, mail: false },
        quiet_hours_enabled: true,
        start: '23:00:00',
        end: '06:30:00',
        time_zone: 'Europe/Zurich',
      },
    ]);
    expect(await push(bob)).toMatchObject({ type: 'sent' });
    expect(await push(bob)).toMatchObject({ type: 'sent' });
    expect(await q(settingsNow, [bob.userId])).toEqual(once);
    await sync(bob);
    expect(await bob.db.shadows.count()).toBe(0);

    // The backend follows them: a mention makes no in-app row any more.
    const before = await bob.db.notifications.count();
    await post('@bob one more thing');
    await sync(bob);
    expect(await bob.db.notifications.count()).toBe(before);
    // A bad time zone is refused with the server's words, and changes nothing.
    await mutate(envOf(bob), 'notification-settings.update', { changes: { time_zone: 'Mars/Olympus' } });
    const entry = (await bob.db.outbox.toArray())[0];
    await expect(bob.registry.get(entry.kind).send(ctxOf(bob), entry.args)).rejects.toThrow(/Unknown time zone/);
    expect(await q(settingsNow, [bob.userId])).toEqual(once);
  });
});
