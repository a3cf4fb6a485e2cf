/**
 * Supabase's database linter on the migrated schema (tests/db/lints.ts): no finding of any lint,
 * and the security definer functions that the API roles can call are exactly the RPCs below, each
 * with the reason it is one. Each lint is also shown a planted mistake (in a transaction that is
 * rolled back) and must report it, so a lint that silently matches nothing would fail here.
 * Beyond the catalog: the RLS helpers are out of the API's reach, and the public avatars bucket
 * serves its files by URL but lists nobody's folder but one's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../supabase/local/db.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';
import { account, type Account } from '../support/accounts.ts';
import { DANGLING_CALLS_SQL, LINTS, runLint, type Lint } from './lints.ts';

type ApiRole = 'anon' | 'authenticated';
const SIGNED_IN: ApiRole[] = ['authenticated'];
const EVERYONE: ApiRole[] = ['anon', 'authenticated'];

/**
 * The security definer functions of `public` that the API serves, who may call them and why.
 * Each checks its caller itself (signed in, member, manager, site admin, approval token) before it
 * acts, since it bypasses RLS. Anything else security definer in `public` must not be executable by
 * anon or authenticated: a trigger, a service-role procedure or a helper (in `private`).
 */
const RPCS: Record<string, { roles: ApiRole[]; why: string }> = {
  // Visitors, before they have an account
  add_to_waitlist: { roles: EVERYONE, why: 'spec 7; the waitlist form (src/features/waitlist)' },
  get_waitlist_entry_by_email: { roles: EVERYONE, why: 'spec 7; sign-up with an approval link (auth-service)' },
  // The admin panel (each refuses non-admins)
  toggle_feature: { roles: SIGNED_IN, why: 'spec 7; admin settings (admin-api)' },
  update_component_access: { roles: SIGNED_IN, why: 'spec 7; admin component access (admin-api)' },
  process_waitlist_entry: { roles: SIGNED_IN, why: 'spec 7; admin waitlist (admin-api)' },
  add_admin_user: { roles: SIGNED_IN, why: 'spec 7; admin rights (admin-api)' },
  remove_admin_user: { roles: SIGNED_IN, why: 'spec 7; admin rights (admin-api)' },
  get_user_aggregated_stats: { roles: SIGNED_IN, why: 'spec 7; account statistics (admin-api)' },
  admin_update_user_tier: { roles: SIGNED_IN, why: 'admin-update-user-tier function, as the calling admin' },
  // Friends
  get_friends: { roles: SIGNED_IN, why: 'spec 7; friends pull (src/sync/pull.ts)' },
  get_friend_requests: { roles: SIGNED_IN, why: 'spec 7; friend requests pull (src/sync/pull.ts)' },
  send_friend_request: { roles: SIGNED_IN, why: 'spec 7; friend-kinds' },
  respond_to_friend_request: { roles: SIGNED_IN, why: 'spec 7; friend-kinds' },
  remove_friend: { roles: SIGNED_IN, why: 'spec 7; friend-kinds' },
  generate_friend_invite_code: { roles: SIGNED_IN, why: 'spec 7; friend invite link (friend-calls)' },
  accept_friend_invite_code: { roles: SIGNED_IN, why: 'opening a friend invite link (friend-calls)' },
  // Invitations and members
  get_sent_invitations: { roles: SIGNED_IN, why: 'spec 7; a manager reads the invitations sent' },
  invite_user_to_event: { roles: SIGNED_IN, why: 'spec 7; invite by email' },
  cancel_invitation: { roles: SIGNED_IN, why: 'spec 7; invitation-kinds' },
  get_user_invitations: { roles: SIGNED_IN, why: 'spec 7; use-invitation-names' },
  respond_to_invitation: { roles: SIGNED_IN, why: 'spec 7; invitation-kinds' },
  add_event_member: { roles: SIGNED_IN, why: 'member-kinds: a manager adds a member' },
  remove_event_member: { roles: SIGNED_IN, why: 'member-kinds: a manager removes a member' },
  update_member_role: { roles: SIGNED_IN, why: 'member-kinds: promote or demote' },
  join_event: { roles: SIGNED_IN, why: 'event-kinds: joining by link' },
  leave_event: { roles: SIGNED_IN, why: 'event-kinds: leaving (a sole member deletes the event)' },
  transfer_event_ownership: { roles: SIGNED_IN, why: 'the creator hands the event over (members dialog, online only)' },
  create_calendar_feed: { roles: SIGNED_IN, why: 'issue 21; the own calendar feed URL, made or rotated (token once)' },
  revoke_calendar_feed: { roles: SIGNED_IN, why: 'issue 21; turning the own calendar feed off' },
  // The caller's own data and access
  get_my_profile: { roles: SIGNED_IN, why: 'profile-kinds, pull: the own profile with its private fields' },
  crew_contacts: { roles: SIGNED_IN, why: 'issue 24; pull: what co-members share of their contact details' },
  get_my_admin_access: {
    roles: SIGNED_IN,
    why: 'issue 22; whether the admin panel must ask for the second factor or for enrolment (reads auth.mfa_factors)',
  },
  check_access: { roles: SIGNED_IN, why: 'spec 6 access check; the authority src/access mirrors on the device' },
  // Event pages
  mark_chat_read: { roles: SIGNED_IN, why: 'chat-kinds: read marker' },
  set_chat_reaction: { roles: SIGNED_IN, why: 'chat-kinds: reactions' },
  import_whatsapp_messages: { roles: SIGNED_IN, why: 'chat-kinds: WhatsApp import' },
  clone_checklist: { roles: SIGNED_IN, why: 'checklist-kinds' },
  save_checklist_template: { roles: SIGNED_IN, why: 'checklist-kinds' },
  start_checklist_from_template: { roles: SIGNED_IN, why: 'checklist-kinds' },
  duplicate_checklist_template: { roles: SIGNED_IN, why: 'checklist-kinds' },
  set_schedule_assignee: { roles: SIGNED_IN, why: 'schedule-kinds' },
  claim_ride_seat: { roles: SIGNED_IN, why: 'transport-kinds' },
  release_ride_seat: { roles: SIGNED_IN, why: 'transport-kinds' },
  choose_ride_pickup: { roles: SIGNED_IN, why: 'transport-kinds' },
  // Notifications (mark read, set a switch and unregister a device are security invoker: the
  // caller's own rows under their policies)
  get_event_preview: {
    roles: EVERYONE,
    why: 'the join page: whoever holds the link sees the event and first names and avatars, never addresses',
  },
  get_invitation_by_token: {
    roles: EVERYONE,
    why: 'the join page of a mailed invitation link, before sign-up: reads only what its signed token vouches for',
  },
  register_push_subscription: {
    roles: SIGNED_IN,
    why: 'a browser endpoint moves to whoever signs in there, taking it from the account that had it',
  },
  set_event_follow: { roles: SIGNED_IN, why: 'follows are written only here, after the member and tier checks' },
  mark_announcement_seen: {
    roles: SIGNED_IN,
    why: 'seen marks (which managers read) are written only here, for the caller and the announcement’s event',
  },
  // Ready for no signal (issue 24)
  report_device_ready: {
    roles: SIGNED_IN,
    why: 'readiness rows are written only here: the caller’s own device, as a member',
  },
  forget_device: { roles: SIGNED_IN, why: 'the caller ends the readiness rows of one of their own devices' },
  send_readiness_nudge: {
    roles: SIGNED_IN,
    why: 'managers only; rate-limited once per member an hour in the database',
  },
};

/** The row-level security helpers, out of the API (20261126200000_rls_helpers_private.sql and later). */
const HELPERS = [
  'is_site_admin()',
  'is_active_user()',
  'is_event_member(uuid)',
  'is_event_manager(uuid)',
  'shares_event_with(uuid)',
  'can_read_profile(uuid)',
  'readable_profile_ids()',
  'can_use_receipt(text,boolean)',
  'can_remove_receipt(text,uuid)',
  'event_has_feature(uuid,text)',
  'require_event_feature(uuid,text)',
];

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
});
afterAll(async () => backend?.stop());

const ROLLBACK = new Error('rolled back on purpose');

/** Runs the statements and the check in one transaction that is then rolled back. */
async function planted<T>(statements: string[], check: (tx: Queryable) => Promise<T>): Promise<T> {
  let found: T | undefined;
  await backend.db
    .transaction(async (tx) => {
      for (const statement of statements) await tx.query(statement);
      found = await check(tx);
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  return found as T;
}

/** A mistake per lint, and the finding it must give. */
const PLANTS: Record<string, { statements: string[]; finding: string }> = {
  unindexed_foreign_keys: {
    statements: [
      `create table public.planted_notes (id uuid primary key, event_id uuid references public.events (id))`,
      `alter table public.planted_notes enable row level security`,
    ],
    finding: 'public.planted_notes planted_notes_event_id_fkey',
  },
  auth_users_exposed: {
    statements: [`create view public.planted_people as select id, email from auth.users`],
    finding: 'public.planted_people',
  },
  policy_exists_rls_disabled: {
    statements: [
      `create table public.planted_notes (id uuid primary key)`,
      `create policy "Everyone reads notes" on public.planted_notes for select using (true)`,
    ],
    finding: 'public.planted_notes',
  },
  rls_enabled_no_policy: {
    statements: [
      `create table public.planted_notes (id uuid primary key)`,
      `alter table public.planted_notes enable row level security`,
    ],
    finding: 'public.planted_notes',
  },
  security_definer_view: {
    statements: [`create view public.planted_event_names as select id, name from public.events`],
    finding: 'public.planted_event_names',
  },
  function_search_path_mutable: {
    statements: [`create function public.planted_answer() returns int language sql as 'select 42'`],
    finding: 'planted_answer()',
  },
  rls_disabled_in_public: {
    statements: [`create table public.planted_notes (id uuid primary key)`],
    finding: 'public.planted_notes',
  },
  public_bucket_allows_listing: {
    statements: [
      `insert into storage.buckets (id, name, public) values ('planted', 'planted', true)`,
      `create policy "Anyone can read planted files" on storage.objects for select to anon, authenticated
         using (bucket_id = 'planted')`,
    ],
    finding: 'planted: Anyone can read planted files',
  },
  security_definer_function_executable: {
    statements: [
      `create function public.planted_probe(p_event_id uuid) returns boolean language sql stable security definer
         set search_path = '' as 'select private.is_event_member(p_event_id)'`,
    ],
    finding: 'authenticated public.planted_probe(p_event_id uuid)',
  },
};

const lintNamed = (name: string) => LINTS.find((l) => l.name === name) as Lint;

describe('Supabase database linter', () => {
  it.each(LINTS.filter((l) => l.name !== 'security_definer_function_executable').map((l) => [l.name, l] as const))(
    '%s: nothing found',
    async (_name, lint) => {
      expect(await runLint(backend.db, lint), lint.title).toEqual([]);
    },
  );

  it('security definer functions: the API roles can call exactly the allow-listed RPCs', async () => {
    const found = await runLint(backend.db, lintNamed('security_definer_function_executable'));
    const callable = found.map((f) => f.replace(/\(.*$/, ''));
    const expected = Object.entries(RPCS)
      .flatMap(([name, { roles }]) => roles.map((role) => `${role} public.${name}`))
      .sort();
    // Every RPC still callable (the app needs it), and nothing else (not on the list: revoke it).
    expect(callable.sort()).toEqual(expected);
  });

  it('each RPC on the allow-list is a security definer function of public that refuses who is not listed', async () => {
    const { rows } = await backend.db.query<{ name: string; anon: boolean; authenticated: boolean }>(
      `select p.proname as name, bool_or(has_function_privilege('anon', p.oid, 'execute')) as anon,
         bool_or(has_function_privilege('authenticated', p.oid, 'execute')) as authenticated
       from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prosecdef and p.proname = any($1)
       group by p.proname`,
      [Object.keys(RPCS)],
    );
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(RPCS).sort());
    for (const row of rows) {
      expect([row.name, row.anon, row.authenticated]).toEqual([
        row.name,
        RPCS[row.name].roles.includes('anon'),
        RPCS[row.name].roles.includes('authenticated'),
      ]);
    }
  });

  it('function bodies call only functions that exist (a moved helper is called by its new name)', async () => {
    expect((await backend.db.query<{ object: string }>(DANGLING_CALLS_SQL)).rows).toEqual([]);
  });

  it.each(Object.entries(PLANTS))('%s reports a planted mistake', async (name, plant) => {
    const found = await planted(plant.statements, (tx) => runLint(tx, lintNamed(name)));
    expect(found).toContain(plant.finding);
  });

  it('a call of a helper by its old name in public is reported', async () => {
    const found = await planted(
      [
        `create function public.planted_can_chat(p_event_id uuid) returns boolean language plpgsql stable
           set search_path = '' as $$ begin return public.is_event_member(p_event_id); end $$`,
      ],
      async (tx) => (await tx.query<{ object: string }>(DANGLING_CALLS_SQL)).rows.map((r) => r.object),
    );
    expect(found).toEqual(['planted_can_chat(uuid) calls public.is_event_member()']);
  });
});

describe('the RLS helpers', () => {
  let member: Account;
  let stranger: Account;
  let eventId: string;

  beforeAll(async () => {
    member = await account(backend, 'Mia Member');
    stranger = await account(backend, 'Sam Stranger');
    const { data, error } = await member.client.from('events').insert({ name: 'Lake camp' }).select('id').single();
    if (error) throw error;
    eventId = data.id;
  });

  it('live in private, and none of them in public but the is_site_admin answer', async () => {
    const { rows } = await backend.db.query<{ fn: string; definer: boolean }>(
      `select p.oid::regprocedure::text as fn, p.prosecdef as definer from pg_proc p
       where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
         and p.proname = any($1)`,
      [HELPERS.map((h) => h.replace(/\(.*$/, ''))],
    );
    const byName = (a: { fn: string }, b: { fn: string }) => (a.fn < b.fn ? -1 : a.fn > b.fn ? 1 : 0);
    expect(rows.sort(byName)).toEqual(
      [
        ...HELPERS.map((h) => ({ fn: `private.${h}`, definer: true })),
        // a plain function over private.is_site_admin(): it has no rights of its own
        { fn: 'is_site_admin()', definer: false },
      ].sort(byName),
    );
  });

  it('cannot be called through the API to probe events or people', async () => {
    const probes: [string, Record<string, unknown>][] = [
      ['is_event_member', { p_event_id: eventId }],
      ['is_event_manager', { p_event_id: eventId }],
      ['shares_event_with', { p_user_id: member.userId }],
      ['can_read_profile', { p_profile_id: member.userId }],
      ['event_has_feature', { p_event_id: eventId, p_key: 'event_chat' }],
      ['is_active_user', {}],
    ];
    for (const [fn, args] of probes) {
      for (const client of [stranger.client, backend.anon()]) {
        const { data, error, status } = await client.rpc(fn, args);
        expect([fn, status, error?.code, data]).toEqual([fn, 404, 'PGRST202', null]);
      }
    }
  });

  it('still decide through the policies: members see their event, strangers do not', async () => {
    expect((await member.client.from('events').select('id').eq('id', eventId)).data).toEqual([{ id: eventId }]);
    expect((await stranger.client.from('events').select('id').eq('id', eventId)).data).toEqual([]);
  });

  it('read profiles with one look-up per query, not one per profile on the site', async () => {
    // 20261129060100_readable_profiles_once.sql: the policy once called can_read_profile(id) on
    // every row of the table (4 s for a member's pull with 10,000 people on the site).
    const plan = await backend.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: member.userId, role: 'authenticated' }),
      ]);
      await tx.query('set local role authenticated');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        'explain (costs off) select id from public.profiles order by updated_at',
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).not.toContain('can_read_profile');
    expect(plan).toMatch(/hashed SubPlan|Semi Join/i);
    expect((await member.client.from('profiles').select('id').eq('id', stranger.userId)).data).toEqual([]);
    expect((await member.client.from('profiles').select('id').eq('id', member.userId)).data).toEqual([
      { id: member.userId },
    ]);
  });

  it('is_site_admin answers the server functions about the caller only', async () => {
    const admin = await account(backend, 'Ada Admin', { role: 'admin' });
    expect((await admin.client.rpc('is_site_admin')).data).toBe(true);
    expect((await stranger.client.rpc('is_site_admin')).data).toBe(false);
    expect((await backend.anon().rpc('is_site_admin')).error?.code).toBe('42501');
  });
});

describe('the public avatars bucket', () => {
  let owner: Account;
  let other: Account;
  const png = () => new Blob([TINY_PNG], { type: 'image/png' });

  beforeAll(async () => {
    owner = await account(backend, 'Olga Owner');
    other = await account(backend, 'Otto Other');
  });

  it("serves a file by its public URL but lists no one else's folder", async () => {
    const path = `${owner.userId}/${owner.userId}-1.png`;
    expect((await owner.client.storage.from('avatars').upload(path, png())).error).toBeNull();
    const url = backend.anon().storage.from('avatars').getPublicUrl(path).data.publicUrl;
    const response = await fetch(url);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/png']);

    for (const client of [backend.anon(), other.client]) {
      expect((await client.storage.from('avatars').list(owner.userId)).data).toEqual([]);
      expect((await client.storage.from('avatars').list()).data).toEqual([]);
    }
    const own = await owner.client.storage.from('avatars').list(owner.userId);
    expect(own.data?.map((f) => f.name)).toEqual([`${owner.userId}-1.png`]);
  });

  it("lets users remove their own avatar, and nobody else's", async () => {
    const path = `${owner.userId}/${owner.userId}-2.png`;
    expect((await owner.client.storage.from('avatars').upload(path, png())).error).toBeNull();
    expect((await other.client.storage.from('avatars').remove([path])).data).toEqual([]);
    const removed = await owner.client.storage.from('avatars').remove([path]);
    expect(removed.data?.map((f) => f.name)).toEqual([path]);
    const url = backend.anon().storage.from('avatars').getPublicUrl(path).data.publicUrl;
    expect((await fetch(url)).status).toBe(400);
  });
});
