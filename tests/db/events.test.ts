/**
 * Events in the database: the creator's membership, access_tier following the creator's tier,
 * status and deleted_at agreeing, the limits of spec section 9 (events at once, planning days),
 * profiles made from the sign-up metadata, check_access and the maintenance function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, rpc, startDb, uniqueEmail } from './events-support.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startDb();
});

afterAll(async () => {
  await backend?.stop();
});

async function eventRow(id: string) {
  const { rows } = await backend.db.query<{ status: string; deleted_at: string | null; access_tier: string }>(
    `select status, deleted_at, access_tier from public.events where id = $1`,
    [id],
  );
  return rows[0];
}

describe('profiles from sign-up', () => {
  it('splits a full name into first and last name, as role user on the free tier', async () => {
    const { userId, email } = await backend.signUp(uniqueEmail('ann'), 'correct-horse-battery', {
      name: 'Ann Lee Smith',
    });
    const { rows } = await backend.db.query(
      `select name, first_name, last_name, email, role, subscription_tier from public.profiles where id = $1`,
      [userId],
    );
    expect(rows[0]).toEqual({
      name: 'Ann Lee Smith',
      first_name: 'Ann',
      last_name: 'Lee Smith',
      email,
      role: 'user',
      subscription_tier: 'free',
    });
  });

  it('builds the name from first_name and last_name, and ignores a role in the metadata', async () => {
    const { userId } = await backend.signUp(uniqueEmail('bob'), 'correct-horse-battery', {
      first_name: 'Bob',
      last_name: 'Marley',
      role: 'admin',
      subscription_tier: 'organizer',
    });
    const { rows } = await backend.db.query(
      `select name, first_name, last_name, role, subscription_tier from public.profiles where id = $1`,
      [userId],
    );
    expect(rows[0]).toEqual({
      name: 'Bob Marley',
      first_name: 'Bob',
      last_name: 'Marley',
      role: 'user',
      subscription_tier: 'free',
    });
  });

  it('keeps the profile email equal to the auth email', async () => {
    const user = await makeUser(backend, 'mover');
    const next = uniqueEmail('moved');
    await backend.db.query(`update auth.users set email = $2 where id = $1`, [user.id, next]);
    const { rows } = await backend.db.query(`select email from public.profiles where id = $1`, [user.id]);
    expect(rows[0].email).toBe(next);
  });
});

describe('creating events', () => {
  it('makes the creator a member with role creator and the event active on the creator tier', async () => {
    const starter = await makeUser(backend, 'starter', { tier: 'starter' });
    const event = await makeEvent(starter);
    expect(event).toMatchObject({ status: 'active', access_tier: 'starter', created_by: starter.id });
    const { data } = await starter.client
      .from('event_members')
      .select('user_id, role, deleted_at')
      .eq('event_id', event.id);
    expect(data).toEqual([{ user_id: starter.id, role: 'creator', deleted_at: null }]);
  });

  it('refuses an access_tier sent by the client', async () => {
    const user = await makeUser(backend, 'sneaky');
    const { error } = await user.client.from('events').insert({ name: 'Mine', access_tier: 'organizer' });
    expect(error?.code).toBe('42501');
    const { count } = await user.client.from('events').select('id', { count: 'exact', head: true });
    expect(count).toBe(0);
  });

  it('finds the row a replayed insert already made through client_ref', async () => {
    const user = await makeUser(backend, 'replayer');
    const first = await user.client
      .from('events')
      .insert({ name: 'Offline camp', client_ref: 'temp-1' })
      .select('id')
      .single();
    expect(first.error).toBeNull();
    const again = await user.client
      .from('events')
      .insert({ name: 'Offline camp', client_ref: 'temp-1' })
      .select('id')
      .single();
    expect(again.error?.code).toBe('23505');
    const { data } = await user.client.from('events').select('id').eq('client_ref', 'temp-1');
    expect(data).toEqual([{ id: first.data!.id }]);
  });
});

describe('events at once', () => {
  it('allows a free user 2 active events, then names the limit and the upgrade', async () => {
    const user = await makeUser(backend, 'busy');
    const one = await makeEvent(user);
    await makeEvent(user);
    const { error, status } = await user.client.from('events').insert({ name: 'Third' });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'P0001',
      message: 'Your free plan allows 2 active events at once. Upgrade to starter for more.',
    });

    // deleting one makes room; restoring it while at the limit is refused
    const del = await user.client.from('events').update({ status: 'deleted' }).eq('id', one.id).select('id');
    expect(del.data).toHaveLength(1);
    await makeEvent(user);
    const restore = await user.client.from('events').update({ status: 'active' }).eq('id', one.id).select('id');
    expect(restore.error?.message).toBe('Your free plan allows 2 active events at once. Upgrade to starter for more.');
    expect((await eventRow(one.id)).status).toBe('deleted');
  });

  it('counts only the events the user created, and past events not at all', async () => {
    const user = await makeUser(backend, 'guest');
    const other = await makeUser(backend, 'host', { tier: 'organizer' });
    for (let i = 0; i < 3; i++) {
      const e = await makeEvent(other);
      await addMembers(backend, e.id, [{ id: user.id }]);
    }
    const a = await makeEvent(user);
    await backend.db.query(`update public.events set status = 'past' where id = $1`, [a.id]);
    await makeEvent(user);
    await makeEvent(user);
  });

  it('tells an organizer at 25 events to make room, with no upgrade to offer', async () => {
    const user = await makeUser(backend, 'pro', { tier: 'organizer' });
    await backend.db.query(
      `insert into public.events (name, created_by) select 'Bulk ' || g, $1 from generate_series(1, 25) g`,
      [user.id],
    );
    const { error } = await user.client.from('events').insert({ name: 'One too many' });
    expect(error?.message).toBe(
      'Your organizer plan allows 25 active events at once. Archive or delete one of your events to make room.',
    );
  });
});

describe('planning days', () => {
  it('allows 30 days on free (start and end inclusive) and refuses 31 with the numbers', async () => {
    const user = await makeUser(backend, 'planner');
    const ok = await user.client
      .from('events')
      .insert({ name: 'Month', start_date: '2027-07-01', end_date: '2027-07-30' })
      .select('id')
      .single();
    expect(ok.error).toBeNull();
    const { error } = await user.client
      .from('events')
      .insert({ name: 'Long', start_date: '2027-07-01', end_date: '2027-07-31' });
    expect(error).toMatchObject({
      code: 'P0001',
      message:
        'Your free plan allows events of up to 30 days; this one spans 31 days. Upgrade to starter for up to 180 days.',
    });
    const longer = await user.client
      .from('events')
      .update({ end_date: '2027-08-15' })
      .eq('id', ok.data!.id)
      .select('id');
    expect(longer.error?.message).toBe(
      'Your free plan allows events of up to 30 days; this one spans 46 days. Upgrade to starter for up to 180 days.',
    );
  });

  it('follows the event tier: 180 days on starter', async () => {
    const user = await makeUser(backend, 'longplanner', { tier: 'starter' });
    const ok = await user.client
      .from('events')
      .insert({ name: 'Season', start_date: '2027-01-01', end_date: '2027-06-29' });
    expect(ok.error).toBeNull();
    const { error } = await user.client
      .from('events')
      .insert({ name: 'Too long', start_date: '2027-01-01', end_date: '2027-06-30' });
    expect(error?.message).toBe(
      'Your starter plan allows events of up to 180 days; this one spans 181 days. Upgrade to organizer for up to 370 days.',
    );
  });

  it('refuses an end date before the start date', async () => {
    const user = await makeUser(backend, 'backwards');
    const { error } = await user.client
      .from('events')
      .insert({ name: 'Backwards', start_date: '2027-07-02', end_date: '2027-07-01' });
    expect(error?.code).toBe('23514');
  });
});

describe('access_tier follows the creator', () => {
  it('is raised on upgrade and lowered on downgrade for all their events', async () => {
    const user = await makeUser(backend, 'upgrader');
    const a = await makeEvent(user);
    const b = await makeEvent(user);
    await backend.db.query(`update public.events set status = 'deleted' where id = $1`, [b.id]);
    await backend.db.query(`update public.profiles set subscription_tier = 'organizer' where id = $1`, [user.id]);
    expect((await eventRow(a.id)).access_tier).toBe('organizer');
    expect((await eventRow(b.id)).access_tier).toBe('organizer');
    await backend.db.query(`update public.profiles set subscription_tier = 'starter' where id = $1`, [user.id]);
    expect((await eventRow(a.id)).access_tier).toBe('starter');
  });

  it('keeps members beyond the new limit on a downgrade (gating, not deleting)', async () => {
    const user = await makeUser(backend, 'downgrader', { tier: 'starter' });
    const event = await makeEvent(user);
    const others = await Promise.all([1, 2, 3, 4].map((i) => makeUser(backend, `crew${i}`)));
    await addMembers(
      backend,
      event.id,
      others.map((o) => ({ id: o.id })),
    );
    await backend.db.query(`update public.profiles set subscription_tier = 'free' where id = $1`, [user.id]);
    const { count } = await user.client
      .from('event_members')
      .select('id', { count: 'exact', head: true })
      .eq('event_id', event.id)
      .is('deleted_at', null);
    expect(count).toBe(5);
    expect((await eventRow(event.id)).access_tier).toBe('free');
  });
});

describe('status and deleted_at', () => {
  it('sets deleted_at with status deleted, and clears it on restore', async () => {
    const user = await makeUser(backend, 'deleter');
    const event = await makeEvent(user);
    await user.client.from('events').update({ status: 'deleted' }).eq('id', event.id);
    let row = await eventRow(event.id);
    expect(row.status).toBe('deleted');
    expect(row.deleted_at).not.toBeNull();
    await user.client.from('events').update({ status: 'active' }).eq('id', event.id);
    row = await eventRow(event.id);
    expect(row).toMatchObject({ status: 'active', deleted_at: null });
  });

  it('sets status deleted when only deleted_at is sent, and active when it is cleared', async () => {
    const user = await makeUser(backend, 'deleter2');
    const event = await makeEvent(user);
    await user.client.from('events').update({ deleted_at: new Date().toISOString() }).eq('id', event.id);
    expect((await eventRow(event.id)).status).toBe('deleted');
    await user.client.from('events').update({ deleted_at: null }).eq('id', event.id);
    expect(await eventRow(event.id)).toMatchObject({ status: 'active', deleted_at: null });
  });

  it('lets only the creator delete or restore; an event admin edits the rest', async () => {
    const creator = await makeUser(backend, 'owner', { tier: 'starter' });
    const admin = await makeUser(backend, 'coorg');
    const event = await makeEvent(creator);
    await addMembers(backend, event.id, [{ id: admin.id, role: 'admin' }]);
    const rename = await admin.client
      .from('events')
      .update({ name: 'Renamed by admin' })
      .eq('id', event.id)
      .select('name');
    expect(rename.data).toEqual([{ name: 'Renamed by admin' }]);
    const del = await admin.client.from('events').update({ status: 'deleted' }).eq('id', event.id);
    expect(del.status).toBe(403);
    expect(del.error).toMatchObject({
      code: '42501',
      message: 'Only the event creator can delete or restore this event.',
    });
    expect((await eventRow(event.id)).status).toBe('active');
  });
});

describe('check_access', () => {
  it('gives members of a free event the basic features and gates transport and the site planner', async () => {
    const user = await makeUser(backend, 'access');
    const outsider = await makeUser(backend, 'stranger');
    const event = await makeEvent(user);
    expect(await rpc(user.client, 'check_access', { p_key: 'event_chat', p_event_id: event.id })).toEqual({
      access: 'full_access',
      required_tier: 'free',
      current_tier: 'free',
      feature: 'event_chat',
    });
    expect(await rpc(user.client, 'check_access', { p_key: 'event_transport', p_event_id: event.id })).toEqual({
      access: 'gated_access',
      required_tier: 'starter',
      current_tier: 'free',
      feature: 'event_transport',
    });
    expect(await rpc(user.client, 'check_access', { p_key: 'event_camp_planner', p_event_id: event.id })).toMatchObject(
      { access: 'gated_access' },
    );
    expect(await rpc(outsider.client, 'check_access', { p_key: 'event_chat', p_event_id: event.id })).toMatchObject({
      access: 'no_access',
    });
    await backend.db.query(`update public.profiles set subscription_tier = 'starter' where id = $1`, [user.id]);
    expect(await rpc(user.client, 'check_access', { p_key: 'event_transport', p_event_id: event.id })).toMatchObject({
      access: 'full_access',
      current_tier: 'starter',
    });
    expect(
      await rpc(user.client, 'check_access', { p_key: 'advanced_expense_splitting', p_event_id: event.id }),
    ).toMatchObject({
      access: 'gated_access',
      required_tier: 'organizer',
    });
  });

  it('opens dashboard and profile, keeps admin_panel for site admins, and reads component_access', async () => {
    const user = await makeUser(backend, 'plain');
    const admin = await makeUser(backend, 'siteadmin', { role: 'admin' });
    const access = async (client: typeof user.client, key: string) =>
      ((await rpc(client, 'check_access', { p_key: key })) as { access: string }).access;
    expect(await access(user.client, 'dashboard_page')).toBe('full_access');
    expect(await access(user.client, 'profile')).toBe('full_access');
    expect(await access(user.client, 'admin_panel')).toBe('no_access');
    expect(await access(admin.client, 'admin_panel')).toBe('full_access');
    expect(await access(user.client, 'admin_reports')).toBe('no_access');
    expect(await access(admin.client, 'admin_reports')).toBe('full_access');
    expect(await access(user.client, 'shop_page')).toBe('full_access');
    await backend.db.query(
      `update public.app_settings set value = value || '{"shop_page": ["admin"]}' where key = 'component_access'`,
    );
    expect(await access(user.client, 'shop_page')).toBe('no_access');
    expect(await access(admin.client, 'shop_page')).toBe('full_access');
  });

  it('answers the anonymous caller with 401', async () => {
    const { error, status } = await backend.anon().rpc('check_access', { p_key: 'dashboard_page' });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});

describe('run_maintenance', () => {
  it('marks ended events past, soft-deletes them after the tier days and removes them 30 days later', async () => {
    const user = await makeUser(backend, 'maint');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const ended = await makeEvent(user, { start_date: day(-3), end_date: day(-1) });
    const running = await makeEvent(user, { start_date: day(-1), end_date: day(1) });
    const {
      rows: [old],
    } = await backend.db.query<{ id: string }>(
      `insert into public.events (name, created_by, start_date, end_date, status) values ('Old', $1, $2, $3, 'past') returning id`,
      [user.id, day(-20), day(-15)],
    );
    const {
      rows: [gone],
    } = await backend.db.query<{ id: string }>(
      `insert into public.events (name, created_by, status, deleted_at) values ('Gone', $1, 'deleted', now() - interval '31 days') returning id`,
      [user.id],
    );
    await backend.runMaintenance();
    expect((await eventRow(ended.id)).status).toBe('past');
    expect((await eventRow(running.id)).status).toBe('active');
    const oldRow = await eventRow(old.id);
    expect(oldRow.status).toBe('deleted');
    expect(oldRow.deleted_at).not.toBeNull();
    expect(await eventRow(gone.id)).toBeUndefined();
    const again = await backend.db.query<{ r: Record<string, number> }>(`select public.run_maintenance() as r`);
    expect(again.rows[0].r).toMatchObject({ marked_past: 0 });
  });

  it('cannot be called by a signed-in user', async () => {
    const user = await makeUser(backend, 'caller');
    const { error, status } = await user.client.rpc('run_maintenance');
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });
});
