/**
 * The row-level security matrix: every core table x every actor x select/insert/update/delete,
 * through supabase-js REST, against the table of expectations below. Each case works on a row
 * made for it (or a fixed row where the relation matters, e.g. the member's own profile), and
 * checks as the owner what really happened, so "none" means "no row seen or changed" and
 * "denied" means the request was refused with 42501 (401 for the anonymous caller, 403 else).
 *
 * Actors: anonymous; outsider (signed in, not in the event); member, event admin and creator of
 * the event; site admin (profiles.role admin, not in the event); service role.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb, uniqueEmail, type TestUser } from './events-support.ts';

type Outcome = 'ok' | 'none' | 'denied';
type Op = 'select' | 'insert' | 'update' | 'delete';
const ACTORS = ['anonymous', 'outsider', 'member', 'eventAdmin', 'creator', 'siteAdmin', 'service'] as const;
type Actor = (typeof ACTORS)[number];
const Y: Outcome = 'ok';
const N: Outcome = 'none';
const D: Outcome = 'denied';
const writesServiceOnly = [D, D, D, D, D, D, Y];

// prettier-ignore
const EXPECTED: Record<string, Record<Op, Outcome[]>> = {
  //                          anonymous outsider member eventAdmin creator siteAdmin service
  tier_limits:          { select: [Y, Y, Y, Y, Y, Y, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
  app_settings:         { select: [Y, Y, Y, Y, Y, Y, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
  waitlist:             { select: [D, N, N, N, N, Y, Y], insert: writesServiceOnly, update: [D, N, N, N, N, Y, Y], delete: writesServiceOnly },
  profiles:             { select: [D, N, Y, Y, Y, Y, Y], insert: writesServiceOnly, update: [D, N, Y, N, N, N, Y], delete: writesServiceOnly },
  events:               { select: [D, N, Y, Y, Y, N, Y], insert: [D, Y, Y, Y, Y, Y, Y], update: [D, N, N, Y, Y, N, Y], delete: writesServiceOnly },
  event_members:        { select: [D, N, Y, Y, Y, N, Y], insert: [D, D, D, Y, Y, D, Y], update: [D, N, N, Y, Y, N, Y], delete: writesServiceOnly },
  event_invitations:    { select: [D, N, N, Y, Y, N, Y], insert: [D, D, D, Y, Y, D, Y], update: writesServiceOnly, delete: writesServiceOnly },
  friend_requests:      { select: [D, N, Y, N, N, N, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
  friendships:          { select: [D, N, Y, N, N, N, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
  friend_invite_codes:  { select: [D, N, Y, N, N, N, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
  stripe_subscriptions: { select: [D, N, Y, N, N, Y, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
  payments:             { select: [D, N, Y, N, N, Y, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
  admin_activity:       { select: [D, N, N, N, N, Y, Y], insert: writesServiceOnly, update: writesServiceOnly, delete: writesServiceOnly },
};

let backend: TestBackend;
let users: Record<'outsider' | 'member' | 'eventAdmin' | 'creator' | 'siteAdmin', TestUser>;
let clients: Record<Actor, SupabaseClient>;
let eventId: string;
let serial = 0;
const marker = () => `matrix-${serial++}`;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await backend.db.query<T>(text, params)).rows;
}
async function one(text: string, params: unknown[] = []): Promise<string> {
  const rows = await sql<{ v: string }>(text, params);
  return rows[0]?.v;
}
/** An account made directly in auth.users (the trigger gives it a profile); nobody signs in as it. */
async function spareUser(): Promise<string> {
  return one(`insert into auth.users (id, email) values (gen_random_uuid(), $1) returning id as v`, [
    uniqueEmail('spare'),
  ]);
}

interface TableKit {
  key: string;
  /** The row a select/update/delete case works on. */
  target(op: Op): Promise<string>;
  patch(): Record<string, unknown>;
  /** Whether the target row shows the patch (read as the owner). */
  changed(id: string, patch: Record<string, unknown>): Promise<boolean>;
  /** A row to insert as the actor; returns the payload and how to find it afterwards. */
  insert(actor: Actor): Promise<{ payload: Record<string, unknown>; id: string }>;
  cleanup?(): Promise<void>;
}

const column = (table: string, key: string, col: string) => async (id: string, patch: Record<string, unknown>) =>
  (await one(`select ${col}::text as v from public.${table} where ${key}::text = $1`, [id])) === String(patch[col]);

let restoreOrganizer = false;
const kits: Record<string, TableKit> = {
  tier_limits: {
    key: 'tier',
    async target(op) {
      if (op !== 'select') restoreOrganizer = true;
      return 'organizer';
    },
    patch: () => ({ monthly_price: 51 }),
    changed: column('tier_limits', 'tier', 'monthly_price'),
    async insert() {
      restoreOrganizer = true;
      await sql(`delete from public.tier_limits where tier = 'organizer'`);
      return {
        payload: {
          tier: 'organizer',
          max_events_simultaneously: 25,
          max_planning_days: 370,
          max_members_per_event: 40,
          max_co_organizers: 4,
          auto_delete_past_events_after_days: 180,
          monthly_price: 50,
          yearly_price: 540,
        },
        id: 'organizer',
      };
    },
    async cleanup() {
      if (!restoreOrganizer) return;
      restoreOrganizer = false;
      await sql(`insert into public.tier_limits values ('organizer', 25, 370, 40, 4, 180, 50, 540)
                 on conflict (tier) do update set monthly_price = 50`);
    },
  },
  app_settings: {
    key: 'key',
    target: async () =>
      one(`insert into public.app_settings (key, value) values ($1, '{"enabled": true}') returning key as v`, [
        marker(),
      ]),
    patch: () => ({ value: { enabled: false } }),
    changed: async (id) =>
      (await one(`select value::text as v from public.app_settings where key = $1`, [id])) === '{"enabled": false}',
    insert: async () => {
      const key = marker();
      return { payload: { key, value: { enabled: true } }, id: key };
    },
  },
  waitlist: {
    key: 'id',
    target: async () =>
      one(`insert into public.waitlist (email) values ($1) returning id as v`, [uniqueEmail('waiting')]),
    patch: () => ({ notes: marker() }),
    changed: column('waitlist', 'id', 'notes'),
    insert: async () => {
      const email = uniqueEmail('joining');
      return { payload: { email }, id: email };
    },
  },
  profiles: {
    key: 'id',
    target: async (op) => (op === 'delete' ? spareUser() : users.member.id),
    patch: () => ({ name: marker() }),
    changed: column('profiles', 'id', 'name'),
    insert: async () => {
      const id = await spareUser();
      await sql(`delete from public.profiles where id = $1`, [id]);
      return { payload: { id, name: 'Inserted Profile' }, id };
    },
  },
  events: {
    key: 'id',
    async target() {
      const id = await one(
        `insert into public.events (name, created_by) values ('Matrix event', $1) returning id as v`,
        [users.creator.id],
      );
      await addMembers(backend, id, [{ id: users.member.id }, { id: users.eventAdmin.id, role: 'admin' }]);
      return id;
    },
    patch: () => ({ name: marker() }),
    changed: column('events', 'id', 'name'),
    insert: async (actor) => {
      const ref = marker();
      const payload: Record<string, unknown> = { name: 'Inserted event', client_ref: ref };
      if (actor === 'service') payload.created_by = users.siteAdmin.id;
      return { payload, id: ref };
    },
    cleanup: async () => {
      await sql(`delete from public.events where name in ('Matrix event', 'Inserted event')`);
    },
  },
  event_members: {
    key: 'id',
    target: async () =>
      one(`insert into public.event_members (event_id, user_id) values ($1, $2) returning id as v`, [
        eventId,
        await spareUser(),
      ]),
    patch: () => ({ deleted_at: new Date().toISOString() }),
    changed: async (id) =>
      (await one(`select (deleted_at is not null)::text as v from public.event_members where id = $1`, [id])) ===
      'true',
    insert: async () => {
      const userId = await spareUser();
      const id = await one(`select gen_random_uuid()::text as v`);
      return { payload: { id, event_id: eventId, user_id: userId, role: 'member' }, id };
    },
    cleanup: async () => {
      await sql(`delete from public.event_members where event_id = $1 and role = 'member' and user_id <> $2`, [
        eventId,
        users.member.id,
      ]);
    },
  },
  event_invitations: {
    key: 'id',
    target: async () =>
      one(
        `insert into public.event_invitations (event_id, sender_id, recipient_email) values ($1, $2, $3) returning id as v`,
        [eventId, users.creator.id, uniqueEmail('invited')],
      ),
    patch: () => ({ message: marker() }),
    changed: column('event_invitations', 'id', 'message'),
    insert: async () => {
      const id = await one(`select gen_random_uuid()::text as v`);
      return { payload: { id, event_id: eventId, recipient_email: uniqueEmail('invitee') }, id };
    },
  },
  friend_requests: {
    key: 'id',
    target: async () =>
      one(`insert into public.friend_requests (sender_id, recipient_id) values ($1, $2) returning id as v`, [
        users.member.id,
        await spareUser(),
      ]),
    patch: () => ({ message: marker() }),
    changed: column('friend_requests', 'id', 'message'),
    insert: async () => {
      const id = await one(`select gen_random_uuid()::text as v`);
      return { payload: { id, sender_id: users.member.id, recipient_id: await spareUser() }, id };
    },
  },
  friendships: {
    key: 'id',
    target: async () =>
      one(`insert into public.friendships (user_id, friend_id) values ($1, $2) returning id as v`, [
        users.member.id,
        await spareUser(),
      ]),
    patch: () => ({ deleted_at: new Date().toISOString() }),
    changed: async (id) =>
      (await one(`select (deleted_at is not null)::text as v from public.friendships where id = $1`, [id])) === 'true',
    insert: async () => {
      const id = await one(`select gen_random_uuid()::text as v`);
      return { payload: { id, user_id: users.member.id, friend_id: await spareUser() }, id };
    },
  },
  friend_invite_codes: {
    key: 'code',
    target: async () =>
      one(`insert into public.friend_invite_codes (code, user_id) values ($1, $2) returning code as v`, [
        marker(),
        users.member.id,
      ]),
    patch: () => ({ used_count: 5 }),
    changed: column('friend_invite_codes', 'code', 'used_count'),
    insert: async () => {
      const code = marker();
      return { payload: { code, user_id: users.member.id }, id: code };
    },
  },
  stripe_subscriptions: {
    key: 'id',
    target: async (op) =>
      op === 'delete'
        ? one(`insert into public.stripe_subscriptions (user_id) values ($1) returning id as v`, [await spareUser()])
        : one(`select id as v from public.stripe_subscriptions where user_id = $1`, [users.member.id]),
    patch: () => ({ status: marker() }),
    changed: column('stripe_subscriptions', 'id', 'status'),
    insert: async () => {
      const id = await one(`select gen_random_uuid()::text as v`);
      return { payload: { id, user_id: await spareUser(), tier: 'pro' }, id };
    },
  },
  payments: {
    key: 'id',
    target: async () =>
      one(`insert into public.payments (user_id, kind, amount_minor) values ($1, 'tier', 2000) returning id as v`, [
        users.member.id,
      ]),
    patch: () => ({ description: marker() }),
    changed: column('payments', 'id', 'description'),
    insert: async () => {
      const id = await one(`select gen_random_uuid()::text as v`);
      return { payload: { id, user_id: users.member.id, kind: 'tools', amount_minor: 500 }, id };
    },
  },
  admin_activity: {
    key: 'id',
    target: async () =>
      one(`insert into public.admin_activity (actor_id, action) values ($1, 'matrix') returning id as v`, [
        users.siteAdmin.id,
      ]),
    patch: () => ({ action: marker() }),
    changed: column('admin_activity', 'id', 'action'),
    insert: async () => {
      const id = await one(`select gen_random_uuid()::text as v`);
      return { payload: { id, action: 'forged' }, id };
    },
  },
};

beforeAll(async () => {
  backend = await startDb();
  users = {
    outsider: await makeUser(backend, 'outsider'),
    member: await makeUser(backend, 'member'),
    eventAdmin: await makeUser(backend, 'eventadmin'),
    creator: await makeUser(backend, 'creator', { tier: 'organizer' }),
    siteAdmin: await makeUser(backend, 'siteadmin', { role: 'admin' }),
  };
  clients = {
    anonymous: backend.anon(),
    service: backend.service(),
    ...(Object.fromEntries(Object.entries(users).map(([k, u]) => [k, u.client])) as Record<
      keyof typeof users,
      SupabaseClient
    >),
  };
  eventId = (await makeEvent(users.creator, { name: 'The festival' })).id;
  await addMembers(backend, eventId, [{ id: users.member.id }, { id: users.eventAdmin.id, role: 'admin' }]);
  await sql(`insert into public.stripe_subscriptions (user_id, tier) values ($1, 'pro')`, [users.member.id]);
});

afterAll(async () => {
  await backend?.stop();
});

function expectDenied(actor: Actor, result: { error: { code: string } | null; status: number }) {
  expect(result.error?.code).toBe('42501');
  expect(result.status).toBe(actor === 'anonymous' ? 401 : 403);
}

async function exists(table: string, key: string, id: string): Promise<boolean> {
  return (await sql(`select 1 from public.${table} where ${key}::text = $1`, [id])).length === 1;
}

async function runCase(table: string, op: Op, actor: Actor, expected: Outcome) {
  const kit = kits[table];
  const client = clients[actor];
  const from = () => client.from(table);
  try {
    if (op === 'insert') {
      const { payload, id } = await kit.insert(actor);
      const result = await from().insert(payload);
      const lookup = table === 'events' ? 'client_ref' : table === 'waitlist' ? 'email' : kit.key;
      if (expected === 'ok') expect(result.error).toBeNull();
      else expectDenied(actor, result);
      expect(await exists(table, lookup, id)).toBe(expected === 'ok');
      return;
    }
    const id = await kit.target(op);
    if (op === 'select') {
      const result = await from().select(kit.key).eq(kit.key, id);
      if (expected === 'denied') return expectDenied(actor, result);
      expect(result.error).toBeNull();
      expect(result.data).toHaveLength(expected === 'ok' ? 1 : 0);
    } else if (op === 'update') {
      const patch = kit.patch();
      const result = await from().update(patch).eq(kit.key, id).select(kit.key);
      if (expected === 'denied') expectDenied(actor, result);
      else {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(expected === 'ok' ? 1 : 0);
      }
      expect(await kit.changed(id, patch)).toBe(expected === 'ok');
    } else {
      const result = await from().delete().eq(kit.key, id).select(kit.key);
      if (expected === 'denied') expectDenied(actor, result);
      else {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(expected === 'ok' ? 1 : 0);
      }
      expect(await exists(table, kit.key, id)).toBe(expected !== 'ok');
    }
  } finally {
    await kit.cleanup?.();
  }
}

for (const [table, ops] of Object.entries(EXPECTED)) {
  describe(table, () => {
    for (const op of ['select', 'insert', 'update', 'delete'] as const) {
      ACTORS.forEach((actor, i) => {
        const expected = ops[op][i];
        it(`${op} by ${actor}: ${expected}`, () => runCase(table, op, actor, expected));
      });
    }
  });
}
