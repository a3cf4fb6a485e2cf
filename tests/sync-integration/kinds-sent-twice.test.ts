/**
 * Every mutation kind against the local backend with the real supabase-js, sent twice as a lost
 * response makes the engine do: the server ends exactly as after sending it once. Then the whole
 * path (mutate, push, pull) for the same kinds leaves the device equal to the server.
 */
import 'fake-indexeddb/auto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { pull } from '../../src/sync/pull.ts';
import { pushNext } from '../../src/sync/push.ts';
import { device, newUser, type Device } from './support/device.ts';

let backend: TestBackend;
let ada: Device;
let bob: Device;
let cyd: Device;

beforeAll(async () => {
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve(import.meta.dirname, '../../supabase/functions'),
  });
  ada = await device(backend, await newUser(backend, 'ada'));
  bob = await device(backend, await newUser(backend, 'bob'));
  cyd = await device(backend, await newUser(backend, 'cyd'));
});

afterAll(async () => {
  for (const d of [ada, bob, cyd]) d?.db.close();
  await backend?.stop();
});

/** Everything the kinds can change, without the timestamps a replay may bump. */
async function serverState(): Promise<unknown> {
  const q = async (sql: string) => (await backend.db.query(sql)).rows;
  return {
    events: await q(
      `select id, name, description, location, start_date::text, end_date::text, status, deleted_at is not null as deleted, created_by, client_ref from public.events order by id`,
    ),
    members: await q(
      `select event_id, user_id, role, deleted_at is not null as removed from public.event_members order by event_id, user_id`,
    ),
    invitations: await q(
      `select id, event_id, recipient_email, message, status, response_message, deleted_at is not null as cancelled from public.event_invitations order by id`,
    ),
    profiles: await q(
      `select id, name, first_name, last_name, avatar, notification_settings from public.profiles order by id`,
    ),
    requests: await q(
      `select sender_id, recipient_id, status, response_message from public.friend_requests order by sender_id, recipient_id, created_at`,
    ),
    friendships: await q(
      `select user_id, friend_id, deleted_at is not null as removed from public.friendships order by user_id, friend_id`,
    ),
  };
}

/** Queues a change on `d`, sends the entry's call twice, and checks the server did it once. */
async function sendTwice(d: Device, kind: string, args: unknown): Promise<unknown> {
  const queued = await mutate(mutateEnv(d), kind, args);
  const entry = (await d.db.outbox.where('mutationId').equals(queued.mutationId).first())!;
  const ctx = { client: d.client, userId: d.userId };
  const first = await d.registry.get(kind).send(ctx, entry.args);
  const once = await serverState();
  await d.registry.get(kind).send(ctx, entry.args);
  expect(await serverState()).toEqual(once);
  // The engine's own path: push records the outcome (a third send), pull brings the device level.
  expect(await pushNext({ db: d.db, registry: d.registry, ctx })).toMatchObject({ type: 'sent' });
  expect(await serverState()).toEqual(once);
  await pull({ db: d.db, registry: d.registry, ctx });
  return first;
}

const mutateEnv = (d: Device) => ({ db: d.db, registry: d.registry, userId: d.userId, clientId: `client-${d.userId}` });

describe('every kind sent twice changes the server once', () => {
  let eventId = '';

  it('event.create (client_ref finds the row the first request made)', async () => {
    await pull({ db: ada.db, registry: ada.registry, ctx: { client: ada.client, userId: ada.userId } });
    const before = Number((await backend.db.query(`select count(*) from public.events`)).rows[0].count);
    await sendTwice(ada, 'event.create', { name: 'Lake weekend', start_date: '2027-07-01', end_date: '2027-07-03' });
    expect(Number((await backend.db.query(`select count(*) from public.events`)).rows[0].count)).toBe(before + 1);
    const [event] = await ada.db.events.toArray();
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
    eventId = event.id;
  });

  it('event.update', async () => {
    await sendTwice(ada, 'event.update', {
      id: eventId,
      changes: { location: 'North shore', description: 'Bring tents' },
    });
    expect((await ada.db.events.get(eventId))?.location).toBe('North shore');
  });

  it('member.add, member.set-role, member.remove', async () => {
    await sendTwice(ada, 'member.add', { eventId, userId: bob.userId });
    await sendTwice(ada, 'member.set-role', { eventId, userId: bob.userId, role: 'admin' });
    await sendTwice(ada, 'member.remove', { eventId, userId: bob.userId });
    const { rows } = await backend.db.query(
      `select role, deleted_at from public.event_members where event_id = $1 and user_id = $2`,
      [eventId, bob.userId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].deleted_at).not.toBeNull();
  });

  it('invitation.send, invitation.respond, invitation.cancel', async () => {
    await sendTwice(ada, 'invitation.send', { eventId, email: cyd.email, message: 'Join us' });
    const { rows } = await backend.db.query(`select id from public.event_invitations where event_id = $1`, [eventId]);
    expect(rows).toHaveLength(1);
    await pull({ db: cyd.db, registry: cyd.registry, ctx: { client: cyd.client, userId: cyd.userId } });
    const received = await cyd.db.invitations.toArray();
    expect(received.map((r) => r.id)).toEqual([rows[0].id]);
    await sendTwice(cyd, 'invitation.respond', { id: rows[0].id, status: 'accepted', responseMessage: 'Yes' });
    expect((await cyd.db.events.get(eventId))?.name).toBe('Lake weekend');

    await sendTwice(ada, 'invitation.send', { eventId, email: bob.email });
    const pending = (
      await backend.db.query(`select id from public.event_invitations where event_id = $1 and status = 'pending'`, [
        eventId,
      ])
    ).rows[0].id;
    await sendTwice(ada, 'invitation.cancel', { id: pending });
  });

  it('event.leave, event.join', async () => {
    await sendTwice(cyd, 'event.leave', { id: eventId });
    expect(await cyd.db.events.get(eventId)).toBeUndefined();
    await sendTwice(cyd, 'event.join', { id: eventId });
    expect(await cyd.db.events.get(eventId)).toBeDefined();
  });

  it('profile.update', async () => {
    await sendTwice(bob, 'profile.update', { changes: { name: 'Bob van der Berg', country: 'CH' } });
    expect(await bob.db.profiles.get(bob.userId)).toMatchObject({
      first_name: 'Bob',
      last_name: 'van der Berg',
      country: 'CH',
    });
  });

  it('profile.update of the notification settings', async () => {
    const choices = { invitations: false, event_updates: true, chat_messages: false };
    await sendTwice(bob, 'profile.update', { changes: { notification_settings: choices } });
    const { rows } = await backend.db.query(`select notification_settings from public.profiles where id = $1`, [
      bob.userId,
    ]);
    expect(rows[0].notification_settings).toEqual(choices);
    expect((await bob.db.profiles.get(bob.userId))?.notification_settings).toEqual(choices);
  });

  it('profile.upload-avatar (a replayed upload finds its own file)', async () => {
    const png = TINY_PNG;
    await sendTwice(bob, 'profile.upload-avatar', { bytes: png, contentType: 'image/png' });
    const { rows } = await backend.db.query(`select name from storage.objects where bucket_id = 'avatars'`);
    expect(rows).toHaveLength(1);
    const avatar = (await bob.db.profiles.get(bob.userId))?.avatar;
    expect(avatar).toBe(`${backend.url}/storage/v1/object/public/avatars/${rows[0].name}`);
    expect((await fetch(avatar!)).status).toBe(200);
  });

  it('friend.request, friend.respond, friend.remove', async () => {
    await sendTwice(bob, 'friend.request', { email: cyd.email, message: 'hi' });
    await pull({ db: cyd.db, registry: cyd.registry, ctx: { client: cyd.client, userId: cyd.userId } });
    const [request] = await cyd.db.friendRequests.toArray();
    expect(request).toMatchObject({ direction: 'incoming', sender_id: bob.userId, status: 'pending' });
    await sendTwice(cyd, 'friend.respond', { id: request.id, status: 'accepted' });
    expect((await cyd.db.friends.toArray()).map((f) => f.id)).toEqual([bob.userId]);
    await sendTwice(cyd, 'friend.remove', { friendId: bob.userId });
    expect(await cyd.db.friends.count()).toBe(0);
  });

  it('event.soft-delete, event.restore, event.delete', async () => {
    await sendTwice(ada, 'event.soft-delete', { id: eventId });
    expect((await ada.db.events.get(eventId))?.status).toBe('deleted');
    await sendTwice(ada, 'event.restore', { id: eventId });
    expect(await ada.db.events.get(eventId)).toMatchObject({ status: 'active', deleted_at: null });
    expect(
      (await backend.db.query(`select status, deleted_at from public.events where id = $1`, [eventId])).rows[0],
    ).toEqual({ status: 'active', deleted_at: null });
    await sendTwice(ada, 'event.soft-delete', { id: eventId });
    expect((await ada.db.events.get(eventId))?.status).toBe('deleted');
    await sendTwice(ada, 'event.delete', { id: eventId });
    expect(await ada.db.events.get(eventId)).toBeUndefined();
    expect((await backend.db.query(`select count(*) from public.events where id = $1`, [eventId])).rows[0].count).toBe(
      0,
    );
  });
});
