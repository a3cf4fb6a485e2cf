/**
 * The admin server functions and the account creation of an approved waitlist entry, through
 * HTTP on the local backend: refused without a session (401) and to non-admins (403), each action
 * applied in auth or the database, logged once, and replayable.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { account, activity, rpc, type Account } from '../support/accounts.ts';
import { callFunction } from '../support/functions.ts';

const AUTH_REQUIRED = 'Authentication required. Please log in and try again.';

let backend: TestBackend;
let admin: Account;
let user: Account;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false, functionsDir: path.resolve('supabase/functions') });
  admin = await account(backend, 'Ines Admin', { role: 'admin' });
  user = await account(backend, 'Jonas User');
});
afterAll(async () => backend?.stop());

const profile = async (id: string) =>
  (await backend.db.query(`select role, subscription_tier, name from public.profiles where id = $1`, [id])).rows[0];

const canSignIn = async (email: string, password = 'correct-horse-battery') =>
  !(await backend.anon().auth.signInWithPassword({ email, password })).error;

describe('get-app-settings', () => {
  it('answers every setting to any bearer, the anon key included', async () => {
    const { status, body } = await callFunction(backend, 'get-app-settings');
    expect(status).toBe(200);
    expect(body.settings).toMatchObject({
      waitlist_enabled: { enabled: true },
      registration_enabled: { enabled: true },
      shop_enabled: { enabled: false },
      component_access: { admin_panel: ['admin'] },
    });
    expect((await callFunction(backend, 'get-app-settings', { token: null })).status).toBe(401);
  });
});

describe('the admin functions refuse', () => {
  const calls: [string, string, Record<string, unknown> | undefined][] = [
    ['get-all-users', 'GET', undefined],
    ['admin-suspend-user', 'POST', { userId: '' }],
    ['admin-reactivate-user', 'POST', { userId: '' }],
    ['admin-delete-user', 'POST', { userId: '' }],
    ['admin-update-user-tier', 'POST', { userId: '', subscriptionTier: 'organizer' }],
  ];

  it('callers without a session (401) and non-admins (403), changing nothing', async () => {
    const target = await account(backend, 'Target Person');
    for (const [name, method, template] of calls) {
      const body = template && { ...template, userId: target.userId };
      const anonymous = await callFunction(backend, name, { method, body });
      expect([name, anonymous.status, anonymous.body]).toEqual([name, 401, { error: AUTH_REQUIRED }]);
      const forged = await callFunction(backend, name, { method, body, token: `${user.accessToken.slice(0, -4)}AAAA` });
      expect([name, forged.status]).toEqual([name, 401]);
      const refused = await callFunction(backend, name, { method, body, token: user.accessToken });
      expect([name, refused.status, refused.body]).toEqual([name, 403, { error: 'Admin access required' }]);
    }
    expect(await profile(target.userId)).toMatchObject({ subscription_tier: 'free' });
    expect(await canSignIn(target.email)).toBe(true);
    const { rows } = await backend.db.query(
      `select count(*)::int as n from public.admin_activity where target_id = $1`,
      [target.userId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('get-all-users', () => {
  it('lists profiles with their auth state', async () => {
    const { status, body } = await callFunction<{ users: Record<string, unknown>[] }>(backend, 'get-all-users', {
      token: admin.accessToken,
    });
    expect(status).toBe(200);
    const byId = new Map(body.users.map((u) => [u.id, u]));
    expect(byId.get(admin.userId)).toMatchObject({
      email: admin.email,
      name: 'Ines Admin',
      role: 'admin',
      subscription_tier: 'free',
      is_banned: false,
    });
    expect(byId.get(user.userId)).toMatchObject({
      email: user.email,
      role: 'user',
      is_banned: false,
      banned_until: null,
    });
  });
});

describe('admin-suspend-user and admin-reactivate-user', () => {
  it('ban and unban in auth, once each on a replay', async () => {
    const kim = await account(backend, 'Kim Keller');
    const suspend = () =>
      callFunction(backend, 'admin-suspend-user', { token: admin.accessToken, body: { userId: kim.userId } });
    expect(await suspend()).toEqual({
      status: 200,
      body: { success: true, message: 'User suspended', userId: kim.userId },
    });
    expect((await suspend()).status).toBe(200);
    expect(await canSignIn(kim.email)).toBe(false);
    const listed = await callFunction<{ users: Record<string, unknown>[] }>(backend, 'get-all-users', {
      token: admin.accessToken,
    });
    expect(listed.body.users.find((u) => u.id === kim.userId)).toMatchObject({ is_banned: true });
    expect(await activity(backend, 'suspend_user', kim.userId)).toEqual([
      expect.objectContaining({ actor_id: admin.userId }),
    ]);

    const reactivate = () =>
      callFunction(backend, 'admin-reactivate-user', { token: admin.accessToken, body: { userId: kim.userId } });
    expect((await reactivate()).body).toMatchObject({ success: true, message: 'User reactivated' });
    expect((await reactivate()).status).toBe(200);
    expect(await canSignIn(kim.email)).toBe(true);
    expect(await activity(backend, 'reactivate_user', kim.userId)).toHaveLength(1);
  });

  it('refuse the caller themselves, unknown users and bad bodies', async () => {
    expect(
      await callFunction(backend, 'admin-suspend-user', { token: admin.accessToken, body: { userId: admin.userId } }),
    ).toEqual({
      status: 400,
      body: { error: 'You cannot suspend your own account' },
    });
    expect(
      await callFunction(backend, 'admin-suspend-user', {
        token: admin.accessToken,
        body: { userId: crypto.randomUUID() },
      }),
    ).toEqual({
      status: 404,
      body: { error: 'User not found' },
    });
    expect(
      await callFunction(backend, 'admin-reactivate-user', { token: admin.accessToken, body: { userId: 'nope' } }),
    ).toEqual({
      status: 400,
      body: { error: 'userId must be a UUID' },
    });
    expect(
      (await callFunction(backend, 'admin-suspend-user', { token: admin.accessToken, rawBody: '{', method: 'POST' }))
        .status,
    ).toBe(400);
  });
});

describe('admin-update-user-tier', () => {
  it('sets the tier and the billing alias, once on a replay', async () => {
    const lea = await account(backend, 'Lea Lind');
    const update = (subscriptionTier: string) =>
      callFunction(backend, 'admin-update-user-tier', {
        token: admin.accessToken,
        body: { userId: lea.userId, subscriptionTier },
      });
    expect(await update('organizer')).toMatchObject({ status: 200, body: { success: true, tier: 'organizer' } });
    expect((await update('organizer')).status).toBe(200);
    expect(await profile(lea.userId)).toMatchObject({ subscription_tier: 'organizer' });
    const { rows } = await backend.db.query(`select tier, status from public.stripe_subscriptions where user_id = $1`, [
      lea.userId,
    ]);
    expect(rows).toEqual([{ tier: 'premium', status: 'active' }]);
    expect(await activity(backend, 'update_user_tier', lea.userId)).toEqual([
      expect.objectContaining({ actor_id: admin.userId, details: { tier: 'organizer', previous: 'free' } }),
    ]);
    expect(await update('gold')).toEqual({
      status: 400,
      body: { error: 'subscriptionTier must be free, starter or organizer' },
    });
    const unknown = await callFunction(backend, 'admin-update-user-tier', {
      token: admin.accessToken,
      body: { userId: crypto.randomUUID(), subscriptionTier: 'starter' },
    });
    expect(unknown).toEqual({ status: 404, body: { error: 'User not found' } });
  });
});

describe('admin-delete-user', () => {
  it('deletes solo events, hands shared ones to the longest-standing admin else member, and replays', async () => {
    const [owner, early, coorg, later] = [
      await account(backend, 'Olaf Owner', { tier: 'organizer' }),
      await account(backend, 'Erin Early'),
      await account(backend, 'Cora Coorg'),
      await account(backend, 'Lars Later'),
    ];
    const event = async (name: string, members: [Account, string][]) => {
      const { rows } = await backend.db.query<{ id: string }>(
        `insert into public.events (name, created_by) values ($1, $2) returning id`,
        [name, owner.userId],
      );
      // Joined a day apart in the order given: two inserts can share a clock tick, and the hand-over
      // follows who joined first.
      for (const [index, [member, role]] of members.entries()) {
        await backend.db.query(
          `insert into public.event_members (event_id, user_id, role, created_at)
           values ($1, $2, $3, now() - make_interval(days => $4::int))`,
          [rows[0].id, member.userId, role, members.length - index],
        );
      }
      return rows[0].id;
    };
    const solo = await event('Solo hike', []);
    const withAdmin = await event('Lake weekend', [
      [early, 'member'],
      [coorg, 'admin'],
    ]);
    const withMembers = await event('Open air', [
      [early, 'member'],
      [later, 'member'],
    ]);

    const answer = await callFunction(backend, 'admin-delete-user', {
      token: admin.accessToken,
      body: { userId: owner.userId },
    });
    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: 'User deleted', userId: owner.userId, deleted_events: 1, transferred_events: 2 },
    });
    const { rows: events } = await backend.db.query<{ id: string; created_by: string }>(
      `select id, created_by from public.events where id = any($1) order by name`,
      [[solo, withAdmin, withMembers]],
    );
    expect(events).toEqual([
      { id: withAdmin, created_by: coorg.userId },
      { id: withMembers, created_by: early.userId },
    ]);
    const { rows: roles } = await backend.db.query(
      `select user_id, role from public.event_members where event_id = $1 and deleted_at is null order by role`,
      [withAdmin],
    );
    expect(roles).toEqual([
      { user_id: coorg.userId, role: 'creator' },
      { user_id: early.userId, role: 'member' },
    ]);
    expect(await profile(owner.userId)).toBeUndefined();
    expect(await canSignIn(owner.email)).toBe(false);
    expect(await activity(backend, 'delete_user', owner.userId)).toEqual([
      expect.objectContaining({
        actor_id: admin.userId,
        details: expect.objectContaining({ deleted_events: 1, transferred_events: 2 }),
      }),
    ]);

    const replay = await callFunction(backend, 'admin-delete-user', {
      token: admin.accessToken,
      body: { userId: owner.userId },
    });
    expect(replay).toEqual({
      status: 200,
      body: { success: true, message: 'User already deleted', userId: owner.userId },
    });
    expect(await activity(backend, 'delete_user', owner.userId)).toHaveLength(1);
  });

  it('refuses the caller themselves', async () => {
    expect(
      await callFunction(backend, 'admin-delete-user', { token: admin.accessToken, body: { userId: admin.userId } }),
    ).toEqual({
      status: 400,
      body: { error: 'You cannot delete your own account' },
    });
    expect(await profile(admin.userId)).toMatchObject({ role: 'admin' });
  });
});

describe('admin-create-user', () => {
  const approve = async (email: string) => {
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: email, p_name: null });
    const { rows } = await backend.db.query<{ id: string }>(
      `select id from public.waitlist where lower(email) = lower($1)`,
      [email],
    );
    return (
      await rpc<{ token: string }>(admin.client, 'process_waitlist_entry', {
        p_id: rows[0].id,
        p_status: 'approved',
        p_notes: null,
      })
    ).token;
  };
  const create = (body: Record<string, unknown>) => callFunction(backend, 'admin-create-user', { body });

  it('creates a confirmed account for the approved email, and answers a replay', async () => {
    const token = await approve('mia.moss@example.com');
    const body = { email: 'Mia.Moss@Example.com', password: 'tent-and-stars', name: 'Mia Moss', approvalToken: token };
    const first = await create(body);
    expect(first).toMatchObject({ status: 200, body: { success: true, user: { email: 'mia.moss@example.com' } } });
    const userId = (first.body.user as { id: string }).id;
    expect(await profile(userId)).toMatchObject({ name: 'Mia Moss', role: 'user', subscription_tier: 'free' });
    expect(await canSignIn('mia.moss@example.com', 'tent-and-stars')).toBe(true);
    expect(await create(body)).toMatchObject({ status: 200, body: { success: true, user: { id: userId } } });
    expect(await create({ ...body, password: 'another-password' })).toEqual({
      status: 409,
      body: { error: 'An account with this email already exists' },
    });
    expect(await activity(backend, 'create_user_from_waitlist', userId)).toHaveLength(1);
  });

  it('refuses forged tokens, another email, bad input and closed registration', async () => {
    const token = await approve('nils.north@example.com');
    const base = { email: 'nils.north@example.com', password: 'tent-and-stars', name: 'Nils', approvalToken: token };
    const forged = `${Buffer.from('nils.north@example.com').toString('base64url')}.${'A'.repeat(43)}`;
    expect(await create({ ...base, approvalToken: forged })).toEqual({
      status: 403,
      body: { error: 'This approval link is not valid' },
    });
    const pendingEmail = 'olga.oak@example.com';
    await rpc(backend.anon(), 'add_to_waitlist', { p_email: pendingEmail, p_name: null });
    expect(await create({ ...base, email: pendingEmail })).toEqual({
      status: 403,
      body: { error: 'This email does not match the approval link' },
    });
    expect(await create({ ...base, email: 'nils.north' })).toEqual({
      status: 400,
      body: { error: 'Please enter a valid email address' },
    });
    expect(await create({ ...base, password: '123' })).toMatchObject({ status: 400 });
    await rpc(admin.client, 'toggle_feature', { p_key: 'registration_enabled', p_enabled: false });
    expect(await create(base)).toEqual({ status: 403, body: { error: 'Registration is currently closed' } });
    await rpc(admin.client, 'toggle_feature', { p_key: 'registration_enabled', p_enabled: true });
    expect(await canSignIn('nils.north@example.com', 'tent-and-stars')).toBe(false);
    expect((await create(base)).status).toBe(200);
  });
});
