/**
 * Members of an event: add_event_member, remove_event_member, update_member_role, leave_event and
 * join_event (spec sections 4 and 5, decisions "Events"), the member and co-organizer limits, the
 * rules on direct REST writes, and two people taking the last place at the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { activeMembers, addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});

afterAll(async () => {
  await backend?.stop();
});

async function crew(n: number, label = 'crew'): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i++) users.push(await makeUser(backend, `${label}${i}`));
  return users;
}

describe('add_event_member', () => {
  it('adds, does nothing for an active member, and brings back a removed one with the new role', async () => {
    const creator = await makeUser(backend, 'adder', { tier: 'starter' });
    const [friend] = await crew(1);
    const event = await makeEvent(creator);
    const args = { p_event_id: event.id, p_user_id: friend.id, p_role: 'member' };
    expect(await rpc(creator.client, 'add_event_member', args)).toMatchObject({
      success: true,
      message: 'Member added.',
      role: 'member',
    });
    expect(await rpc(creator.client, 'add_event_member', args)).toMatchObject({
      success: true,
      message: 'Already a member of this event.',
    });
    expect(await activeMembers(backend, event.id)).toHaveLength(2);
    await rpc(creator.client, 'remove_event_member', { p_event_id: event.id, p_user_id: friend.id });
    expect(await rpc(creator.client, 'add_event_member', { ...args, p_role: 'admin' })).toMatchObject({
      success: true,
      role: 'admin',
    });
    const { rows } = await backend.db.query(
      `select role, deleted_at from public.event_members where event_id = $1 and user_id = $2`,
      [event.id, friend.id],
    );
    expect(rows).toEqual([{ role: 'admin', deleted_at: null }]);
  });

  it('is for managers only, with known roles and existing users', async () => {
    const creator = await makeUser(backend, 'adder2');
    const [member, other] = await crew(2);
    const event = await makeEvent(creator);
    await addMembers(backend, event.id, [{ id: member.id }]);
    expect(await rpc(member.client, 'add_event_member', { p_event_id: event.id, p_user_id: other.id })).toEqual({
      success: false,
      message: 'Only the event creator and admins can add members.',
    });
    expect(
      await rpc(creator.client, 'add_event_member', { p_event_id: event.id, p_user_id: other.id, p_role: 'creator' }),
    ).toEqual({
      success: false,
      message: "A member's role must be member or admin.",
    });
    expect(
      await rpc(creator.client, 'add_event_member', {
        p_event_id: event.id,
        p_user_id: '00000000-0000-4000-8000-000000000000',
      }),
    ).toEqual({
      success: false,
      message: 'User not found',
    });
    expect(await activeMembers(backend, event.id)).toHaveLength(2);
  });
});

describe('the member limit', () => {
  it('holds a free event at 4 members, creator included, through procedures and REST', async () => {
    const creator = await makeUser(backend, 'full');
    const people = await crew(4, 'fill');
    const event = await makeEvent(creator);
    for (const p of people.slice(0, 3)) {
      expect(await rpc(creator.client, 'add_event_member', { p_event_id: event.id, p_user_id: p.id })).toMatchObject({
        success: true,
      });
    }
    const limit =
      'This event has reached its limit of 4 members on the free plan. The event creator can upgrade to starter for up to 15 members.';
    expect(await rpc(creator.client, 'add_event_member', { p_event_id: event.id, p_user_id: people[3].id })).toEqual({
      success: false,
      message: limit,
    });
    const direct = await creator.client
      .from('event_members')
      .insert({ event_id: event.id, user_id: people[3].id, role: 'member' });
    expect(direct.status).toBe(400);
    expect(direct.error).toMatchObject({ code: 'P0001', message: limit });
    expect(await activeMembers(backend, event.id)).toHaveLength(4);
    // a removed member frees the place
    await rpc(creator.client, 'remove_event_member', { p_event_id: event.id, p_user_id: people[0].id });
    expect(
      await rpc(creator.client, 'add_event_member', { p_event_id: event.id, p_user_id: people[3].id }),
    ).toMatchObject({ success: true });
  });

  it('lets exactly one of two people take the last place at the same moment', async () => {
    const creator = await makeUser(backend, 'race');
    const [a, b, c, d] = await crew(4, 'racer');
    const event = await makeEvent(creator);
    await addMembers(backend, event.id, [{ id: a.id }, { id: b.id }]);
    const join = (u: TestUser) => rpc(u.client, 'join_event', { p_event_id: event.id });

    type Answer = { success: boolean; message: string };
    let racing: Promise<Answer[]>;
    if (backend.db.kind === 'postgres') {
      // Hold the event row so both requests are inside join_event, waiting on the same lock,
      // before either counts the members; committing lets them go at the same moment.
      const waiting = async () =>
        (
          await backend.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0].n;
      await backend.db.transaction(async (tx) => {
        await tx.query(`select 1 from public.events where id = $1 for update`, [event.id]);
        racing = Promise.all([join(c), join(d)]);
        for (let i = 0; i < 200 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 25));
        expect(await waiting()).toBe(2);
      });
    } else {
      racing = Promise.all([join(c), join(d)]);
    }
    const results = await racing!;
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)?.message).toBe(
      'This event has reached its limit of 4 members on the free plan. The event creator can upgrade to starter for up to 15 members.',
    );
    expect(await activeMembers(backend, event.id)).toHaveLength(4);
  });
});

describe('co-organizers', () => {
  it('has none on free, one on starter, with messages naming the plan', async () => {
    const free = await makeUser(backend, 'freeorg');
    const starter = await makeUser(backend, 'starterorg', { tier: 'starter' });
    const [a, b] = await crew(2, 'helper');
    const freeEvent = await makeEvent(free);
    await addMembers(backend, freeEvent.id, [{ id: a.id }]);
    expect(
      await rpc(free.client, 'update_member_role', { p_event_id: freeEvent.id, p_user_id: a.id, p_role: 'admin' }),
    ).toEqual({
      success: false,
      message: 'The free plan has no co-organizers. The event creator can upgrade to starter to have up to 1.',
    });

    const event = await makeEvent(starter);
    await addMembers(backend, event.id, [{ id: a.id }, { id: b.id }]);
    const promote = { p_event_id: event.id, p_user_id: a.id, p_role: 'admin' };
    expect(await rpc(starter.client, 'update_member_role', promote)).toEqual({
      success: true,
      message: 'Role updated.',
      role: 'admin',
    });
    expect(await rpc(starter.client, 'update_member_role', promote)).toEqual({
      success: true,
      message: 'Role updated.',
      role: 'admin',
    });
    const second =
      'This event already has 1 co-organizer, the most the starter plan allows. The event creator can upgrade to organizer to have up to 4.';
    expect(await rpc(starter.client, 'update_member_role', { ...promote, p_user_id: b.id })).toEqual({
      success: false,
      message: second,
    });
    const direct = await starter.client
      .from('event_members')
      .update({ role: 'admin' })
      .eq('event_id', event.id)
      .eq('user_id', b.id);
    expect(direct.error?.message).toBe(second);
    // demoting frees the seat
    expect(await rpc(starter.client, 'update_member_role', { ...promote, p_role: 'member' })).toMatchObject({
      success: true,
    });
    expect(await rpc(starter.client, 'update_member_role', { ...promote, p_user_id: b.id })).toMatchObject({
      success: true,
    });
  });
});

describe('remove_event_member and update_member_role', () => {
  it('answers with the spec texts for the creator and for yourself', async () => {
    const creator = await makeUser(backend, 'boss', { tier: 'starter' });
    const [admin, member] = await crew(2, 'staff');
    const event = await makeEvent(creator);
    await addMembers(backend, event.id, [{ id: admin.id, role: 'admin' }, { id: member.id }]);
    expect(await rpc(admin.client, 'remove_event_member', { p_event_id: event.id, p_user_id: creator.id })).toEqual({
      success: false,
      message: 'Cannot remove the event creator',
    });
    expect(await rpc(admin.client, 'remove_event_member', { p_event_id: event.id, p_user_id: admin.id })).toEqual({
      success: false,
      message: 'You cannot remove yourself from the event',
    });
    expect(
      await rpc(admin.client, 'update_member_role', { p_event_id: event.id, p_user_id: creator.id, p_role: 'member' }),
    ).toEqual({
      success: false,
      message: 'Cannot change the role of the event creator',
    });
    expect(await rpc(member.client, 'remove_event_member', { p_event_id: event.id, p_user_id: admin.id })).toEqual({
      success: false,
      message: 'Only the event creator and admins can remove members.',
    });
    expect(
      await rpc(member.client, 'update_member_role', { p_event_id: event.id, p_user_id: member.id, p_role: 'admin' }),
    ).toEqual({
      success: false,
      message: 'Only the event creator and admins can change roles.',
    });
    const remove = { p_event_id: event.id, p_user_id: member.id };
    expect(await rpc(admin.client, 'remove_event_member', remove)).toEqual({
      success: true,
      message: 'Member removed.',
    });
    expect(await rpc(admin.client, 'remove_event_member', remove)).toEqual({
      success: true,
      message: 'Member removed.',
    });
    const { rows } = await backend.db.query(
      `select deleted_at from public.event_members where event_id = $1 and user_id = $2`,
      [event.id, member.id],
    );
    expect(rows[0].deleted_at).not.toBeNull();
    expect(await rpc(admin.client, 'update_member_role', { ...remove, p_role: 'admin' })).toEqual({
      success: false,
      message: 'This person is not a member of this event.',
    });
  });

  it('applies the same rules to direct REST updates of event_members', async () => {
    const creator = await makeUser(backend, 'boss2', { tier: 'starter' });
    const [admin, member] = await crew(2, 'staff2');
    const event = await makeEvent(creator);
    await addMembers(backend, event.id, [{ id: admin.id, role: 'admin' }, { id: member.id }]);
    const rows = admin.client.from('event_members');
    expect(
      (await rows.update({ deleted_at: new Date().toISOString() }).eq('event_id', event.id).eq('user_id', creator.id))
        .error?.message,
    ).toBe('Cannot remove the event creator');
    expect(
      (await rows.update({ role: 'member' }).eq('event_id', event.id).eq('user_id', creator.id)).error?.message,
    ).toBe('Cannot change the role of the event creator');
    expect(
      (await rows.update({ deleted_at: new Date().toISOString() }).eq('event_id', event.id).eq('user_id', admin.id))
        .error?.message,
    ).toBe('You cannot remove yourself from the event');
    const promote = await rows.update({ role: 'creator' }).eq('event_id', event.id).eq('user_id', member.id);
    expect(promote.error).toMatchObject({
      code: '42501',
      message: 'The creator role belongs to the person who created the event.',
    });
    const removed = await rows
      .update({ deleted_at: new Date().toISOString() })
      .eq('event_id', event.id)
      .eq('user_id', member.id)
      .select('user_id');
    expect(removed.data).toEqual([{ user_id: member.id }]);
    expect((await activeMembers(backend, event.id)).map((m) => m.role).sort()).toEqual(['admin', 'creator']);
  });
});

describe('leave_event', () => {
  it('refuses a non-member and the creator while others remain; a member leaves softly, twice', async () => {
    const creator = await makeUser(backend, 'leaver-boss');
    const [member, stranger] = await crew(2, 'leaver');
    const event = await makeEvent(creator);
    await addMembers(backend, event.id, [{ id: member.id }]);
    expect(await rpc(stranger.client, 'leave_event', { p_event_id: event.id })).toEqual({
      success: false,
      message: 'You are not a member of this event',
    });
    expect(await rpc(creator.client, 'leave_event', { p_event_id: event.id })).toEqual({
      success: false,
      message:
        'As the creator you cannot leave while others are still members. Transfer ownership or delete the event.',
    });
    const left = { success: true, message: 'You have left the event.', event_deleted: false };
    expect(await rpc(member.client, 'leave_event', { p_event_id: event.id })).toEqual(left);
    expect(await rpc(member.client, 'leave_event', { p_event_id: event.id })).toEqual(left);
    const { rows } = await backend.db.query(
      `select deleted_at from public.event_members where event_id = $1 and user_id = $2`,
      [event.id, member.id],
    );
    expect(rows[0].deleted_at).not.toBeNull();
    // the member no longer sees the event, but still sees their own (removed) membership
    expect((await member.client.from('events').select('id').eq('id', event.id)).data).toEqual([]);
    expect((await member.client.from('event_members').select('user_id').eq('event_id', event.id)).data).toEqual([
      { user_id: member.id },
    ]);
  });

  it('deletes the event for good when the sole member leaves; a replay finds it gone', async () => {
    const creator = await makeUser(backend, 'alone');
    const event = await makeEvent(creator);
    expect(await rpc(creator.client, 'leave_event', { p_event_id: event.id })).toEqual({
      success: true,
      message: 'You were the last member, so the event has been deleted.',
      event_deleted: true,
    });
    const { rows } = await backend.db.query(`select 1 from public.events where id = $1`, [event.id]);
    expect(rows).toHaveLength(0);
    expect(await rpc(creator.client, 'leave_event', { p_event_id: event.id })).toEqual({
      success: true,
      message: 'This event no longer exists.',
      event_deleted: true,
    });
  });
});

describe('join_event', () => {
  it('joins an active event by link, and a replay reports membership', async () => {
    const creator = await makeUser(backend, 'linker');
    const [guest] = await crew(1, 'joiner');
    const event = await makeEvent(creator, { name: 'Lake weekend' });
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toEqual({
      success: true,
      message: 'You have joined Lake weekend.',
      event_id: event.id,
      event_name: 'Lake weekend',
    });
    expect(await rpc(guest.client, 'join_event', { p_event_id: event.id })).toEqual({
      success: true,
      message: 'You are already a member of this event.',
      event_id: event.id,
      event_name: 'Lake weekend',
    });
    expect(await activeMembers(backend, event.id)).toEqual([
      { user_id: creator.id, role: 'creator' },
      { user_id: guest.id, role: 'member' },
    ]);
  });

  it('says why not: unknown, deleted, past or full events', async () => {
    const creator = await makeUser(backend, 'linker2', { tier: 'starter' });
    const [guest] = await crew(1, 'joiner2');
    expect(await rpc(guest.client, 'join_event', { p_event_id: '00000000-0000-4000-8000-000000000000' })).toEqual({
      success: false,
      message: 'This event does not exist. The link may be wrong or the event was deleted.',
    });
    const deleted = await makeEvent(creator);
    await backend.db.query(`update public.events set status = 'deleted' where id = $1`, [deleted.id]);
    expect(await rpc(guest.client, 'join_event', { p_event_id: deleted.id })).toEqual({
      success: false,
      message: 'This event has been deleted, so no one can join it.',
    });
    const past = await makeEvent(creator);
    await backend.db.query(`update public.events set status = 'past' where id = $1`, [past.id]);
    expect(await rpc(guest.client, 'join_event', { p_event_id: past.id })).toEqual({
      success: false,
      message: 'This event is over, so it no longer takes new members.',
    });
    const free = await makeUser(backend, 'smallhost');
    const small = await makeEvent(free);
    await addMembers(
      backend,
      small.id,
      (await crew(3, 'seat')).map((u) => ({ id: u.id })),
    );
    expect(await rpc(guest.client, 'join_event', { p_event_id: small.id })).toEqual({
      success: false,
      message:
        'This event has reached its limit of 4 members on the free plan. The event creator can upgrade to starter for up to 15 members.',
    });
  });
});
