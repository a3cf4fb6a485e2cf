/**
 * The two checks of the property test, read straight from the database: the server against the
 * reference model, and a device against what the server lets its user see.
 */
import { expect } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import type { Device } from './device.ts';
import type { Actor, Model } from './reference-model.ts';

const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

export async function expectServerEqualsModel(backend: TestBackend, model: Model): Promise<void> {
  const q = async (sql: string, params: unknown[] = []) =>
    (await backend.db.query(sql, params)).rows as Record<string, unknown>[];
  const actorOf = new Map(Object.entries(model.userIds).map(([actor, id]) => [id, actor as Actor]));
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
    const members = await q(
      `select user_id, role from public.event_members where event_id = $1 and deleted_at is null`,
      [row.id],
    );
    const expected = [
      { actor: event.creator, role: 'creator' },
      ...[...event.members].map(([actor, role]) => ({ actor, role })),
    ];
    expect(
      sorted(members.map((m) => ({ actor: actorOf.get(String(m.user_id)), role: m.role }))),
      `members of ${event.name}`,
    ).toEqual(sorted(expected));
    const invitations = await q(
      `select id, lower(recipient_email) as email, deleted_at is null and status = 'pending' as pending from public.event_invitations where event_id = $1`,
      [row.id],
    );
    expect(invitations.length, `invitation rows of ${event.name}`).toBe(event.invitationRows);
    expect(sorted(invitations.filter((i) => i.pending).map((i) => [i.email, i.id]))).toEqual(
      sorted([...event.invitations]),
    );
  }
  for (const [actor, name] of Object.entries(model.names)) {
    const [profile] = await q(`select name from public.profiles where id = $1`, [model.userIds[actor as Actor]]);
    expect(profile.name).toBe(name);
  }
}

export async function expectDeviceEqualsServer(backend: TestBackend, tab: Device, label: string): Promise<void> {
  const q = async (sql: string) => (await backend.db.query(sql, [tab.userId])).rows as Record<string, unknown>[];
  const visible = `(e.created_by = $1 or exists (select 1 from public.event_members m where m.event_id = e.id and m.user_id = $1 and m.deleted_at is null))`;
  const serverEvents = await q(`select e.id, e.name, e.location, e.status from public.events e where ${visible}`);
  const deviceEvents = (await tab.db.events.toArray()).map((e) => ({
    id: e.id,
    name: e.name,
    location: e.location,
    status: e.status,
  }));
  expect(sorted(deviceEvents), `${label}: events`).toEqual(sorted(serverEvents));

  const serverMembers = await q(
    `select m.event_id, m.user_id, m.role from public.event_members m join public.events e on e.id = m.event_id where m.deleted_at is null and ${visible}`,
  );
  const deviceMembers = (await tab.db.members.toArray()).map((m) => ({
    event_id: m.event_id,
    user_id: m.user_id,
    role: m.role,
  }));
  expect(sorted(deviceMembers), `${label}: members`).toEqual(sorted(serverMembers));

  const serverInvitations = await q(
    `select i.id, i.event_id, lower(i.recipient_email) as email, i.status from public.event_invitations i
     where i.deleted_at is null and (i.sender_id = $1 or i.recipient_id = $1 or exists (
       select 1 from public.event_members m where m.event_id = i.event_id and m.user_id = $1 and m.deleted_at is null and m.role in ('creator', 'admin')))`,
  );
  const deviceInvitations = (await tab.db.invitations.toArray()).map((i) => ({
    id: i.id,
    event_id: i.event_id,
    email: i.recipient_email.toLowerCase(),
    status: i.status,
  }));
  expect(sorted(deviceInvitations), `${label}: invitations`).toEqual(sorted(serverInvitations));

  const [profile] = await q(`select name from public.profiles where id = $1`);
  expect((await tab.db.profiles.get(tab.userId))?.name, `${label}: own profile`).toBe(profile.name);
  expect(await tab.db.shadows.count(), `${label}: no shadows left`).toBe(0);
}
