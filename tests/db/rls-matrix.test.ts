/**
 * The row-level security matrix: every table of `public` x every actor x select/insert/update/
 * delete, through supabase-js REST, against the table of expectations below. The catalog decides
 * what "every table" is: a table without a row here fails the first test, so a new table cannot
 * arrive without its expectations. Each case works on a row made for it (or a fixed row where the
 * relation matters, e.g. the member's own profile), and checks as the owner what really happened,
 * so "none" means "no row seen or changed" and "denied" means the request was refused with 42501
 * (401 for the anonymous caller, 403 else).
 *
 * Actors: anonymous; outsider (signed in, not in the event); member, event admin and creator of
 * the event; site admin (profiles.role admin, not in the event); service role.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb } from './events-support.ts';
import { accountKits } from './rls-matrix-account-kits.ts';
import { eventPageKits } from './rls-matrix-event-kits.ts';
import { notificationKits } from './rls-matrix-notification-kits.ts';
import { crewKits } from './rls-matrix-crew-kits.ts';
import { readinessKits } from './rls-matrix-readiness-kits.ts';
import { ACTORS, Matrix, OPS, type Actor, type Op, type Outcome, type TableKit } from './rls-matrix-support.ts';

const Y: Outcome = 'ok';
const N: Outcome = 'none';
const D: Outcome = 'denied';
const R: Outcome = 'refused';
const serviceOnly = [D, D, D, D, D, D, Y];
/** What the event's members read; outsiders, and site admins outside the event, see nothing. */
const membersRead = [D, N, Y, Y, Y, N, Y];
/** Rows any member of the event adds, as themselves. */
const membersAdd = [D, D, Y, Y, Y, D, Y];
/** Rows the member made, which they and the event's managers change. */
const authorOrManagerChange = [D, N, Y, Y, Y, N, Y];
const ownRowsOnly = [D, N, Y, N, N, N, Y];

// prettier-ignore
const EXPECTED: Record<string, Record<Op, Outcome[]>> = {
  //                            anonymous outsider member eventAdmin creator siteAdmin service
  tier_limits:             { select: [Y, Y, Y, Y, Y, Y, Y], insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  app_settings:            { select: [Y, Y, Y, Y, Y, Y, Y], insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  waitlist:                { select: [D, N, N, N, N, Y, Y], insert: serviceOnly, update: [D, N, N, N, N, Y, Y], delete: serviceOnly },
  profiles:                { select: [D, N, Y, Y, Y, Y, Y], insert: serviceOnly, update: [D, N, Y, N, N, N, Y], delete: serviceOnly },
  events:                  { select: [D, N, Y, Y, Y, N, Y], insert: [D, Y, Y, Y, Y, Y, Y], update: [D, N, N, Y, Y, N, Y], delete: serviceOnly },
  event_members:           { select: membersRead, insert: [D, D, D, Y, Y, D, Y], update: [D, N, N, Y, Y, N, Y], delete: serviceOnly },
  event_invitations:       { select: [D, N, N, Y, Y, N, Y], insert: [D, D, D, Y, Y, D, Y], update: serviceOnly, delete: serviceOnly },
  friend_requests:         { select: ownRowsOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  friendships:             { select: ownRowsOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  friend_invite_codes:     { select: ownRowsOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  stripe_subscriptions:    { select: [D, N, Y, N, N, Y, Y], insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  payments:                { select: [D, N, Y, N, N, Y, Y], insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  // The owner reads their calendar feed (not its hash); create/rotate/revoke go through procedures.
  calendar_feeds:          { select: ownRowsOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  admin_activity:          { select: [D, N, N, N, N, Y, Y], insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  // Event pages: soft deletion only (deleted_at), never a hard delete by a client.
  // The author edits a message's text; a manager may only delete it (the deletion is tested in event-pages).
  chat_messages:           { select: membersRead, insert: membersAdd, update: [D, N, Y, D, D, N, Y], delete: serviceOnly },
  // Reactions and read markers are written by set_chat_reaction and mark_chat_read only.
  chat_reactions:          { select: membersRead, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  chat_read_markers:       { select: ownRowsOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  checklists:              { select: membersRead, insert: membersAdd, update: authorOrManagerChange, delete: serviceOnly },
  checklist_items:         { select: membersRead, insert: membersAdd, update: authorOrManagerChange, delete: serviceOnly },
  // Templates belong to a person, and are made by save_checklist_template.
  checklist_templates:     { select: ownRowsOnly, insert: serviceOnly, update: ownRowsOnly, delete: serviceOnly },
  schedule_items:          { select: membersRead, insert: membersAdd, update: authorOrManagerChange, delete: serviceOnly },
  schedule_item_assignees: { select: membersRead, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  expenses:                { select: membersRead, insert: membersAdd, update: authorOrManagerChange, delete: serviceOnly },
  settlements:             { select: membersRead, insert: membersAdd, update: authorOrManagerChange, delete: serviceOnly },
  // A ride's driver is its author; someone outside the event is refused as a driver before RLS.
  rides:                   { select: membersRead, insert: [D, R, Y, Y, Y, R, Y], update: authorOrManagerChange, delete: serviceOnly },
  ride_passengers:         { select: membersRead, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  // "I need a ride" / "Going on my own": members say it for themselves (each insert case is the actor's own row); someone outside the event is refused before RLS.
  ride_needs:              { select: membersRead, insert: [D, R, Y, Y, Y, R, Y], update: ownRowsOnly, delete: serviceOnly },
  site_plans:              { select: membersRead, insert: [D, D, D, Y, Y, D, Y], update: [D, N, N, Y, Y, N, Y], delete: serviceOnly },
  site_items:              { select: membersRead, insert: membersAdd, update: authorOrManagerChange, delete: serviceOnly },
  // Notifications are written by the database's triggers; the recipient only marks them read.
  notifications:           { select: ownRowsOnly, insert: serviceOnly, update: ownRowsOnly, delete: serviceOnly },
  // Everyone creates and changes their own settings (each insert case is about the actor's own row).
  notification_settings:   { select: ownRowsOnly, insert: [D, Y, Y, Y, Y, Y, Y], update: ownRowsOnly, delete: serviceOnly },
  // Devices are registered by register_push_subscription; the owner renames and removes them.
  push_subscriptions:      { select: ownRowsOnly, insert: serviceOnly, update: ownRowsOnly, delete: ownRowsOnly },
  // Follows are written by set_event_follow (member and tier checks) only.
  event_follows:           { select: ownRowsOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  // Managers post; the author (the event admin here) and managers withdraw (deleted_at), nobody deletes.
  announcements:           { select: membersRead, insert: [D, D, D, Y, Y, D, Y], update: [D, N, N, Y, Y, N, Y], delete: serviceOnly },
  // Seen marks are written by mark_announcement_seen; a member reads their own, managers everyone's.
  announcement_reads:      { select: membersRead, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
  // One row per event, made with it; every member reads it, managers edit it (issue 24).
  event_notes:             { select: membersRead, insert: serviceOnly, update: [D, N, N, Y, Y, N, Y], delete: serviceOnly },
  // Device readiness is written by report_device_ready and forget_device only; members read their event's.
  device_readiness:        { select: membersRead, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
};

let backend: TestBackend;
let clients: Record<Actor, SupabaseClient>;
let kits: Record<string, TableKit>;
let matrix: Matrix;

beforeAll(async () => {
  backend = await startDb();
  const users = {
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
  const eventId = (await makeEvent(users.creator, { name: 'The festival' })).id;
  await addMembers(backend, eventId, [{ id: users.member.id }, { id: users.eventAdmin.id, role: 'admin' }]);
  await backend.db.query(`insert into public.stripe_subscriptions (user_id, tier) values ($1, 'pro')`, [
    users.member.id,
  ]);
  matrix = new Matrix(backend, users, eventId);
  kits = {
    ...accountKits(matrix),
    ...eventPageKits(matrix),
    ...notificationKits(matrix),
    ...crewKits(matrix),
    ...readinessKits(matrix),
  };
});

afterAll(async () => {
  await backend?.stop();
});

it('has expectations and a kit for every table of public, and for nothing else', async () => {
  const { rows } = await backend.db.query<{ name: string }>(
    `select c.relname as name from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`,
  );
  const tables = rows.map((r) => r.name).sort();
  expect(Object.keys(EXPECTED).sort()).toEqual(tables);
  expect(Object.keys(kits).sort()).toEqual(tables);
});

function expectRefusal(actor: Actor, expected: Outcome, result: { error: { code: string } | null; status: number }) {
  if (expected === 'refused') {
    expect([result.status, result.error?.code]).toEqual([400, 'P0001']);
    return;
  }
  expect(result.error?.code).toBe('42501');
  expect(result.status).toBe(actor === 'anonymous' ? 401 : 403);
}

async function exists(table: string, key: string, id: string): Promise<boolean> {
  return (await matrix.sql(`select 1 from public.${table} where ${key}::text = $1`, [id])).length === 1;
}

async function runCase(table: string, op: Op, actor: Actor, expected: Outcome) {
  const kit = kits[table];
  const from = () => clients[actor].from(table);
  const refused = expected === 'denied' || expected === 'refused';
  try {
    if (op === 'insert') {
      const { payload, id, lookup } = await kit.insert(actor);
      const result = await from().insert(payload);
      if (refused) expectRefusal(actor, expected, result);
      else expect(result.error).toBeNull();
      expect(await exists(table, lookup ?? kit.key, id)).toBe(expected === 'ok');
      return;
    }
    const id = await kit.target(op);
    if (op === 'select') {
      const result = await from().select(kit.key).eq(kit.key, id);
      if (refused) return expectRefusal(actor, expected, result);
      expect(result.error).toBeNull();
      expect(result.data).toHaveLength(expected === 'ok' ? 1 : 0);
    } else if (op === 'update') {
      const patch = kit.patch();
      const result = await from().update(patch).eq(kit.key, id).select(kit.key);
      if (refused) expectRefusal(actor, expected, result);
      else {
        expect(result.error).toBeNull();
        expect(result.data).toHaveLength(expected === 'ok' ? 1 : 0);
      }
      expect(await kit.changed(id, patch)).toBe(expected === 'ok');
    } else {
      const result = await from().delete().eq(kit.key, id).select(kit.key);
      if (refused) expectRefusal(actor, expected, result);
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
    for (const op of OPS) {
      ACTORS.forEach((actor, i) => {
        const expected = ops[op][i];
        it(`${op} by ${actor}: ${expected}`, () => runCase(table, op, actor, expected));
      });
    }
  });
}
