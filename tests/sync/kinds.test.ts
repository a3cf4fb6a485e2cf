/**
 * Every core kind's optimistic change, and the reconcile of what the server answers: the event
 * creation's temp id replaced everywhere (rows, shadows, queued arguments), rollback of a refused
 * kind, and the spec checks that stop a change before it is queued.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CrewCampDb } from '../../src/db/crewcamp-db.ts';
import { memberKey } from '../../src/features/events/sync/member-rows.ts';
import { syncRegistry } from '../../src/app/sync-registry.ts';
import { resolveNameFields } from '../../src/features/profile/sync/profile-fields.ts';
import { BUILT_IN_TEMPLATES, builtInTemplateChanges } from '../../src/features/checklists/built-in-templates.ts';
import { mutate, mutateAll, type Change, type MutateEnv } from '../../src/sync/mutate.ts';
import { pushNext, type PushEnv } from '../../src/sync/push.ts';
import { MutationValidationError } from '../../src/sync/send-errors.ts';
import { BASE_URL, freshDb, scriptedClient, type Script } from './support/harness.ts';
import { serverEventRow } from './support/server-rows.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const FRIEND = '00000000-0000-4000-8000-000000000002';
const REAL = '00000000-0000-4000-8000-0000000000e1';
const STAMP = '2026-11-22T10:00:00.123456+00:00';

let db: CrewCampDb;
let env: MutateEnv;
let script: Script;
let push: PushEnv;
const registry = syncRegistry({ supabaseUrl: BASE_URL });

beforeEach(async () => {
  db = await freshDb(crypto.randomUUID());
  env = { db, registry, userId: ME, clientId: 'client-1', now: () => 1_800_000_000_000 };
  script = () => ({ status: 500 });
  push = { db, registry, ctx: { client: scriptedClient((req) => script(req)), userId: ME } };
  await db.profiles.put({
    key: ME,
    id: ME,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    avatar: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    country: null,
    postal_code: null,
    street_address: null,
    street_number: null,
    phone: null,
    share_phone: false,
    emergency_contact_name: null,
    emergency_contact_phone: null,
    share_emergency_contact: false,
    notification_settings: null,
    role: 'user',
    subscription_tier: 'free',
    created_at: STAMP,
    updated_at: STAMP,
  });
});

const serverEvent = (overrides: Record<string, unknown> = {}) =>
  serverEventRow(REAL, ME, STAMP, { client_ref: 'x', ...overrides });

async function createOfflineEvent() {
  const created = await mutate<{ id: string; clientRef: string }>(env, 'event.create', { name: 'Camp' });
  return created.args;
}

describe('event kinds', () => {
  it('creates an event with a temp id and its creator membership, at once', async () => {
    const { id, clientRef } = await createOfflineEvent();
    expect(id).toBe('temp-1800000000000');
    expect(clientRef).toBe('temp-1800000000000.client-1');
    expect(await db.events.get(id)).toMatchObject({
      name: 'Camp',
      status: 'active',
      created_by: ME,
      access_tier: 'free',
    });
    expect(await db.members.get(memberKey(id, ME))).toMatchObject({ role: 'creator', name: 'Ada Lovelace' });
    const second = await createOfflineEvent();
    expect(second.id).toBe('temp-1800000000001');
  });

  it('replaces the temp id by the real one in rows, shadows and the arguments of later entries', async () => {
    const { id: temp, clientRef } = await createOfflineEvent();
    await mutate(env, 'event.update', { id: temp, changes: { location: 'Lake' } });
    await mutate(env, 'invitation.send', { eventId: temp, email: 'bob@example.com' });
    await mutate(env, 'member.add', { eventId: temp, userId: FRIEND, name: 'Bob' });
    // Chat rows are found by event through the first part of [event_id+created_at] (no event_id index).
    const { args: sent } = await mutate<{ id: string }>(env, 'chat.send', { eventId: temp, body: 'Tent is up' });
    let inserted: unknown;
    script = (req) => {
      inserted = req.body;
      return { status: 201, body: [serverEvent({ client_ref: clientRef })] };
    };
    expect(await pushNext(push)).toMatchObject({ type: 'sent' });
    expect(inserted).toMatchObject({ name: 'Camp', client_ref: clientRef, created_by: ME });

    expect(await db.events.get(temp)).toBeUndefined();
    expect(await db.events.get(REAL)).toMatchObject({ id: REAL, location: 'Lake', client_ref: clientRef });
    expect(await db.members.get(memberKey(REAL, ME))).toMatchObject({ event_id: REAL, role: 'creator' });
    expect(await db.members.get(memberKey(REAL, FRIEND))).toMatchObject({ event_id: REAL, name: 'Bob' });
    expect((await db.invitations.toArray())[0].event_id).toBe(REAL);
    expect(await db.chatMessages.get(sent.id)).toMatchObject({ event_id: REAL, body: 'Tent is up' });
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.args)).toMatchObject([
      { id: REAL, clientRef },
      { id: REAL, changes: { location: 'Lake' } },
      { eventId: REAL },
      { eventId: REAL, userId: FRIEND },
      { eventId: REAL, body: 'Tent is up' },
    ]);
    expect(entries[1].refs).toEqual([`event:${REAL}`]);
    expect(
      (await db.shadows.toArray()).map((s) => `${s.id} ${(s.row as { event_id?: string } | null)?.event_id}`).join(),
    ).not.toContain(temp);
  });

  it('soft-deletes, leaves and deletes for good on the device at once', async () => {
    await db.events.put({ key: REAL, ...serverEvent() } as never);
    await db.members.put({
      key: memberKey(REAL, ME),
      id: 'm1',
      event_id: REAL,
      user_id: ME,
      role: 'creator',
      created_at: STAMP,
      updated_at: STAMP,
      name: null,
      avatar: null,
      email: null,
    });
    await mutate(env, 'event.soft-delete', { id: REAL });
    expect(await db.events.get(REAL)).toMatchObject({ status: 'deleted' });
    await mutate(env, 'event.leave', { id: REAL });
    expect(await db.events.get(REAL)).toBeUndefined();
    expect(await db.members.count()).toBe(0);
  });

  it('rolls an update back when the server refuses it, keeping the reason', async () => {
    await db.events.put({ key: REAL, ...serverEvent() } as never);
    await mutate(env, 'event.update', { id: REAL, changes: { name: 'Renamed' } });
    expect((await db.events.get(REAL))?.name).toBe('Renamed');
    script = () => ({
      status: 403,
      body: { code: '42501', message: 'permission denied for table events', details: null, hint: null },
    });
    expect(await pushNext(push)).toMatchObject({ type: 'rejected' });
    expect((await db.events.get(REAL))?.name).toBe('Camp');
    expect((await db.outbox.toArray())[0].error).toEqual({
      http: 403,
      code: '42501',
      message: 'permission denied for table events',
    });
  });

  it('restores a soft-deleted event at once, and rolls it back when the database refuses', async () => {
    const deletedAt = '2026-11-22T09:00:00+00:00';
    await db.events.put({ key: REAL, ...serverEvent({ status: 'deleted', deleted_at: deletedAt }) } as never);
    await mutate(env, 'event.restore', { id: REAL });
    expect(await db.events.get(REAL)).toMatchObject({ status: 'active', deleted_at: null });
    const limit = 'Your free plan allows 1 active events at once. Upgrade to starter for more.';
    let sent: { method?: string; body?: unknown } = {};
    script = (req) => {
      sent = { method: req.method, body: req.body };
      return { status: 400, body: { code: 'P0001', message: limit, details: null, hint: null } };
    };
    expect(await pushNext(push)).toMatchObject({ type: 'rejected' });
    expect(sent).toEqual({ method: 'PATCH', body: { status: 'active', deleted_at: null } });
    expect(await db.events.get(REAL)).toMatchObject({ status: 'deleted', deleted_at: deletedAt });
    expect((await db.outbox.toArray())[0].error).toEqual({ http: 400, code: 'P0001', message: limit });
  });

  it('sends a restore as an update of status and deleted_at, and keeps it on success', async () => {
    await db.events.put({
      key: REAL,
      ...serverEvent({ status: 'deleted', deleted_at: '2026-11-22T09:00:00+00:00' }),
    } as never);
    await mutate(env, 'event.restore', { id: REAL });
    script = () => ({ status: 200, body: [{ id: REAL }] });
    expect(await pushNext(push)).toMatchObject({ type: 'sent' });
    expect(await db.events.get(REAL)).toMatchObject({ status: 'active', deleted_at: null });
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['acked']);
  });

  it('refuses an end date before the start date before queueing anything', async () => {
    await expect(
      mutate(env, 'event.create', { name: 'X', start_date: '2026-07-02', end_date: '2026-07-01' }),
    ).rejects.toThrow(MutationValidationError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues a list and its items in one transaction, in order; none of them when one breaks a rule', async () => {
    await db.events.put({ key: REAL, ...serverEvent() } as never);
    const template = BUILT_IN_TEMPLATES[0];
    const { list, items } = builtInTemplateChanges(template, REAL);
    const changes: Change[] = [
      ['checklist.create', list],
      ...items.map((item) => ['checklist-item.add', item] as const),
    ];

    await expect(mutateAll(env, [...changes, ['checklist-item.add', { ...items[0], text: ' ' }]])).rejects.toThrow(
      MutationValidationError,
    );
    expect([await db.outbox.count(), await db.checklists.count(), await db.checklistItems.count()]).toEqual([0, 0, 0]);

    const queued = await mutateAll(env, changes);
    expect(queued.map((q) => q.seq)).toEqual([...queued.map((q) => q.seq)].sort((a, b) => a - b));
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(changes.map(([kind]) => kind));
    expect(await db.checklists.get(list.id!)).toMatchObject({ title: template.title, event_id: REAL });
    expect(await db.checklistItems.where('checklist_id').equals(list.id!).count()).toBe(template.items.length);
  });
});

describe('member kinds', () => {
  beforeEach(async () => {
    await db.events.put({ key: REAL, ...serverEvent() } as never);
    await db.friends.put({
      key: FRIEND,
      id: FRIEND,
      friendship_id: null,
      name: 'Bob',
      email: 'bob@example.com',
      avatar: 'b.png',
      created_at: STAMP,
    });
  });

  it('adds (with the friend’s name), promotes and removes a member', async () => {
    await mutate(env, 'member.add', { eventId: REAL, userId: FRIEND });
    expect(await db.members.get(memberKey(REAL, FRIEND))).toMatchObject({
      role: 'member',
      name: 'Bob',
      avatar: 'b.png',
    });
    await mutate(env, 'member.set-role', { eventId: REAL, userId: FRIEND, role: 'admin' });
    expect((await db.members.get(memberKey(REAL, FRIEND)))?.role).toBe('admin');
    await mutate(env, 'member.remove', { eventId: REAL, userId: FRIEND });
    expect(await db.members.get(memberKey(REAL, FRIEND))).toBeUndefined();
  });

  it('treats success:false from a procedure as a refusal and rolls back', async () => {
    await mutate(env, 'member.add', { eventId: REAL, userId: FRIEND });
    script = () => ({
      status: 200,
      body: { success: false, message: 'This event has reached its limit of 4 members on the free plan.' },
    });
    expect(await pushNext(push)).toMatchObject({ type: 'rejected' });
    expect(await db.members.get(memberKey(REAL, FRIEND))).toBeUndefined();
    expect((await db.outbox.toArray())[0].error).toEqual({
      http: 200,
      code: 'rejected',
      message: 'This event has reached its limit of 4 members on the free plan.',
    });
  });
});

describe('invitation kinds', () => {
  it('sends with a device id, cancels and answers', async () => {
    await db.events.put({ key: REAL, ...serverEvent() } as never);
    const sent = await mutate<{ id: string }>(env, 'invitation.send', {
      eventId: REAL,
      email: ' bob@example.com ',
      message: 'Come!',
    });
    expect(await db.invitations.get(sent.args.id)).toMatchObject({
      event_name: 'Camp',
      sender_name: 'Ada Lovelace',
      recipient_email: 'bob@example.com',
      status: 'pending',
    });
    let body: unknown;
    script = (req) => {
      body = req.body;
      expect(req.search.get('on_conflict')).toBe('id');
      return { status: 201 };
    };
    expect(await pushNext(push)).toMatchObject({ type: 'sent' });
    expect(body).toMatchObject({
      id: sent.args.id,
      event_id: REAL,
      recipient_email: 'bob@example.com',
      message: 'Come!',
    });
    await mutate(env, 'invitation.cancel', { id: sent.args.id });
    expect(await db.invitations.get(sent.args.id)).toBeUndefined();

    await db.invitations.put({
      key: 'inv2',
      id: 'inv2',
      event_id: 'other',
      event_name: 'Trip',
      sender_id: FRIEND,
      sender_name: 'Bob',
      recipient_id: ME,
      recipient_name: null,
      recipient_email: 'ada@example.com',
      recipient_avatar: null,
      message: null,
      status: 'pending',
      response_message: null,
      responded_at: null,
      created_at: STAMP,
      updated_at: STAMP,
    });
    await mutate(env, 'invitation.respond', { id: 'inv2', status: 'accepted', responseMessage: 'Yes!' });
    expect(await db.invitations.get('inv2')).toMatchObject({ status: 'accepted', response_message: 'Yes!' });
  });

  it('counts another pending invitation to the same address as done', async () => {
    await mutate(env, 'invitation.send', { eventId: REAL, email: 'bob@example.com' });
    script = () => ({
      status: 409,
      body: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "event_invitations_pending_key"',
      },
    });
    expect(await pushNext(push)).toMatchObject({ type: 'sent' });
  });

  it('checks the address before queueing', async () => {
    await expect(mutate(env, 'invitation.send', { eventId: REAL, email: 'nobody' })).rejects.toThrow(
      'Please enter a valid email address',
    );
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('profile kinds', () => {
  it('splits a name into first and last, and rebuilds the name from them', () => {
    expect(resolveNameFields({ name: '  Grace  Brewster Hopper ' }, { first_name: null, last_name: null })).toEqual({
      name: 'Grace Brewster Hopper',
      first_name: 'Grace',
      last_name: 'Brewster Hopper',
    });
    expect(resolveNameFields({ last_name: 'King' }, { first_name: 'Ada', last_name: 'Lovelace' })).toEqual({
      name: 'Ada King',
      first_name: 'Ada',
      last_name: 'King',
    });
  });

  it('updates the profile and the user’s member rows, then stores the server row and announces it', async () => {
    await db.members.put({
      key: memberKey(REAL, ME),
      id: 'm1',
      event_id: REAL,
      user_id: ME,
      role: 'creator',
      created_at: STAMP,
      updated_at: STAMP,
      name: 'Ada Lovelace',
      avatar: null,
      email: null,
    });
    await mutate(env, 'profile.update', { changes: { name: 'Ada King' } });
    expect(await db.profiles.get(ME)).toMatchObject({ name: 'Ada King', first_name: 'Ada', last_name: 'King' });
    expect((await db.members.get(memberKey(REAL, ME)))?.name).toBe('Ada King');
    const announced: unknown[] = [];
    const target = new EventTarget();
    const original = (globalThis as { dispatchEvent?: unknown }).dispatchEvent;
    (globalThis as { dispatchEvent?: unknown }).dispatchEvent = (event: Event) => {
      announced.push((event as CustomEvent).detail);
      return target.dispatchEvent(event);
    };
    script = (req) => ({
      status: 200,
      body: {
        id: ME,
        ...(req.body as object),
        email: 'ada@example.com',
        avatar: null,
        country: null,
        postal_code: null,
        street_address: null,
        street_number: null,
        phone: null,
        share_phone: false,
        emergency_contact_name: null,
        emergency_contact_phone: null,
        share_emergency_contact: false,
        role: 'user',
        subscription_tier: 'free',
        created_at: STAMP,
        updated_at: '2026-11-22T11:00:00+00:00',
      },
    });
    try {
      expect(await pushNext(push)).toMatchObject({ type: 'sent' });
    } finally {
      (globalThis as { dispatchEvent?: unknown }).dispatchEvent = original;
    }
    expect(announced).toEqual([{ name: 'Ada King', first_name: 'Ada', last_name: 'King' }]);
    expect((await db.profiles.get(ME))?.updated_at).toBe('2026-11-22T11:00:00+00:00');
  });

  it('saves notification settings at once, sends them whole, and rolls them back on refusal', async () => {
    const choices = { invitations: false, event_updates: true, chat_messages: false };
    await mutate(env, 'profile.update', { changes: { notification_settings: choices } });
    expect((await db.profiles.get(ME))?.notification_settings).toEqual(choices);
    let sent: unknown;
    script = (req) => {
      sent = req.body;
      return {
        status: 403,
        body: { code: '42501', message: 'permission denied for table profiles', details: null, hint: null },
      };
    };
    expect(await pushNext(push)).toMatchObject({ type: 'rejected' });
    expect(sent).toEqual({ notification_settings: choices });
    expect((await db.profiles.get(ME))?.notification_settings).toBeNull();
    await expect(
      mutate(env, 'profile.update', { changes: { notification_settings: { invitations: 'yes' } } }),
    ).rejects.toThrow();
  });

  it('checks the avatar’s size and type before queueing, and points at it only once it is on the server', async () => {
    await expect(
      mutate(env, 'profile.upload-avatar', { bytes: new Uint8Array(5 * 1024 * 1024 + 1), contentType: 'image/png' }),
    ).rejects.toThrow('File size must be less than 5MB');
    await expect(
      mutate(env, 'profile.upload-avatar', { bytes: new Uint8Array(10), contentType: 'text/plain' }),
    ).rejects.toThrow('File must be an image');
    const queued = await mutate<{ path: string }>(env, 'profile.upload-avatar', {
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'image/png',
    });
    expect(queued.args.path).toBe(`${ME}/${ME}-1800000000000.png`);
    // An image request for the address now would fail before the file is there (the form shows the file).
    expect((await db.profiles.get(ME))?.avatar).toBeNull();
    const stored = (await db.outbox.toArray())[0].args as { bytes: Uint8Array };
    expect([...stored.bytes]).toEqual([1, 2, 3]);
  });
});

describe('friend kinds', () => {
  it('requests, answers (accepting makes a friend) and removes', async () => {
    await mutate(env, 'friend.request', { email: 'bob@example.com', message: 'hi' });
    expect((await db.friendRequests.toArray())[0]).toMatchObject({
      direction: 'outgoing',
      recipient_email: 'bob@example.com',
      status: 'pending',
    });
    await db.friendRequests.put({
      key: 'r1',
      id: 'r1',
      direction: 'incoming',
      sender_id: FRIEND,
      sender_name: 'Bob',
      sender_email: 'bob@example.com',
      sender_avatar: null,
      recipient_id: ME,
      recipient_name: null,
      recipient_email: null,
      recipient_avatar: null,
      message: null,
      status: 'pending',
      response_message: null,
      responded_at: null,
      created_at: STAMP,
    });
    await mutate(env, 'friend.respond', { id: 'r1', status: 'accepted' });
    expect(await db.friends.get(FRIEND)).toMatchObject({ name: 'Bob' });
    await mutate(env, 'friend.remove', { friendId: FRIEND });
    expect(await db.friends.get(FRIEND)).toBeUndefined();
  });
});
