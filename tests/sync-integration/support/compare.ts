/**
 * The server against the reference model, read straight from the database: events, members,
 * invitations and profiles exactly; the rows the event-page kinds make counted per event and table
 * (each acknowledged create one row, none lost, none twice; deletions as the model has them);
 * friends, seats, assignees, plans, avatars and receipts as the model has them.
 */
import { expect } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import { ACTORS, type Actor, type Model, type ModelEvent, type RowTable } from './reference-model.ts';

const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Per table: how its rows of one event are counted (all, and the live ones). */
const COUNTED: Record<Exclude<RowTable, 'checklist_templates'>, { all: string; alive: string }> = {
  chat_messages: { all: 'true', alive: 'r.deleted_at is null' },
  checklists: { all: 'true', alive: 'r.deleted_at is null' },
  // An item counts as live while it and its list are.
  checklist_items: {
    all: 'true',
    alive: `r.deleted_at is null and exists (select 1 from public.checklists l where l.id = r.checklist_id and l.deleted_at is null)`,
  },
  schedule_items: { all: 'true', alive: 'r.deleted_at is null' },
  rides: { all: 'true', alive: 'r.deleted_at is null' },
  expenses: { all: 'true', alive: 'r.deleted_at is null' },
  settlements: { all: 'true', alive: 'r.deleted_at is null' },
  site_items: { all: 'true', alive: 'r.deleted_at is null' },
};

async function checkEventRows(q: Query, model: Model, event: ModelEvent, id: string): Promise<void> {
  for (const [table, where] of Object.entries(COUNTED)) {
    const rows = model.rows.filter((r) => r.table === table && r.event === event);
    const imported = table === 'chat_messages' ? (model.imported.get(event) ?? 0) : 0;
    const [counts] = await q(
      `select count(*)::int as all, (count(*) filter (where ${where.alive}))::int as alive from public.${table} r where r.event_id = $1`,
      [id],
    );
    expect(counts, `${table} of ${event.name} (all made, live)`).toEqual({
      all: rows.length + imported,
      alive: rows.filter((r) => r.alive).length + imported,
    });
  }
  const assigned = model.rows.filter(
    (r) => r.table === 'schedule_items' && r.event === event && r.alive && r.state.assigned,
  );
  const assignees = await q(
    `select a.item_id from public.schedule_item_assignees a join public.schedule_items s on s.id = a.item_id
     where s.event_id = $1 and s.deleted_at is null and a.deleted_at is null`,
    [id],
  );
  expect(sorted(assignees.map((a) => String(a.item_id))), `assignees in ${event.name}`).toEqual(
    sorted(assigned.map((r) => r.id)),
  );
  const receipts = model.rows.filter((r) => r.table === 'expenses' && r.event === event && r.state.receipt);
  const [withReceipt] = await q(
    `select count(*)::int as n from public.expenses where event_id = $1 and receipt_path is not null`,
    [id],
  );
  expect(withReceipt.n, `receipts in ${event.name}`).toBe(receipts.length);
  const [plan] = await q(`select count(*)::int as n from public.site_plans where event_id = $1`, [id]);
  if (event.planSized) expect(plan.n, `site plan of ${event.name}`).toBe(1);
}

async function checkMembersAndInvitations(q: Query, model: Model, event: ModelEvent, id: string): Promise<void> {
  const actorOf = new Map(Object.entries(model.userIds).map(([actor, uid]) => [uid, actor as Actor]));
  const members = await q(`select user_id, role from public.event_members where event_id = $1 and deleted_at is null`, [
    id,
  ]);
  const expected = [
    ...(event.creator === 'setup' ? [] : [{ actor: event.creator, role: 'creator' }]),
    ...[...event.members].map(([actor, role]) => ({ actor, role })),
  ];
  expect(
    sorted(
      members
        .filter((m) => actorOf.has(String(m.user_id)))
        .map((m) => ({ actor: actorOf.get(String(m.user_id)), role: m.role })),
    ),
    `members of ${event.name}`,
  ).toEqual(sorted(expected));
  const invitations = await q(
    `select id, lower(recipient_email) as email, deleted_at is null and status = 'pending' as pending from public.event_invitations where event_id = $1`,
    [id],
  );
  expect(invitations.length, `invitation rows of ${event.name}`).toBe(event.invitationRows);
  expect(sorted(invitations.filter((i) => i.pending).map((i) => [i.email, i.id]))).toEqual(
    sorted([...event.invitations]),
  );
}

export async function expectServerEqualsModel(backend: TestBackend, model: Model): Promise<void> {
  const q: Query = async (sql, params = []) => (await backend.db.query(sql, params)).rows as Record<string, unknown>[];
  const ids = Object.values(model.userIds);
  const [{ count }] = await q(`select count(*)::int as count from public.events where created_by = any($1::uuid[])`, [
    ids,
  ]);
  expect(count, 'events on the server (none lost, none duplicated)').toBe(model.events.length);
  for (const event of model.events) {
    const rows = await q(`select id, name, location, status from public.events where client_ref = $1`, [
      event.clientRef,
    ]);
    expect(rows, `event ${event.clientRef}`).toHaveLength(1);
    const [row] = rows;
    expect({ name: row.name, location: row.location, status: row.status }).toEqual({
      name: event.name,
      location: event.location,
      status: event.status,
    });
    const notes = await q(`select body from public.event_notes where event_id = $1`, [row.id]);
    expect(
      notes.map((n) => n.body),
      `notes of ${event.clientRef}`,
    ).toEqual([event.notes]);
    await checkMembersAndInvitations(q, model, event, String(row.id));
    await checkEventRows(q, model, event, String(row.id));
  }
  for (const event of model.shared) {
    await checkMembersAndInvitations(q, model, event, event.localId);
    await checkEventRows(q, model, event, event.localId);
  }
  for (const actor of ACTORS) {
    const uid = model.userIds[actor];
    const [profile] = await q(`select name, avatar from public.profiles where id = $1`, [uid]);
    if (model.names[actor]) expect(profile.name).toBe(model.names[actor]);
    expect(profile.avatar !== null, `${actor}'s avatar`).toBe(model.avatars.has(actor));
    const templates = model.rows.filter((r) => r.table === 'checklist_templates' && r.owner === actor);
    const [counts] = await q(
      `select count(*)::int as all, (count(*) filter (where deleted_at is null))::int as alive from public.checklist_templates where owner_id = $1`,
      [uid],
    );
    expect(counts, `${actor}'s templates`).toEqual({
      all: templates.length,
      alive: templates.filter((t) => t.alive).length,
    });
    const friends = await q(`select friend_id from public.friendships where user_id = $1 and deleted_at is null`, [
      uid,
    ]);
    expect(sorted(friends.map((f) => String(f.friend_id))), `${actor}'s friends`).toEqual(
      sorted([...model.friends[actor]]),
    );
    const incoming = await q(`select id from public.friend_requests where recipient_id = $1 and status = 'pending'`, [
      uid,
    ]);
    expect(sorted(incoming.map((r) => String(r.id))), `${actor}'s open friend requests`).toEqual(
      sorted([...model.incomingFriendRequests[actor].keys()]),
    );
    const [asked] = await q(`select count(*)::int as n from public.friend_requests where sender_id = $1`, [uid]);
    expect(asked.n, `${actor}'s friend requests`).toBe(model.askedFriend[actor] ? 1 : 0);
  }
  for (const ride of model.rows.filter((r) => r.table === 'rides' && r.owner === 'setup')) {
    const passengers = await q(`select user_id from public.ride_passengers where ride_id = $1 and deleted_at is null`, [
      ride.id,
    ]);
    const expected = [...(ride.state.passengers as Set<Actor>)].map((a) => model.userIds[a]);
    expect(sorted(passengers.map((p) => String(p.user_id))), 'seats on the shared ride').toEqual(sorted(expected));
  }
}
