/**
 * transfer_event_ownership (issue 21, decisions "Events"): creator only; the new owner must be an
 * active member with room under their own "events at once" limit; the former creator stays as an
 * admin (even where the new tier has no co-organizers); the event's tier follows the new creator,
 * up or down, keeping every row; the new owner is notified; the former creator may then leave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { activeMembers, addMembers, makeEvent, makeUser, rpc, startDb } from './events-support.ts';
import { bell } from './notifications-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});

afterAll(async () => {
  await backend?.stop();
});

async function eventRow(id: string): Promise<{ created_by: string; access_tier: string }> {
  const { rows } = await backend.db.query<{ created_by: string; access_tier: string }>(
    `select created_by, access_tier from public.events where id = $1`,
    [id],
  );
  return rows[0];
}

const transfer = (client: Parameters<typeof rpc>[0], eventId: string, newOwnerId: string) =>
  rpc(client, 'transfer_event_ownership', { p_event_id: eventId, p_new_owner_id: newOwnerId });

describe('transfer_event_ownership', () => {
  it('hands the event over: roles swap, the tier follows the new creator up, the new owner is told, the former creator can leave', async () => {
    const owner = await makeUser(backend, 'owner', { tier: 'starter' });
    const heir = await makeUser(backend, 'heir', { tier: 'organizer' });
    const event = await makeEvent(owner, { name: 'Gurten weekend' });
    await addMembers(backend, event.id, [{ id: heir.id }]);
    expect(event.access_tier).toBe('starter');

    expect(await transfer(owner.client, event.id, heir.id)).toEqual({
      success: true,
      message: 'Ownership transferred.',
      access_tier: 'organizer',
    });
    expect(await eventRow(event.id)).toEqual({ created_by: heir.id, access_tier: 'organizer' });
    expect(await activeMembers(backend, event.id)).toEqual([
      { user_id: owner.id, role: 'admin' },
      { user_id: heir.id, role: 'creator' },
    ]);
    const told = await bell(backend, heir.id, 'ownership_received');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      event_id: event.id,
      title: 'You now own Gurten weekend',
      body: 'Owner Tester handed the event over to you.',
    });
    expect(await bell(backend, owner.id, 'ownership_received')).toEqual([]);

    // a replay by the former creator answers the state reached; the transfer does not run twice
    expect(await transfer(owner.client, event.id, heir.id)).toMatchObject({ success: true });
    expect(await bell(backend, heir.id, 'ownership_received')).toHaveLength(1);

    // the former creator may now leave (spec: the creator could not)
    expect(await rpc(owner.client, 'leave_event', { p_event_id: event.id })).toMatchObject({ success: true });
    expect(await activeMembers(backend, event.id)).toEqual([{ user_id: heir.id, role: 'creator' }]);
  });

  it('lowers the tier to a free new owner, keeps every member and admin (only gating), and the former creator stays an admin', async () => {
    const owner = await makeUser(backend, 'orgowner', { tier: 'organizer' });
    const heir = await makeUser(backend, 'freeheir');
    const others = [await makeUser(backend, 'm1'), await makeUser(backend, 'm2'), await makeUser(backend, 'm3')];
    const admin = await makeUser(backend, 'coadmin');
    const event = await makeEvent(owner);
    await addMembers(backend, event.id, [
      { id: heir.id },
      { id: admin.id, role: 'admin' },
      ...others.map((o) => ({ id: o.id })),
    ]);
    await backend.db.query(`insert into public.checklists (event_id, title, created_by) values ($1, 'Tents', $2)`, [
      event.id,
      owner.id,
    ]);

    expect(await transfer(owner.client, event.id, heir.id)).toMatchObject({ success: true, access_tier: 'free' });
    expect(await eventRow(event.id)).toEqual({ created_by: heir.id, access_tier: 'free' });
    const members = await activeMembers(backend, event.id);
    expect(members).toHaveLength(6); // over the free limit of 4: kept, only new joins are refused
    expect(
      members
        .filter((m) => m.role === 'admin')
        .map((m) => m.user_id)
        .sort(),
    ).toEqual([owner.id, admin.id].sort());
    const { rows } = await backend.db.query(`select title from public.checklists where event_id = $1`, [event.id]);
    expect(rows).toEqual([{ title: 'Tents' }]);
    // gated as the free tier says: transport now needs starter
    expect(await rpc(heir.client, 'check_access', { p_key: 'event_transport', p_event_id: event.id })).toMatchObject({
      access: 'gated_access',
      required_tier: 'starter',
    });
    // and a new member is refused by the free member limit
    const late = await makeUser(backend, 'late');
    expect(await rpc(late.client, 'join_event', { p_event_id: event.id })).toMatchObject({ success: false });
  });

  it('is for the creator only', async () => {
    const owner = await makeUser(backend, 'keeper', { tier: 'starter' });
    const admin = await makeUser(backend, 'sideadmin');
    const member = await makeUser(backend, 'plain');
    const stranger = await makeUser(backend, 'stranger');
    const event = await makeEvent(owner);
    await addMembers(backend, event.id, [{ id: admin.id, role: 'admin' }, { id: member.id }]);

    expect(await transfer(admin.client, event.id, admin.id)).toEqual({
      success: false,
      message: 'Only the event creator can transfer ownership.',
    });
    expect(await transfer(member.client, event.id, admin.id)).toEqual({
      success: false,
      message: 'Only the event creator can transfer ownership.',
    });
    expect(await transfer(stranger.client, event.id, stranger.id)).toEqual({
      success: false,
      message: 'This event no longer exists, or you are not a member of it.',
    });
    const anon = await backend.anon().rpc('transfer_event_ownership', {
      p_event_id: event.id,
      p_new_owner_id: admin.id,
    });
    expect(anon.error?.code).toBe('42501');
    expect(await eventRow(event.id)).toMatchObject({ created_by: owner.id });
  });

  it('needs an active member as the new owner', async () => {
    const owner = await makeUser(backend, 'giver', { tier: 'starter' });
    const gone = await makeUser(backend, 'gone');
    const outsider = await makeUser(backend, 'outsider');
    const event = await makeEvent(owner);
    await addMembers(backend, event.id, [{ id: gone.id }]);
    await rpc(gone.client, 'leave_event', { p_event_id: event.id });
    const refused = { success: false, message: 'The new owner must be a member of this event.' };
    expect(await transfer(owner.client, event.id, gone.id)).toEqual(refused);
    expect(await transfer(owner.client, event.id, outsider.id)).toEqual(refused);
    expect(await transfer(owner.client, event.id, '00000000-0000-4000-8000-000000000000')).toEqual(refused);
    expect(await eventRow(event.id)).toMatchObject({ created_by: owner.id });
  });

  it('refuses a new owner whose own plan has no room for another active event, and counts only active ones', async () => {
    const owner = await makeUser(backend, 'busyowner', { tier: 'starter' });
    const heir = await makeUser(backend, 'fullheir'); // free: 2 events at once
    const event = await makeEvent(owner);
    await addMembers(backend, event.id, [{ id: heir.id }]);
    const first = await makeEvent(heir);
    await makeEvent(heir);

    expect(await transfer(owner.client, event.id, heir.id)).toEqual({
      success: false,
      message:
        'Fullheir already has 2 active events, the most their free plan allows, so they cannot take over this one.',
    });
    expect(await eventRow(event.id)).toMatchObject({ created_by: owner.id, access_tier: 'starter' });
    expect(await activeMembers(backend, event.id)).toEqual([
      { user_id: owner.id, role: 'creator' },
      { user_id: heir.id, role: 'member' },
    ]);
    expect(await bell(backend, heir.id, 'ownership_received')).toEqual([]);

    // one of the heir's events ends: now there is room
    await backend.db.query(`update public.events set status = 'past' where id = $1`, [first.id]);
    expect(await transfer(owner.client, event.id, heir.id)).toMatchObject({ success: true, access_tier: 'free' });
  });

  it('refuses a deleted event and a suspended new owner', async () => {
    const owner = await makeUser(backend, 'deleter', { tier: 'starter' });
    const heir = await makeUser(backend, 'suspended');
    const event = await makeEvent(owner);
    await addMembers(backend, event.id, [{ id: heir.id }]);
    await backend.db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [heir.id]);
    expect(await transfer(owner.client, event.id, heir.id)).toEqual({
      success: false,
      message: "Suspended's account is suspended, so they cannot take over the event.",
    });
    await backend.db.query(`update auth.users set banned_until = null where id = $1`, [heir.id]);
    await owner.client.from('events').update({ status: 'deleted' }).eq('id', event.id);
    expect(await transfer(owner.client, event.id, heir.id)).toEqual({
      success: false,
      message: 'This event has been deleted.',
    });
    expect(await eventRow(event.id)).toMatchObject({ created_by: owner.id });
  });
});
