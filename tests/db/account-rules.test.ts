/**
 * Account rules the database keeps by itself: a suspended user is refused by every table's policies
 * and by the procedures (checked as a hosted project runs them, where the API checks only the
 * token's signature), and a member removed by a manager stays out until invited again, while a
 * member who left may come back by link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller, isPgError, type Queryable } from '../../supabase/local/db.ts';
import type { TestBackend } from '../support/backend.ts';
import { activeMembers, addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});
afterAll(async () => {
  await backend?.stop();
});

/** SQL as the user, the way PostgREST runs a request: their role and claims, RLS deciding. */
function asUser<T>(user: TestUser, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const claims = { sub: user.id, role: 'authenticated', email: user.email };
  return asCaller(backend.db, { role: 'authenticated', claims, method: 'POST', path: '/rest/v1/', headers: {} }, fn);
}

async function sqlError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isPgError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the database to refuse');
}

const ban = (user: TestUser, until: string | null) =>
  backend.db.query(`update auth.users set banned_until = $2 where id = $1`, [user.id, until]);

describe('a suspended user, in the database', () => {
  it('gives every table under RLS (and storage.objects, realtime.messages) the restrictive suspension policy', async () => {
    const { rows: tables } = await backend.db.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and c.relrowsecurity
         and (n.nspname = 'public' or (n.nspname = 'storage' and c.relname = 'objects')
              or (n.nspname = 'realtime' and c.relname = 'messages'))
       order by 1`,
    );
    const { rows: guarded } = await backend.db.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_policies
       where policyname = 'Suspended accounts have no access' and permissive = 'RESTRICTIVE'
         and cmd = 'ALL' and roles = '{authenticated}'
       order by 1`,
    );
    expect(tables.length).toBeGreaterThan(20);
    expect(guarded.map((row) => row.name)).toEqual(tables.map((row) => row.name));
  });

  it('is refused by the policies and the procedures while others still see their rows', async () => {
    const host = await makeUser(backend, 'suspendedhost');
    const friend = await makeUser(backend, 'friendofhost');
    const event = await makeEvent(host, { name: 'River camp' });
    await addMembers(backend, event.id, [{ id: friend.id }]);
    const readEvents = (user: TestUser) =>
      asUser(user, async (tx) => (await tx.query(`select name from public.events where id = $1`, [event.id])).rows);
    expect(await readEvents(host)).toEqual([{ name: 'River camp' }]);

    await ban(host, '2999-01-01T00:00:00Z');
    expect(await readEvents(host)).toEqual([]);
    const insert = await sqlError(
      asUser(host, (tx) => tx.query(`insert into public.events (name, created_by) values ('Sneaky', $1)`, [host.id])),
    );
    expect(insert.code).toBe('42501');
    const upload = await sqlError(
      asUser(host, (tx) =>
        tx.query(`insert into storage.objects (bucket_id, name, owner) values ('avatars', $1, $2)`, [
          `${host.id}/${host.id}-1.png`,
          host.id,
        ]),
      ),
    );
    expect(upload.code).toBe('42501');
    for (const call of [`select public.join_event($1::uuid)`, `select public.leave_event($1::uuid)`]) {
      expect(await sqlError(asUser(host, (tx) => tx.query(call, [event.id])))).toEqual({
        code: '42501',
        message: 'This account is suspended.',
      });
    }
    expect(await sqlError(asUser(host, (tx) => tx.query(`select public.get_friends()`)))).toMatchObject({
      code: '42501',
      message: 'This account is suspended.',
    });
    // the others keep seeing the suspended member's event
    expect(await readEvents(friend)).toEqual([{ name: 'River camp' }]);

    await ban(host, null);
    expect(await readEvents(host)).toEqual([{ name: 'River camp' }]);
  });

  it("takes a suspended site admin's powers too", async () => {
    const admin = await makeUser(backend, 'suspendedadmin', { role: 'admin' });
    const toggle = (tx: Queryable) => tx.query(`select public.toggle_feature('registration_enabled', true)`);
    await asUser(admin, toggle);
    await ban(admin, '2999-01-01T00:00:00Z');
    expect(await sqlError(asUser(admin, toggle))).toMatchObject({ code: '42501' });
    const waitlist = await asUser(admin, async (tx) => (await tx.query(`select id from public.waitlist`)).rows);
    expect(waitlist).toEqual([]);
    await ban(admin, null);
  });
});

describe('removal is remembered', () => {
  const REMOVED =
    "The event's creator or an admin removed you from this event, so the link cannot bring you back. Ask them to invite you again.";

  async function crew() {
    const host = await makeUser(backend, 'crewhost');
    const guest = await makeUser(backend, 'crewguest');
    const event = await makeEvent(host, { name: 'Festival' });
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toMatchObject({ success: true });
    return { host, guest, event };
  }

  const memberIds = async (eventId: string) => (await activeMembers(backend, eventId)).map((m) => m.user_id);

  it('keeps a member a manager removed from rejoining by link until a new invitation is accepted', async () => {
    const { host, guest, event } = await crew();
    expect(await rpc(host.client, 'remove_event_member', { p_event_id: event.id, p_user_id: guest.id })).toMatchObject({
      success: true,
    });
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toEqual({
      success: false,
      message: REMOVED,
    });
    expect(await memberIds(event.id)).toEqual([host.id]);

    const invited = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
      p_message: null,
    });
    expect(invited).toMatchObject({ success: true, message: 'Invitation sent successfully' });
    expect(
      await rpc(guest.client, 'respond_to_invitation', {
        p_invitation_id: invited.invitation_id,
        p_status: 'accepted',
      }),
    ).toMatchObject({ success: true, message: 'Invitation accepted' });
    expect(await memberIds(event.id)).toEqual([host.id, guest.id]);

    // back in by invitation, and leaving of their own accord now: the link works again
    expect(await rpc(guest.client, 'leave_event', { p_event_id: event.id })).toMatchObject({ success: true });
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toMatchObject({ success: true });
    expect(await memberIds(event.id)).toEqual([host.id, guest.id]);
  });

  it('lets a member who left on their own rejoin by link, and not one who was removed', async () => {
    const { host, guest, event } = await crew();
    const removed = await makeUser(backend, 'crewremoved');
    expect(await rpc(removed.client, 'join_event', { p_event_id: event.id })).toMatchObject({ success: true });
    expect(await rpc(guest.client, 'leave_event', { p_event_id: event.id })).toMatchObject({ success: true });
    await rpc(host.client, 'remove_event_member', { p_event_id: event.id, p_user_id: removed.id });
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toMatchObject({
      success: true,
      message: 'You have joined Festival.',
    });
    expect(await rpc(removed.client, 'join_event', { p_event_id: event.id })).toEqual({
      success: false,
      message: REMOVED,
    });
    expect(await memberIds(event.id)).toEqual([host.id, guest.id]);
  });

  it("counts a manager's direct update as a removal and withdraws an invitation sent before it", async () => {
    const host = await makeUser(backend, 'crewhost');
    const guest = await makeUser(backend, 'crewguest');
    const event = await makeEvent(host, { name: 'Festival' });
    // invited, but joined by link before answering: the invitation is still pending
    const invited = await rpc(host.client, 'invite_user_to_event', {
      p_event_id: event.id,
      p_recipient_email: guest.email,
      p_message: null,
    });
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toMatchObject({ success: true });
    const { error } = await host.client
      .from('event_members')
      .update({ deleted_at: new Date().toISOString() })
      .eq('event_id', event.id)
      .eq('user_id', guest.id);
    expect(error).toBeNull();
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toEqual({
      success: false,
      message: REMOVED,
    });
    const { rows } = await backend.db.query<{ id: string }>(
      `select id from public.event_invitations where event_id = $1 and status = 'pending' and deleted_at is null`,
      [event.id],
    );
    expect(rows).toEqual([]);
    expect(
      await rpc(guest.client, 'respond_to_invitation', {
        p_invitation_id: invited.invitation_id,
        p_status: 'accepted',
      }),
    ).toEqual({ success: false, message: 'This invitation has been cancelled.' });
    expect(await memberIds(event.id)).toEqual([host.id]);
  });

  it('lets a manager add the removed member back directly', async () => {
    const { host, guest, event } = await crew();
    await rpc(host.client, 'remove_event_member', { p_event_id: event.id, p_user_id: guest.id });
    expect(await rpc(host.client, 'add_event_member', { p_event_id: event.id, p_user_id: guest.id })).toMatchObject({
      success: true,
    });
    const { rows } = await backend.db.query(
      `select removed_by_manager from public.event_members where event_id = $1 and user_id = $2`,
      [event.id, guest.id],
    );
    expect(rows).toEqual([{ removed_by_manager: false }]);
  });
});
