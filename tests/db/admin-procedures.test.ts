/**
 * The admin panel's procedures through supabase-js: settings switches and component access, admin
 * rights, a user's aggregated statistics; each refused to non-admins, each replayable, each action
 * logged once in admin_activity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { account, activity, rpc, rpcError, type Account } from '../support/accounts.ts';

let backend: TestBackend;
let admin: Account;
let user: Account;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  admin = await account(backend, 'Ada Admin', { role: 'admin' });
  user = await account(backend, 'Uma User');
});
afterAll(async () => backend?.stop());

const setting = async (key: string) =>
  (await backend.db.query<{ value: unknown }>(`select value from public.app_settings where key = $1`, [key])).rows[0]
    ?.value;

describe('toggle_feature', () => {
  it('sets {enabled} and logs the change once on a replay', async () => {
    const first = await rpc(admin.client, 'toggle_feature', { p_key: 'registration_enabled', p_enabled: false });
    expect(first).toMatchObject({ success: true, key: 'registration_enabled', enabled: false });
    expect(await setting('registration_enabled')).toEqual({ enabled: false });
    const replay = await rpc(admin.client, 'toggle_feature', { p_key: 'registration_enabled', p_enabled: false });
    expect(replay).toEqual(first);
    const logged = await activity(backend, 'toggle_feature', 'registration_enabled');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actor_id: admin.userId, details: { enabled: false } });
    await rpc(admin.client, 'toggle_feature', { p_key: 'registration_enabled', p_enabled: true });
    expect(await setting('registration_enabled')).toEqual({ enabled: true });
  });

  it('leaves shop_enabled unchanged without an error', async () => {
    const answer = await rpc(admin.client, 'toggle_feature', { p_key: 'shop_enabled', p_enabled: true });
    expect(answer).toMatchObject({ success: true, enabled: false });
    expect(await setting('shop_enabled')).toEqual({ enabled: false });
    expect(await activity(backend, 'toggle_feature', 'shop_enabled')).toHaveLength(0);
  });

  it('refuses unknown keys and non-features', async () => {
    await rpcError(
      admin.client,
      'toggle_feature',
      { p_key: 'nuclear_enabled', p_enabled: true },
      'P0001',
      'Unknown feature: nuclear_enabled',
    );
    await rpcError(
      admin.client,
      'toggle_feature',
      { p_key: 'component_access', p_enabled: true },
      'P0001',
      'Unknown feature: component_access',
    );
  });

  it('refuses non-admins and anonymous callers', async () => {
    await rpcError(
      user.client,
      'toggle_feature',
      { p_key: 'waitlist_enabled', p_enabled: false },
      '42501',
      'Admin access required',
    );
    const { error, status } = await backend
      .anon()
      .rpc('toggle_feature', { p_key: 'waitlist_enabled', p_enabled: false });
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
    expect(await setting('waitlist_enabled')).toEqual({ enabled: true });
  });
});

describe('update_component_access', () => {
  const lists = {
    dashboard_page: ['user', 'admin'],
    profile: ['user', 'admin'],
    admin_panel: ['admin'],
    reports: ['admin'],
  };

  it('replaces the lists once', async () => {
    expect(await rpc(admin.client, 'update_component_access', { p_settings: lists })).toMatchObject({
      success: true,
      settings: lists,
    });
    await rpc(admin.client, 'update_component_access', { p_settings: lists });
    expect(await setting('component_access')).toEqual(lists);
    expect(await activity(backend, 'update_component_access', 'component_access')).toHaveLength(1);
  });

  it('refuses bad shapes, unknown roles and locking admins out', async () => {
    await rpcError(
      admin.client,
      'update_component_access',
      { p_settings: ['admin'] },
      '22023',
      'Component access must be an object of role lists',
    );
    await rpcError(
      admin.client,
      'update_component_access',
      { p_settings: { profile: ['root'] } },
      '22023',
      'Roles of profile must be a list of user and admin',
    );
    await rpcError(
      admin.client,
      'update_component_access',
      { p_settings: { admin_panel: ['user'] } },
      'P0001',
      'The admin panel must stay open to admins',
    );
    await rpcError(user.client, 'update_component_access', { p_settings: lists }, '42501', 'Admin access required');
    expect(await setting('component_access')).toEqual(lists);
  });
});

describe('add_admin_user and remove_admin_user', () => {
  it('adds by id and by email, replays, and removes', async () => {
    const carl = await account(backend, 'Carl Crew');
    const dora = await account(backend, 'Dora Driver');
    expect(await rpc(admin.client, 'add_admin_user', { p_user_id: carl.userId, p_email: null })).toMatchObject({
      success: true,
      message: 'Admin added',
    });
    expect(await rpc(admin.client, 'add_admin_user', { p_user_id: carl.userId, p_email: null })).toMatchObject({
      success: true,
      message: 'User is already an admin',
    });
    expect(
      await rpc(admin.client, 'add_admin_user', { p_user_id: null, p_email: dora.email.toUpperCase() }),
    ).toMatchObject({ success: true, user_id: dora.userId });
    expect(await activity(backend, 'add_admin', carl.userId)).toHaveLength(1);
    // The new admin can act as one at once.
    expect(await rpc(carl.client, 'remove_admin_user', { p_user_id: dora.userId })).toMatchObject({
      success: true,
      message: 'Admin removed',
    });
    expect(await rpc(carl.client, 'remove_admin_user', { p_user_id: dora.userId })).toMatchObject({
      success: true,
      message: 'User is not an admin',
    });
    expect(await activity(backend, 'remove_admin', dora.userId)).toHaveLength(1);
    const { rows } = await backend.db.query(`select role from public.profiles where id = $1`, [dora.userId]);
    expect(rows[0]).toEqual({ role: 'user' });
  });

  it('refuses unknown users, mismatched emails and non-admins', async () => {
    await rpcError(
      admin.client,
      'add_admin_user',
      { p_user_id: crypto.randomUUID(), p_email: null },
      'P0001',
      'User not found',
    );
    await rpcError(
      admin.client,
      'add_admin_user',
      { p_user_id: user.userId, p_email: 'someone.else@example.com' },
      'P0001',
      'User not found',
    );
    await rpcError(admin.client, 'remove_admin_user', { p_user_id: crypto.randomUUID() }, 'P0001', 'User not found');
    await rpcError(
      user.client,
      'add_admin_user',
      { p_user_id: user.userId, p_email: null },
      '42501',
      'Admin access required',
    );
    await rpcError(user.client, 'remove_admin_user', { p_user_id: admin.userId }, '42501', 'Admin access required');
  });
});

describe('get_user_aggregated_stats', () => {
  it('sums payments and counts the events the user belongs to', async () => {
    const org = await account(backend, 'Olga Organizer', { tier: 'organizer' });
    await backend.db.query(
      `insert into public.payments (user_id, kind, amount_minor, currency) values ($1, 'tier', 2000, 'CHF'), ($1, 'tier', 5000, 'CHF'), ($1, 'tools', 1250, 'CHF')`,
      [org.userId],
    );
    const events = [
      ['active', '2027-07-01', '2027-07-03'],
      ['active', null, null],
      ['past', '2026-08-01', '2026-08-01'],
      ['deleted', '2026-06-01', '2026-06-05'],
    ];
    for (const [status, start, end] of events) {
      const { rows } = await backend.db.query<{ id: string }>(
        `insert into public.events (name, created_by, start_date, end_date) values ('Festival', $1, $2, $3) returning id`,
        [org.userId, start, end],
      );
      await backend.db.query(
        `insert into public.event_members (event_id, user_id, role) values ($1, $2, 'creator') on conflict (event_id, user_id) do nothing`,
        [rows[0].id, org.userId],
      );
      await backend.db.query(
        `update public.events set status = $2, deleted_at = case when $2 = 'deleted' then now() end where id = $1`,
        [rows[0].id, status],
      );
    }
    const expected = {
      total_tier_spend: 70,
      total_tools_spend: 12.5,
      active_events_count: 2,
      archived_events_count: 1,
      deleted_events_count: 1,
      average_event_duration_days: 3,
    };
    expect(await rpc(org.client, 'get_user_aggregated_stats', { p_user_id: org.userId })).toEqual(expected);
    expect(await rpc(admin.client, 'get_user_aggregated_stats', { p_user_id: org.userId })).toEqual(expected);
  });

  it('answers zeros for a user with nothing, and refuses other users to non-admins', async () => {
    expect(await rpc(user.client, 'get_user_aggregated_stats', { p_user_id: user.userId })).toEqual({
      total_tier_spend: 0,
      total_tools_spend: 0,
      active_events_count: 0,
      archived_events_count: 0,
      deleted_events_count: 0,
      average_event_duration_days: 0,
    });
    await rpcError(
      user.client,
      'get_user_aggregated_stats',
      { p_user_id: admin.userId },
      '42501',
      'You can only see your own statistics',
    );
  });
});

describe('the last admin', () => {
  it('cannot be removed', async () => {
    await backend.db.query(`update public.profiles set role = 'user' where id <> $1`, [admin.userId]);
    await rpcError(
      admin.client,
      'remove_admin_user',
      { p_user_id: admin.userId },
      'P0001',
      'Cannot remove the last admin',
    );
    const { rows } = await backend.db.query(`select role from public.profiles where id = $1`, [admin.userId]);
    expect(rows[0]).toEqual({ role: 'admin' });
  });
});

describe('execute rights', () => {
  const rights: Record<string, [anon: boolean, authenticated: boolean, service: boolean]> = {
    accept_friend_invite_code: [false, true, true],
    add_admin_user: [false, true, true],
    add_to_waitlist: [true, true, true],
    admin_update_user_tier: [false, true, true],
    apply_subscription_change: [false, false, true],
    generate_friend_invite_code: [false, true, true],
    get_friend_requests: [false, true, true],
    get_friends: [false, true, true],
    get_user_aggregated_stats: [false, true, true],
    get_waitlist_entry_by_email: [true, true, true],
    prepare_user_deletion: [false, false, true],
    process_waitlist_entry: [false, true, true],
    remove_admin_user: [false, true, true],
    remove_friend: [false, true, true],
    respond_to_friend_request: [false, true, true],
    send_friend_request: [false, true, true],
    tier_alias: [true, true, true],
    toggle_feature: [false, true, true],
    update_component_access: [false, true, true],
    verify_approval_token: [false, false, true],
  };

  it('give each API role only what it needs', async () => {
    const { rows } = await backend.db.query<{ proname: string; anon: boolean; auth: boolean; service: boolean }>(
      `select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon,
         has_function_privilege('authenticated', p.oid, 'execute') as auth,
         has_function_privilege('service_role', p.oid, 'execute') as service
       from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = any($1) order by 1`,
      [Object.keys(rights)],
    );
    expect(Object.fromEntries(rows.map((r) => [r.proname, [r.anon, r.auth, r.service]]))).toEqual(rights);
    // `private` is not served by the API. Policies and functions that run as the caller call the RLS
    // helpers kept there, so authenticated and service_role may use the schema, to run those helpers
    // alone; anon nothing; and no API role may touch a table there (the approval signing key).
    const { rows: reach } = await backend.db.query<{
      role: string;
      usage: boolean;
      functions: string[];
      tables: string[];
    }>(
      `select r as role, has_schema_privilege(r, 'private', 'usage') as usage,
         array(select p.proname::text from pg_proc p
               where p.pronamespace = 'private'::regnamespace and has_function_privilege(r, p.oid, 'execute')) as functions,
         array(select c.relname::text from pg_class c
               where c.relnamespace = 'private'::regnamespace
                 and has_table_privilege(r, c.oid, 'select, insert, update, delete')) as tables
       from unnest(array['anon', 'authenticated', 'service_role']) as r order by r`,
    );
    const helpers = [
      'can_read_profile',
      'can_remove_receipt',
      'can_use_receipt',
      'is_active_user',
      'is_event_manager',
      'is_event_member',
      'is_site_admin',
      'readable_profile_ids',
      'require_event_feature',
    ];
    // The storage policies' checks of chat photos (members) and event logos (members read, managers write).
    const chatPhotos = ['can_add_chat_photo', 'can_read_chat_photo'];
    expect(reach.map((r) => ({ ...r, functions: [...r.functions].sort() }))).toEqual([
      { role: 'anon', usage: false, functions: [], tables: [] },
      {
        role: 'authenticated',
        usage: true,
        functions: [...helpers, ...chatPhotos, 'can_use_event_logo'].sort(),
        tables: [],
      },
      { role: 'service_role', usage: true, functions: [...helpers, ...chatPhotos].sort(), tables: [] },
    ]);
  });

  it('keep users from granting themselves a tier or taking over events', async () => {
    await rpcError(user.client, 'apply_subscription_change', { p_user_id: user.userId, p_tier: 'organizer' }, '42501');
    await rpcError(user.client, 'prepare_user_deletion', { p_user_id: admin.userId, p_actor_id: user.userId }, '42501');
    await rpcError(
      user.client,
      'admin_update_user_tier',
      { p_user_id: user.userId, p_tier: 'organizer' },
      '42501',
      'Admin access required',
    );
    const { rows } = await backend.db.query(`select subscription_tier from public.profiles where id = $1`, [
      user.userId,
    ]);
    expect(rows[0]).toEqual({ subscription_tier: 'free' });
  });
});
