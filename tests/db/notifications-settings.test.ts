/**
 * Settings that do something (issue 19): per category and channel, quiet hours, the profile
 * page's older switches, devices; and the organizer features: priority announcements (every
 * member, whatever their switches and quiet hours; the tier rule in the database) and following
 * all of an event's activity as system notifications.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { makeUser, startDb, type TestUser } from './events-support.ts';
import { addDevice, bell, call, crew, deviceKeys, pushJobs, setChannel, type Crew } from './notifications-support.ts';

let backend: TestBackend;
let camp: Crew; // organizer event: members Payer, Quiet, Muted, Follower, Plain

beforeAll(async () => {
  backend = await startDb();
  camp = await crew(backend, 'organizer', ['payer', 'quiet', 'muted', 'follower', 'plain']);
});

afterAll(async () => {
  await backend?.stop();
});

const member = (label: string) => camp.members.find((m) => m.name.toLowerCase().startsWith(label))!;

async function settingsOf(user: TestUser) {
  const { data, error } = await user.client.from('notification_settings').select('*').single();
  if (error) throw new Error(error.message);
  return data as { channels: Record<string, Record<string, boolean>>; time_zone: string; quiet_hours_enabled: boolean };
}

async function expense(by: TestUser, people: TestUser[], title: string) {
  const { error } = await by.client.from('expenses').insert({
    id: randomUUID(),
    event_id: camp.eventId,
    title,
    amount_minor: 100 * people.length,
    paid_by: by.id,
    shares: people.map((u) => ({ user_id: u.id, share_minor: 100 })),
  });
  if (error) throw new Error(error.message);
}

describe('the settings row', () => {
  it('exists for every account with the defaults, and the older profile switches carry over', async () => {
    const user = await makeUser(backend, 'fresh');
    const settings = await settingsOf(user);
    expect(settings.channels.invitations).toEqual({ in_app: true, push: true, mail: true });
    expect(settings.channels.chat).toEqual({ in_app: false, push: true, mail: false });
    expect(settings.time_zone).toBe('UTC');
    // The profile page's form of today stores {invitations, event_updates, chat_messages}.
    await user.client
      .from('profiles')
      .update({ notification_settings: { chat_messages: false } })
      .eq('id', user.id);
    expect((await settingsOf(user)).channels.chat).toEqual({ in_app: false, push: false, mail: false });
    expect((await settingsOf(user)).channels.invitations).toEqual({ in_app: true, push: true, mail: true });
    await user.client
      .from('profiles')
      .update({ notification_settings: { chat_messages: true, event_updates: false } })
      .eq('id', user.id);
    const after = (await settingsOf(user)).channels;
    expect(after.chat).toEqual({ in_app: false, push: true, mail: false });
    expect(after.event_changes).toEqual({ in_app: false, push: false, mail: false });
  });

  it('takes one switch at a time, or any part of the matrix, and refuses what it does not know', async () => {
    const user = await makeUser(backend, 'switcher');
    await setChannel(user, 'money', 'push', false);
    const { error } = await user.client
      .from('notification_settings')
      .update({ channels: { rides: { mail: true } }, quiet_hours_enabled: true, time_zone: 'Europe/Zurich' })
      .eq('user_id', user.id);
    expect(error).toBeNull();
    const settings = await settingsOf(user);
    expect(settings.channels.money).toEqual({ in_app: true, push: false, mail: false });
    expect(settings.channels.rides).toEqual({ in_app: true, push: true, mail: true });
    expect(settings).toMatchObject({ quiet_hours_enabled: true, time_zone: 'Europe/Zurich' });

    expect(
      await call(user, 'set_notification_channel', { p_category: 'gossip', p_channel: 'push', p_enabled: false }),
    ).toEqual({
      success: false,
      message:
        'Unknown notification category: gossip (use invitations, mentions, chat, money, rides, schedule_lists, event_changes).',
    });
    expect(
      await call(user, 'set_notification_channel', { p_category: 'money', p_channel: 'sms', p_enabled: true }),
    ).toEqual({
      success: false,
      message: 'Unknown notification channel: sms (use in_app, push or mail).',
    });
    const bad = await user.client
      .from('notification_settings')
      .update({ time_zone: 'Mars/Olympus' })
      .eq('user_id', user.id);
    expect(bad.error).toMatchObject({
      code: '22023',
      message: 'Unknown time zone: Mars/Olympus (use an IANA name such as Europe/Zurich).',
    });
    const worse = await user.client
      .from('notification_settings')
      .update({ channels: { money: { push: 'yes' } } })
      .eq('user_id', user.id);
    expect(worse.error).toMatchObject({ code: '22023', message: 'money.push must be true or false.' });
    // Neither changed anything.
    expect(await settingsOf(user)).toEqual(settings);
  });
});

describe('channels and quiet hours', () => {
  it('in-app off: no row; push off: no push; quiet hours: the push waits until they end', async () => {
    const payer = member('payer');
    const quiet = member('quiet');
    const muted = member('muted');
    const plain = member('plain');
    for (const user of [quiet, muted, plain]) await addDevice(user);
    await setChannel(muted, 'money', 'in_app', false);
    await setChannel(muted, 'money', 'push', false);
    const { rows } = await backend.db.query<{ start: string; end: string }>(
      `select to_char(clock_timestamp() at time zone 'UTC' - interval '1 hour', 'HH24:MI') as start,
              to_char(clock_timestamp() at time zone 'UTC' + interval '1 hour', 'HH24:MI') as end`,
    );
    await quiet.client
      .from('notification_settings')
      .update({
        quiet_hours_enabled: true,
        quiet_hours_start: rows[0].start,
        quiet_hours_end: rows[0].end,
        time_zone: 'UTC',
      })
      .eq('user_id', quiet.id);
    await setChannel(plain, 'money', 'in_app', false);

    await expense(payer, [payer, quiet, muted, plain], 'Groceries');

    expect(await bell(backend, muted.id, 'expense_added')).toEqual([]);
    expect(await pushJobs(backend, muted.id, 'expense_added')).toEqual([]);

    const [quietRow] = await bell(backend, quiet.id, 'expense_added');
    const [held] = await pushJobs(backend, quiet.id, 'expense_added');
    expect(held).toMatchObject({ held: true, notification_id: quietRow.id, urgency: 'normal', status: 'pending' });
    expect(held.payload).toMatchObject({
      title: 'Payer Tester added "Groceries"',
      tag: camp.eventId,
      event_id: camp.eventId,
      path: `/events/${camp.eventId}/expenses`,
      notification_id: quietRow.id,
      priority: false,
    });

    // Push without the in-app row: the push names no notification.
    expect(await bell(backend, plain.id, 'expense_added')).toEqual([]);
    const [pushed] = await pushJobs(backend, plain.id, 'expense_added');
    expect(pushed).toMatchObject({ held: false, notification_id: null });
    // No device, no push job.
    expect(await pushJobs(backend, payer.id)).toEqual([]);
  });
});

describe('devices', () => {
  it('takes only a real subscription, and a browser used by another account moves to it', async () => {
    const one = await makeUser(backend, 'deviceone');
    const two = await makeUser(backend, 'devicetwo');
    const keys = deviceKeys();
    const register = (user: TestUser, p256dh: string, auth = keys.auth) =>
      call(user, 'register_push_subscription', { p_endpoint: keys.endpoint, p_p256dh: p256dh, p_auth: auth });
    expect(await register(one, 'AAAA')).toEqual({
      success: false,
      message: "This push subscription's p256dh key is not a P-256 public key.",
    });
    expect(await register(one, keys.p256dh, 'c2hvcnQ')).toEqual({
      success: false,
      message: "This push subscription's auth secret must be 16 bytes.",
    });
    expect(
      await call(one, 'register_push_subscription', {
        p_endpoint: 'javascript:alert(1)',
        p_p256dh: keys.p256dh,
        p_auth: keys.auth,
      }),
    ).toMatchObject({ success: false, message: 'This push subscription has no valid endpoint.' });
    expect(await register(one, keys.p256dh)).toMatchObject({ success: true });
    expect((await one.client.from('push_subscriptions').select('endpoint')).data).toEqual([
      { endpoint: keys.endpoint },
    ]);
    expect(await register(two, keys.p256dh)).toMatchObject({ success: true }); // signed in as someone else on that browser
    expect((await one.client.from('push_subscriptions').select('endpoint')).data).toEqual([]);
    expect((await two.client.from('push_subscriptions').select('endpoint')).data).toEqual([
      { endpoint: keys.endpoint },
    ]);
    await call(two, 'unregister_push_subscription', { p_endpoint: keys.endpoint });
    expect((await two.client.from('push_subscriptions').select('endpoint')).data).toEqual([]);
  });
});

describe('priority announcements (organizer)', () => {
  it('reach every member but the author as a system notification, whatever their switches and quiet hours', async () => {
    const muted = member('muted');
    const quiet = member('quiet');
    await setChannel(muted, 'event_changes', 'in_app', false);
    await setChannel(muted, 'event_changes', 'push', false);
    const id = randomUUID();
    const { error } = await camp.creator.client
      .from('announcements')
      .insert({ id, event_id: camp.eventId, title: 'Storm', body: 'Tents down by 6 pm!', priority: true });
    expect(error).toBeNull();
    const { rows } = await backend.db.query<{ user_id: string }>(
      `select user_id from public.notifications where kind = 'announcement' and data ->> 'announcement_id' = $1`,
      [id],
    );
    expect(rows.map((r) => r.user_id).sort()).toEqual(camp.members.map((m) => m.id).sort());
    for (const user of [muted, quiet]) {
      const [job] = await pushJobs(backend, user.id, 'announcement');
      expect(job).toMatchObject({ urgency: 'high', held: false });
      expect(job.payload).toMatchObject({
        title: expect.stringMatching(/^Priority: /),
        body: 'Storm: Tents down by 6 pm!',
        priority: true,
      });
    }
    // Seen by its author; pinned for the rest until each has seen it.
    const seen = async () =>
      (await camp.creator.client.from('announcement_reads').select('user_id').eq('announcement_id', id)).data?.map(
        (r) => r.user_id,
      );
    expect(await seen()).toEqual([camp.creator.id]);
    await call(muted, 'mark_announcement_seen', { p_announcement_id: id });
    await call(muted, 'mark_announcement_seen', { p_announcement_id: id }); // a replay
    expect((await seen())?.sort()).toEqual([camp.creator.id, muted.id].sort());
    expect((await bell(backend, muted.id, 'announcement'))[0].read_at).not.toBeNull();
  });

  it('are for managers of organizer events only: the tier rule and the policy hold for every writer', async () => {
    const plain = member('plain');
    const denied = await plain.client
      .from('announcements')
      .insert({ event_id: camp.eventId, body: 'Party at mine', priority: false });
    expect(denied.error?.code).toBe('42501');
    const starter = await crew(backend, 'starter', ['starterguest']);
    const refused = await starter.creator.client
      .from('announcements')
      .insert({ event_id: starter.eventId, body: 'Important', priority: true });
    expect(refused.error).toMatchObject({ code: 'P0001', message: 'Upgrade to organizer to unlock this feature' });
    // Not priority: an ordinary announcement, by the member's event_changes switches.
    const ok = await starter.creator.client
      .from('announcements')
      .insert({ event_id: starter.eventId, body: 'Parking at gate B' });
    expect(ok.error).toBeNull();
    expect((await bell(backend, starter.members[0].id, 'announcement'))[0].title).toMatch(/^Announcement: /);
    await expect(
      backend.db.query(`insert into public.announcements (event_id, body, priority) values ($1, 'x', true)`, [
        starter.eventId,
      ]),
    ).rejects.toThrow('Upgrade to organizer to unlock this feature');
  });
});

describe('following an event (organizer)', () => {
  it('pushes every activity to followers, except their own, whatever their switches; unfollowed, nothing', async () => {
    const follower = member('follower');
    const payer = member('payer');
    await addDevice(follower);
    await setChannel(follower, 'chat', 'push', false);
    await setChannel(follower, 'rides', 'push', false);
    expect(await call(follower, 'set_event_follow', { p_event_id: camp.eventId, p_follow: true })).toMatchObject({
      success: true,
    });
    await payer.client
      .from('chat_messages')
      .insert({ id: randomUUID(), event_id: camp.eventId, body: 'Lunch at noon' });
    await payer.client.from('rides').insert({
      id: randomUUID(),
      event_id: camp.eventId,
      seats: 2,
      departure_place: 'Thun',
      departs_at: '2027-07-01T10:00:00',
    });
    await expense(payer, [payer], 'Ice'); // an expense that does not include the follower
    await follower.client.from('chat_messages').insert({ id: randomUUID(), event_id: camp.eventId, body: 'My own' });
    const kinds = (await pushJobs(backend, follower.id)).filter((j) => j.payload.followed).map((j) => j.payload.kind);
    expect(kinds).toEqual(['chat_message', 'ride_offered', 'expense_added']);
    const [ride] = (await pushJobs(backend, follower.id, 'ride_offered')).map((j) => j.payload);
    expect(ride).toMatchObject({ title: 'Payer Tester offers a ride (2 seats)', body: 'Thun, Thu 01 Jul, 10:00' });

    await call(follower, 'set_event_follow', { p_event_id: camp.eventId, p_follow: false });
    const before = (await pushJobs(backend, follower.id)).length;
    await payer.client.from('chat_messages').insert({ id: randomUUID(), event_id: camp.eventId, body: 'Dinner at 7' });
    expect(await pushJobs(backend, follower.id)).toHaveLength(before);
  });

  it('is an organizer feature, for members only', async () => {
    const starter = await crew(backend, 'starter', ['starterfan']);
    await expect(
      call(starter.members[0], 'set_event_follow', { p_event_id: starter.eventId, p_follow: true }),
    ).rejects.toThrow('Upgrade to organizer to unlock this feature');
    const outsider = await makeUser(backend, 'fanoutsider');
    expect(await call(outsider, 'set_event_follow', { p_event_id: camp.eventId, p_follow: true })).toEqual({
      success: false,
      message: 'You are not a member of this event',
    });
  });
});
