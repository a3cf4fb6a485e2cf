/**
 * get_event_preview (issue 21, the join flow): a join-link holder, signed in or not, sees the
 * event's name, dates, place, member count and the first names and avatars of who is in it,
 * under RLS that otherwise shows them nothing of the event; never an address, a last name, a
 * member's id or another event; nothing of a deleted event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, rpc, startDb } from './events-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});

afterAll(async () => {
  await backend?.stop();
});

describe('get_event_preview', () => {
  it('shows a link holder the event and first names and avatars, and nothing more', async () => {
    const creator = await makeUser(backend, 'lena', { tier: 'starter' });
    const member = await makeUser(backend, 'tom');
    const left = await makeUser(backend, 'gone');
    const visitor = await makeUser(backend, 'visitor');
    await backend.db.query(`update public.profiles set avatar = 'https://example.test/tom.png' where id = $1`, [
      member.id,
    ]);
    const event = await makeEvent(creator, {
      name: 'Lake weekend',
      location: 'Seeufer camp',
      start_date: '2027-07-16',
      end_date: '2027-07-18',
    });
    const other = await makeEvent(creator, { name: 'Secret other trip' });
    await addMembers(backend, event.id, [{ id: member.id }, { id: left.id }]);
    await rpc(left.client, 'leave_event', { p_event_id: event.id });

    // RLS shows the visitor nothing of the event or its members...
    expect((await visitor.client.from('events').select('id').eq('id', event.id)).data).toEqual([]);
    expect((await visitor.client.from('event_members').select('id').eq('event_id', event.id)).data).toEqual([]);

    // ...the procedure shows the preview, to a signed-in visitor and to a signed-out one alike
    const expected = {
      id: event.id,
      name: 'Lake weekend',
      start_date: '2027-07-16',
      end_date: '2027-07-18',
      location: 'Seeufer camp',
      status: 'active',
      member_count: 2,
      members: [
        { first_name: 'Lena', avatar: null, is_creator: true },
        { first_name: 'Tom', avatar: 'https://example.test/tom.png', is_creator: false },
      ],
      is_member: false,
    };
    const asVisitor = await visitor.client.rpc('get_event_preview', { p_event_id: event.id });
    expect(asVisitor.error).toBeNull();
    expect(asVisitor.data).toEqual(expected);
    const asAnon = await backend.anon().rpc('get_event_preview', { p_event_id: event.id });
    expect(asAnon.data).toEqual(expected);
    expect(JSON.stringify(asAnon.data)).not.toMatch(/@|Tester|Secret other trip/);
    expect(JSON.stringify(asAnon.data)).not.toContain(member.id);

    // a member sees that they are one
    expect((await member.client.rpc('get_event_preview', { p_event_id: event.id })).data).toMatchObject({
      is_member: true,
    });

    // a deleted event and an unknown id answer nothing
    await creator.client.from('events').update({ status: 'deleted' }).eq('id', other.id);
    expect((await backend.anon().rpc('get_event_preview', { p_event_id: other.id })).data).toBeNull();
    expect(
      (await backend.anon().rpc('get_event_preview', { p_event_id: '00000000-0000-4000-8000-000000000000' })).data,
    ).toBeNull();
    const bad = await backend.anon().rpc('get_event_preview', { p_event_id: 'not-a-uuid' });
    expect(bad.error?.code).toBe('22P02');
  });

  it('lists at most twelve people, the creator first, and counts them all', async () => {
    const creator = await makeUser(backend, 'big', { tier: 'organizer' });
    const event = await makeEvent(creator);
    const crew = [];
    for (let i = 0; i < 13; i++) crew.push(await makeUser(backend, `crew${i}`));
    await addMembers(
      backend,
      event.id,
      crew.map((c) => ({ id: c.id })),
    );
    const { data } = await backend.anon().rpc('get_event_preview', { p_event_id: event.id });
    const preview = data as { member_count: number; members: { first_name: string; is_creator: boolean }[] };
    expect(preview.member_count).toBe(14);
    expect(preview.members).toHaveLength(12);
    expect(preview.members[0]).toMatchObject({ first_name: 'Big', is_creator: true });
  });

  it('refuses a suspended caller', async () => {
    const creator = await makeUser(backend, 'host');
    const event = await makeEvent(creator);
    const banned = await makeUser(backend, 'banned');
    await backend.db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [banned.id]);
    const answer = await banned.client.rpc('get_event_preview', { p_event_id: event.id });
    // the API refuses the banned session's token before the procedure runs; the procedure refuses too
    expect(answer.data).toBeNull();
    expect(answer.error).not.toBeNull();
    const inside = await backend.db
      .transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true), set_config('role', 'authenticated', true)`, [
          JSON.stringify({ sub: banned.id, role: 'authenticated' }),
        ]);
        return tx.query(`select public.get_event_preview($1::uuid)`, [event.id]);
      })
      .then(
        () => null,
        (error: { message?: string }) => error.message,
      );
    expect(inside).toBe('This account is suspended.');
  });
});
