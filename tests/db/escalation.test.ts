/**
 * Escalation attempts through the public API, each of which must fail and change nothing: a user
 * raising their own role or tier, rewriting an event's tier or owner, joining an event over its
 * limit or without being invited, reading other events' members, and reading admin-only tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';
import {
  activeMembers,
  addMembers,
  makeEvent,
  makeUser,
  rpc,
  startDb,
  uniqueEmail,
  type TestUser,
} from './events-support.ts';

let backend: TestBackend;
let mallory: TestUser;
let alice: TestUser;
let aliceEvent: { id: string };

beforeAll(async () => {
  backend = await startDb();
  mallory = await makeUser(backend, 'mallory');
  alice = await makeUser(backend, 'alice', { tier: 'starter' });
  aliceEvent = await makeEvent(alice);
  await backend.db.query(`insert into public.waitlist (email, name) values ($1, 'Wai Ting')`, [uniqueEmail('wait')]);
  await backend.db.query(`insert into public.admin_activity (actor_id, action) values ($1, 'test')`, [alice.id]);
});

afterAll(async () => {
  await backend?.stop();
});

async function profile(id: string) {
  return (await backend.db.query(`select role, subscription_tier, name from public.profiles where id = $1`, [id]))
    .rows[0];
}

describe("other people's profiles", () => {
  it('shows a co-member name and avatar but never their address or notification settings', async () => {
    await alice.client.from('profiles').update({ street_address: 'Seeweg', street_number: '7' }).eq('id', alice.id);
    const { data: event } = await alice.client
      .from('events')
      .insert({ name: 'Address check', client_ref: `addr-${Date.now()}` })
      .select('id')
      .single();
    const eventId = (event as { id: string }).id;
    expect(
      (await alice.client.rpc('add_event_member', { p_event_id: eventId, p_user_id: mallory.id, p_role: 'member' }))
        .error,
    ).toBeNull();
    const names = await mallory.client.from('profiles').select('name, avatar').eq('id', alice.id);
    expect(names.data).toEqual([{ name: 'Alice Tester', avatar: null }]);
    for (const column of ['street_address', 'street_number', 'postal_code', 'country', 'notification_settings', '*']) {
      const res = await mallory.client.from('profiles').select(column).eq('id', alice.id);
      expect(res.error?.code, column).toBe('42501');
    }
    const mine = await alice.client.rpc('get_my_profile');
    expect(mine.data).toMatchObject({ street_address: 'Seeweg', street_number: '7' });
    expect((await mallory.client.rpc('get_my_profile')).data).toMatchObject({ id: mallory.id });
  });
});

describe('own profile', () => {
  it.each([
    ['role', { role: 'admin' }],
    ['subscription_tier', { subscription_tier: 'organizer' }],
    ['id', { id: '00000000-0000-4000-8000-000000000000' }],
    ['email', { email: 'someone.else@example.com' }],
  ])('cannot set %s', async (_column, patch) => {
    const { error, status } = await mallory.client.from('profiles').update(patch).eq('id', mallory.id);
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(await profile(mallory.id)).toEqual({ role: 'user', subscription_tier: 'free', name: 'Mallory Tester' });
  });

  it('cannot set role alongside an allowed column', async () => {
    const { error } = await mallory.client.from('profiles').update({ name: 'Mal', role: 'admin' }).eq('id', mallory.id);
    expect(error?.code).toBe('42501');
    expect(await profile(mallory.id)).toMatchObject({ role: 'user', name: 'Mallory Tester' });
  });

  it('can update an allowed column of their own profile only', async () => {
    const own = await mallory.client.from('profiles').update({ country: 'CH' }).eq('id', mallory.id).select('id');
    expect(own.data).toEqual([{ id: mallory.id }]);
    const mine = await mallory.client.rpc('get_my_profile');
    expect(mine.data).toMatchObject({ id: mallory.id, country: 'CH' });
    const other = await mallory.client.from('profiles').update({ name: 'Hacked' }).eq('id', alice.id).select('id');
    expect(other.data).toEqual([]);
    expect((await profile(alice.id)).name).toBe('Alice Tester');
  });

  it('cannot insert a profile or write billing rows for themselves', async () => {
    expect(
      (await mallory.client.from('profiles').insert({ id: mallory.id, name: 'Twin', role: 'admin' })).error?.code,
    ).toBe('42501');
    expect(
      (await mallory.client.from('stripe_subscriptions').insert({ user_id: mallory.id, tier: 'premium' })).error?.code,
    ).toBe('42501');
    expect(
      (await mallory.client.from('payments').insert({ user_id: mallory.id, kind: 'tier', amount_minor: 0 })).error
        ?.code,
    ).toBe('42501');
  });
});

describe('events', () => {
  it('a creator cannot set access_tier or created_by of their event', async () => {
    const event = await makeEvent(mallory);
    const tier = await mallory.client.from('events').update({ access_tier: 'organizer' }).eq('id', event.id);
    expect(tier.error?.code).toBe('42501');
    const owner = await mallory.client.from('events').update({ created_by: alice.id }).eq('id', event.id);
    expect(owner.error?.code).toBe('42501');
    const { rows } = await backend.db.query(`select access_tier, created_by from public.events where id = $1`, [
      event.id,
    ]);
    expect(rows[0]).toEqual({ access_tier: 'free', created_by: mallory.id });
  });

  it("cannot create an event in someone else's name", async () => {
    const { error } = await mallory.client.from('events').insert({ name: 'Framed', created_by: alice.id });
    expect(error?.code).toBe('42501');
  });

  it('cannot read or edit an event they are not in', async () => {
    expect((await mallory.client.from('events').select('id').eq('id', aliceEvent.id)).data).toEqual([]);
    expect(
      (await mallory.client.from('events').update({ name: 'Mine now' }).eq('id', aliceEvent.id).select('id')).data,
    ).toEqual([]);
  });
});

describe('memberships', () => {
  it('cannot read the members of another event', async () => {
    const { data } = await mallory.client.from('event_members').select('user_id').eq('event_id', aliceEvent.id);
    expect(data).toEqual([]);
    const all = await mallory.client.from('event_members').select('event_id');
    expect(all.data?.every((m) => m.event_id !== aliceEvent.id)).toBe(true);
  });

  it("cannot insert a membership for themselves into someone else's event, in any role", async () => {
    for (const role of ['member', 'admin', 'creator']) {
      const { error } = await mallory.client
        .from('event_members')
        .insert({ event_id: aliceEvent.id, user_id: mallory.id, role });
      expect(error?.code).toBe('42501');
    }
    const upsert = await mallory.client
      .from('event_members')
      .upsert({ event_id: aliceEvent.id, user_id: mallory.id, role: 'admin' }, { onConflict: 'event_id,user_id' });
    expect(upsert.error?.code).toBe('42501');
    expect((await activeMembers(backend, aliceEvent.id)).map((m) => m.user_id)).toEqual([alice.id]);
  });

  it('a plain member cannot promote themselves or add others', async () => {
    const member = await makeUser(backend, 'climber');
    await addMembers(backend, aliceEvent.id, [{ id: member.id }]);
    const promote = await member.client
      .from('event_members')
      .update({ role: 'admin' })
      .eq('event_id', aliceEvent.id)
      .eq('user_id', member.id)
      .select('id');
    expect(promote.data).toEqual([]);
    expect(
      await rpc(member.client, 'update_member_role', {
        p_event_id: aliceEvent.id,
        p_user_id: member.id,
        p_role: 'admin',
      }),
    ).toMatchObject({ success: false });
    const add = await member.client.from('event_members').insert({ event_id: aliceEvent.id, user_id: mallory.id });
    expect(add.error?.code).toBe('42501');
    const { rows } = await backend.db.query(
      `select role from public.event_members where event_id = $1 and user_id = $2`,
      [aliceEvent.id, member.id],
    );
    expect(rows[0].role).toBe('member');
  });

  it('cannot join an event over its limit, by link or by accepting an invitation', async () => {
    const host = await makeUser(backend, 'fullhost');
    const event = await makeEvent(host);
    const crew = await Promise.all([1, 2, 3].map((i) => makeUser(backend, `crewmate${i}`)));
    await addMembers(
      backend,
      event.id,
      crew.map((c) => ({ id: c.id })),
    );
    expect(await rpc(mallory.client, 'join_event', { p_event_id: event.id })).toMatchObject({ success: false });
    const {
      rows: [inv],
    } = await backend.db.query<{ id: string }>(
      `insert into public.event_invitations (event_id, sender_id, recipient_email) values ($1, $2, $3) returning id`,
      [event.id, host.id, mallory.email],
    );
    expect(
      await rpc(mallory.client, 'respond_to_invitation', { p_invitation_id: inv.id, p_status: 'accepted' }),
    ).toMatchObject({ success: false });
    expect(await activeMembers(backend, event.id)).toHaveLength(4);
  });

  it("cannot answer or cancel someone else's invitation, nor forge the sender or recipient", async () => {
    const guest = await makeUser(backend, 'invitee');
    const { invitation_id } = await rpc(alice.client, 'invite_user_to_event', {
      p_event_id: aliceEvent.id,
      p_recipient_email: guest.email,
    });
    expect(
      await rpc(mallory.client, 'respond_to_invitation', { p_invitation_id: invitation_id, p_status: 'accepted' }),
    ).toEqual({ success: false, message: 'Invitation not found' });
    expect(await rpc(mallory.client, 'cancel_invitation', { p_invitation_id: invitation_id })).toEqual({
      success: false,
      message: 'Invitation not found',
    });
    const forged = await mallory.client
      .from('event_invitations')
      .insert({ event_id: aliceEvent.id, sender_id: alice.id, recipient_email: mallory.email });
    expect(forged.error?.code).toBe('42501');
    const ownEvent = await makeEvent(mallory);
    const redirected = await mallory.client
      .from('event_invitations')
      .insert({ event_id: ownEvent.id, recipient_email: 'x@example.com', recipient_id: guest.id });
    expect(redirected.error?.code).toBe('42501');
    const accepted = await mallory.client
      .from('event_invitations')
      .insert({ event_id: ownEvent.id, recipient_email: 'y@example.com', status: 'accepted' });
    expect(accepted.error?.code).toBe('42501');
  });
});

describe('admin-only data and functions', () => {
  it.each(['waitlist', 'admin_activity'])(
    'a user reads nothing of %s and the anonymous caller is refused',
    async (table) => {
      expect((await mallory.client.from(table).select('*')).data).toEqual([]);
      const anon = await backend.anon().from(table).select('*');
      expect(anon.status).toBe(401);
      expect(anon.error?.code).toBe('42501');
    },
  );

  it('a user cannot write settings or the waitlist directly', async () => {
    const settings = await mallory.client
      .from('app_settings')
      .update({ value: { enabled: false } })
      .eq('key', 'registration_enabled');
    expect(settings.error?.code).toBe('42501');
    const waitlist = await mallory.client
      .from('waitlist')
      .update({ notes: 'approved by me' })
      .neq('status', 'x')
      .select('id');
    expect(waitlist.data).toEqual([]);
    const { rows } = await backend.db.query(`select value from public.app_settings where key = 'registration_enabled'`);
    expect(rows[0].value).toEqual({ enabled: true });
  });

  it.each([
    ['run_maintenance', {}],
    ['link_invitations_to_user', { p_user_id: '00000000-0000-4000-8000-000000000000', p_email: 'a@b.c' }],
    ['tier_limits_of', { p_tier: 'free' }],
  ])('a user cannot call %s', async (fn, args) => {
    const { error, status } = await mallory.client.rpc(fn, args);
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });
});

describe('avatars', () => {
  it('lets a user write only in their own folder of the public avatars bucket, images up to 5 MB', async () => {
    const png = new Blob([TINY_PNG], { type: 'image/png' });
    const own = await mallory.client.storage.from('avatars').upload(`${mallory.id}/${mallory.id}-1.png`, png);
    expect(own.error).toBeNull();
    const foreign = await mallory.client.storage.from('avatars').upload(`${alice.id}/${alice.id}-1.png`, png);
    expect(foreign.error).not.toBeNull();
    const text = await mallory.client.storage
      .from('avatars')
      .upload(`${mallory.id}/note.txt`, new Blob(['hello'], { type: 'text/plain' }));
    expect(text.error).toMatchObject({ statusCode: '415' });
    const big = await mallory.client.storage
      .from('avatars')
      .upload(`${mallory.id}/big.png`, new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }));
    expect(big.error).toMatchObject({ statusCode: '413' });
    const publicUrl = mallory.client.storage.from('avatars').getPublicUrl(`${mallory.id}/${mallory.id}-1.png`);
    expect((await fetch(publicUrl.data.publicUrl)).status).toBe(200);
  });
});
