/**
 * Ready for no signal in the database (issue 24): readiness rows are written only through
 * report_device_ready (the caller's own device, as a member) and forgotten only through
 * forget_device; the event's members read them, nobody else; managers (only) nudge a member
 * through the notifications, at most once per member and event an hour.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let eventId: string;
const PHONE = '6f1c1e0a-1d2b-4c3d-8e4f-000000000001';
const LAPTOP = '6f1c1e0a-1d2b-4c3d-8e4f-000000000002';

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'readycreator', { tier: 'starter' });
  member = await makeUser(backend, 'readymember');
  other = await makeUser(backend, 'readyother');
  outsider = await makeUser(backend, 'readyoutsider');
  eventId = (await makeEvent(creator, { name: 'Lakeside weekend' })).id;
  await addMembers(backend, eventId, [{ id: member.id }, { id: other.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

const readiness = (user: TestUser) =>
  user.client
    .from('device_readiness')
    .select('user_id, device_id, app_version, device_label, ready_at')
    .eq('event_id', eventId)
    .is('deleted_at', null);

it('writes readiness rows only through the procedure, for the caller’s own device as a member', async () => {
  const reported = await rpc(member.client, 'report_device_ready', {
    p_event_id: eventId,
    p_device_id: PHONE,
    p_app_version: '0.1.0',
    p_device_label: '  Chrome on Android  ',
  });
  expect(reported).toMatchObject({ success: true, message: 'Ready for no signal' });

  // No direct writes of any kind, for anyone signed in.
  const forged = await member.client.from('device_readiness').insert({
    event_id: eventId,
    user_id: member.id,
    device_id: LAPTOP,
    app_version: '9.9.9',
  });
  expect(forged.error?.code).toBe('42501');
  const changed = await member.client.from('device_readiness').update({ app_version: '9.9.9' }).eq('event_id', eventId);
  expect(changed.error?.code).toBe('42501');
  const removed = await creator.client.from('device_readiness').delete().eq('event_id', eventId);
  expect(removed.error?.code).toBe('42501');

  // Outsiders cannot report for an event they are not in; bad input changes nothing.
  expect(
    await rpc(outsider.client, 'report_device_ready', { p_event_id: eventId, p_device_id: LAPTOP, p_app_version: '1' }),
  ).toMatchObject({ success: false, message: 'You are not a member of this event' });
  expect(
    await rpc(member.client, 'report_device_ready', { p_event_id: eventId, p_device_id: LAPTOP, p_app_version: ' ' }),
  ).toMatchObject({ success: false, message: 'The app version must be 1 to 40 characters' });

  const { rows } = await backend.db.query<{ user_id: string; app_version: string; device_label: string }>(
    `select user_id, app_version, device_label from public.device_readiness where event_id = $1`,
    [eventId],
  );
  expect(rows).toEqual([{ user_id: member.id, app_version: '0.1.0', device_label: 'Chrome on Android' }]);
});

it('shows readiness rows to the event’s members only', async () => {
  await rpc(other.client, 'report_device_ready', { p_event_id: eventId, p_device_id: LAPTOP, p_app_version: '0.1.0' });
  for (const viewer of [creator, member, other]) {
    const seen = (await readiness(viewer)).data ?? [];
    expect(seen.map((r) => r.user_id).sort()).toEqual([member.id, other.id].sort());
  }
  expect((await readiness(outsider)).data).toEqual([]);
  expect((await backend.anon().from('device_readiness').select('id')).error?.code).toBe('42501');
});

it('moves ready_at forward on a new report and lets a member forget only their own device', async () => {
  const before = ((await readiness(member)).data ?? []).find((r) => r.user_id === member.id)?.ready_at as string;
  await rpc(member.client, 'report_device_ready', { p_event_id: eventId, p_device_id: PHONE, p_app_version: '0.2.0' });
  const after = ((await readiness(member)).data ?? []).find((r) => r.user_id === member.id);
  expect(after?.app_version).toBe('0.2.0');
  expect(Date.parse(after?.ready_at as string)).toBeGreaterThan(Date.parse(before));

  // Someone else's device id is not theirs to forget.
  expect(await rpc(member.client, 'forget_device', { p_device_id: LAPTOP })).toMatchObject({ success: false });
  expect(await rpc(member.client, 'forget_device', { p_device_id: PHONE })).toMatchObject({
    success: true,
    message: 'Device forgotten',
  });
  expect(((await readiness(creator)).data ?? []).map((r) => r.user_id)).toEqual([other.id]);
  const { rows } = await backend.db.query(
    `select 1 from public.device_readiness where device_id = $1 and deleted_at is not null`,
    [PHONE],
  );
  expect(rows).toHaveLength(1);
});

it('lets managers only nudge a member, once an hour, as a notification', async () => {
  expect(await rpc(other.client, 'send_readiness_nudge', { p_event_id: eventId, p_user_id: member.id })).toMatchObject({
    success: false,
    message: "Only the event's managers can nudge members",
  });
  expect(
    await rpc(outsider.client, 'send_readiness_nudge', { p_event_id: eventId, p_user_id: member.id }),
  ).toMatchObject({ success: false });
  expect(
    await rpc(creator.client, 'send_readiness_nudge', { p_event_id: eventId, p_user_id: outsider.id }),
  ).toMatchObject({ success: false, message: 'This person is not a member of the event' });

  expect(
    await rpc(creator.client, 'send_readiness_nudge', { p_event_id: eventId, p_user_id: member.id }),
  ).toMatchObject({ success: true, message: 'Nudge sent' });
  const notes = await member.client
    .from('notifications')
    .select('kind, title, body, data')
    .eq('kind', 'readiness_nudge');
  expect(notes.data).toHaveLength(1);
  expect(notes.data?.[0]).toMatchObject({
    title: 'Get Lakeside weekend ready for no signal',
    data: { path: `/events/${eventId}` },
  });
  expect(notes.data?.[0].body).toContain('press Get ready');

  // A second nudge within the hour is refused and sends nothing; the other member can still be nudged.
  const again = await rpc(creator.client, 'send_readiness_nudge', { p_event_id: eventId, p_user_id: member.id });
  expect(again).toMatchObject({ success: false });
  expect(again.message).toMatch(/was nudged less than an hour ago/);
  expect(await rpc(creator.client, 'send_readiness_nudge', { p_event_id: eventId, p_user_id: other.id })).toMatchObject(
    { success: true },
  );
  const { rows } = await backend.db.query(
    `select 1 from public.notifications where user_id = $1 and kind = 'readiness_nudge'`,
    [member.id],
  );
  expect(rows).toHaveLength(1);

  // After the hour the member can be nudged again.
  await backend.db.query(
    `update private.readiness_nudges set nudged_at = nudged_at - interval '61 minutes' where user_id = $1`,
    [member.id],
  );
  expect(
    await rpc(creator.client, 'send_readiness_nudge', { p_event_id: eventId, p_user_id: member.id }),
  ).toMatchObject({ success: true });
});
