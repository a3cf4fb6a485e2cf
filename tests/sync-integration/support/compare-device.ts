/**
 * A device against what the server lets its user see, read straight from the database: events,
 * members, invitations, the profile, and the live rows of every event-page table in the events the
 * user belongs to (ids and the fields the kinds change), templates, friends, requests, seats.
 */
import { expect } from 'vitest';
import type { TestBackend } from '../../support/backend.ts';
import type { Device } from './device.ts';

const sorted = <T>(rows: T[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const VISIBLE = `(e.created_by = $1 or exists (select 1 from public.event_members m where m.event_id = e.id and m.user_id = $1 and m.deleted_at is null))`;
const IN_VISIBLE = `r.event_id in (select e.id from public.events e where ${VISIBLE})`;

/** Event-page tables: the device table, the server table and the fields compared. */
const PAGE_TABLES: Array<{ device: string; server: string; fields: string[]; tombstones?: true }> = [
  // Deleted messages stay on the device as tombstones (no text, no photo).
  {
    device: 'chatMessages',
    server: 'chat_messages',
    fields: ['id', 'body', 'author_id', 'photo_path', 'deleted'],
    tombstones: true,
  },
  { device: 'checklists', server: 'checklists', fields: ['id', 'title', 'kind'] },
  {
    device: 'checklistItems',
    server: 'checklist_items',
    fields: ['id', 'checklist_id', 'text', 'quantity', 'done', 'position'],
  },
  { device: 'scheduleItems', server: 'schedule_items', fields: ['id', 'title', 'location'] },
  { device: 'rides', server: 'rides', fields: ['id', 'seats', 'notes', 'direction'] },
  { device: 'expenses', server: 'expenses', fields: ['id', 'title', 'amount_minor', 'receipt_path'] },
  { device: 'settlements', server: 'settlements', fields: ['id', 'from_user', 'to_user', 'amount_minor'] },
  { device: 'siteItems', server: 'site_items', fields: ['id', 'label', 'rotation'] },
];

export async function expectDeviceEqualsServer(backend: TestBackend, tab: Device, label: string): Promise<void> {
  const q = async (sql: string) => (await backend.db.query(sql, [tab.userId])).rows as Record<string, unknown>[];
  const pick = (rows: Record<string, unknown>[], fields: string[]) =>
    sorted(rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null]))));

  const serverEvents = await q(`select e.id, e.name, e.location, e.status from public.events e where ${VISIBLE}`);
  expect(pick(await tab.db.events.toArray(), ['id', 'name', 'location', 'status']), `${label}: events`).toEqual(
    pick(serverEvents, ['id', 'name', 'location', 'status']),
  );
  const serverMembers = await q(
    `select m.event_id, m.user_id, m.role from public.event_members m join public.events e on e.id = m.event_id where m.deleted_at is null and ${VISIBLE}`,
  );
  expect(pick(await tab.db.members.toArray(), ['event_id', 'user_id', 'role']), `${label}: members`).toEqual(
    pick(serverMembers, ['event_id', 'user_id', 'role']),
  );
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

  for (const table of PAGE_TABLES) {
    const alive = table.tombstones ? '' : 'r.deleted_at is null and';
    const server = await q(
      `select r.*, r.deleted_at is not null as deleted from public.${table.server} r where ${alive} ${IN_VISIBLE}`,
    );
    const device = (await tab.db.table(table.device).toArray()).map((r: Record<string, unknown>) => ({
      ...r,
      deleted: Boolean(r.deleted_at),
    }));
    expect(pick(device, table.fields), `${label}: ${table.server}`).toEqual(pick(server, table.fields));
  }
  const serverReactions = await q(
    `select r.message_id, r.user_id, r.emoji from public.chat_reactions r join public.chat_messages c on c.id = r.message_id
     where r.deleted_at is null and c.event_id in (select e.id from public.events e where ${VISIBLE})`,
  );
  expect(pick(await tab.db.chatReactions.toArray(), ['message_id', 'user_id', 'emoji']), `${label}: reactions`).toEqual(
    pick(serverReactions, ['message_id', 'user_id', 'emoji']),
  );
  const serverAssignees = await q(
    `select r.item_id, r.user_id from public.schedule_item_assignees r join public.schedule_items s on s.id = r.item_id
     where r.deleted_at is null and s.event_id in (select e.id from public.events e where ${VISIBLE})`,
  );
  expect(pick(await tab.db.scheduleAssignees.toArray(), ['item_id', 'user_id']), `${label}: assignees`).toEqual(
    pick(serverAssignees, ['item_id', 'user_id']),
  );
  const serverPassengers = await q(
    `select r.ride_id, r.user_id, r.pickup_stop_id from public.ride_passengers r join public.rides d on d.id = r.ride_id
     where r.deleted_at is null and d.event_id in (select e.id from public.events e where ${VISIBLE})`,
  );
  expect(
    pick(await tab.db.ridePassengers.toArray(), ['ride_id', 'user_id', 'pickup_stop_id']),
    `${label}: seats`,
  ).toEqual(pick(serverPassengers, ['ride_id', 'user_id', 'pickup_stop_id']));
  const serverNeeds = await q(
    `select r.event_id, r.user_id, r.status, r.note from public.ride_needs r where r.deleted_at is null and ${IN_VISIBLE}`,
  );
  expect(
    pick(await tab.db.rideNeeds.toArray(), ['event_id', 'user_id', 'status', 'note']),
    `${label}: ride needs`,
  ).toEqual(pick(serverNeeds, ['event_id', 'user_id', 'status', 'note']));
  const serverPlans = await q(`select r.event_id, r.width_m, r.height_m from public.site_plans r where ${IN_VISIBLE}`);
  expect(pick(await tab.db.sitePlans.toArray(), ['event_id', 'width_m', 'height_m']), `${label}: site plans`).toEqual(
    pick(serverPlans, ['event_id', 'width_m', 'height_m']),
  );
  const serverTemplates = await q(
    `select id, title from public.checklist_templates where owner_id = $1 and deleted_at is null`,
  );
  expect(pick(await tab.db.checklistTemplates.toArray(), ['id', 'title']), `${label}: templates`).toEqual(
    pick(serverTemplates, ['id', 'title']),
  );
  const serverFriends = await q(
    `select friend_id as id from public.friendships where user_id = $1 and deleted_at is null`,
  );
  expect(pick(await tab.db.friends.toArray(), ['id']), `${label}: friends`).toEqual(pick(serverFriends, ['id']));
  const serverRequests = await q(
    `select id, status from public.friend_requests where (sender_id = $1 or recipient_id = $1) and deleted_at is null`,
  );
  expect(pick(await tab.db.friendRequests.toArray(), ['id', 'status']), `${label}: friend requests`).toEqual(
    pick(serverRequests, ['id', 'status']),
  );

  // Notifications and their read state: what a device marked read reached the server, and back.
  const serverNotifications = await q(
    `select id, read_at is not null as is_read from public.notifications where user_id = $1 and deleted_at is null`,
  );
  const deviceNotifications = (await tab.db.notifications.toArray()).map((r) => ({ id: r.id, is_read: !!r.read_at }));
  expect(sorted(deviceNotifications), `${label}: notifications`).toEqual(sorted(serverNotifications));

  const [settings] = await q(
    `select channels, quiet_hours_enabled, quiet_hours_start, quiet_hours_end, time_zone, digest_enabled, digest_hour
     from public.notification_settings where user_id = $1`,
  );
  const deviceSettings = await tab.db.notificationSettings.get(tab.userId);
  expect(
    deviceSettings && {
      channels: deviceSettings.channels,
      quiet_hours_enabled: deviceSettings.quiet_hours_enabled,
      quiet_hours_start: deviceSettings.quiet_hours_start,
      quiet_hours_end: deviceSettings.quiet_hours_end,
      time_zone: deviceSettings.time_zone,
      digest_enabled: deviceSettings.digest_enabled,
      digest_hour: deviceSettings.digest_hour,
    },
    `${label}: notification settings`,
  ).toEqual(settings);

  const [profile] = await q(`select name, avatar from public.profiles where id = $1`);
  const own = await tab.db.profiles.get(tab.userId);
  expect({ name: own?.name, avatar: own?.avatar ?? null }, `${label}: own profile`).toEqual(profile);
  expect(await tab.db.shadows.count(), `${label}: no shadows left`).toBe(0);
}
