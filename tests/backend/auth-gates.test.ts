/**
 * The gates the auth server keeps: sign-up through the project's "before user created" hook
 * (supabase/config.toml, the waitlist and registration switches, an approval token), the hook
 * protocol as GoTrue speaks it, and a suspended user's access token refused at once on every API
 * (REST and RPC, storage, functions, the auth server itself).
 */
import { isAuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

process.env.AUTH_BCRYPT_COST = '4';

const PASSWORD = 'correct-horse-battery';
const WAITLIST_REFUSAL =
  'New accounts need an approved waitlist request while the waitlist is on. Join the waitlist and we will email you a link when your spot is ready.';
const CLOSED_REFUSAL = 'Registration is closed at the moment, so no new accounts can be made.';

let backend: TestBackend;
let counter = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now()}.${counter++}@example.com`;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false, configFile: path.resolve('supabase/config.toml') });
});
afterAll(async () => {
  await backend?.stop();
});

async function setSwitches(switches: { waitlist: boolean; registration: boolean }) {
  await backend.db.query(
    `update public.app_settings set value = jsonb_build_object('enabled', $2::boolean) where key = $1`,
    ['waitlist_enabled', switches.waitlist],
  );
  await backend.db.query(
    `update public.app_settings set value = jsonb_build_object('enabled', $2::boolean) where key = $1`,
    ['registration_enabled', switches.registration],
  );
}

/** An approved waitlist entry and its signed link token, as process_waitlist_entry makes them. */
async function approvedToken(email: string, status = 'approved'): Promise<string> {
  await backend.db.query(`insert into public.waitlist (email, name, status) values ($1, 'Waiting', $2)`, [
    email,
    status,
  ]);
  const { rows } = await backend.db.query<{ token: string }>(`select private.approval_token($1) as token`, [email]);
  return rows[0]!.token;
}

const signUp = (email: string, data: Record<string, unknown> = {}) =>
  backend.anon().auth.signUp({ email, password: PASSWORD, options: { data } });

async function userExists(email: string): Promise<boolean> {
  const { rows } = await backend.db.query(`select 1 from auth.users where lower(email) = lower($1)`, [email]);
  return rows.length > 0;
}

describe('sign-up gate (before user created hook)', () => {
  it('refuses sign-up while the waitlist is on, with the reason, and makes no user; allows it with the waitlist off', async () => {
    await setSwitches({ waitlist: true, registration: true });
    const email = uniqueEmail('early');
    const { data, error } = await signUp(email, { name: 'Early Bird' });
    expect(data.user).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 403, message: WAITLIST_REFUSAL });
    expect(await userExists(email)).toBe(false);

    await setSwitches({ waitlist: false, registration: true });
    const open = await signUp(email, { name: 'Early Bird' });
    expect(open.error).toBeNull();
    expect(open.data.session).not.toBeNull();
  });

  it('refuses sign-up while registration is off, even with an approval token; the admin API still makes users', async () => {
    await setSwitches({ waitlist: false, registration: false });
    const email = uniqueEmail('closed');
    expect((await signUp(email)).error).toMatchObject({ status: 403, message: CLOSED_REFUSAL });
    await setSwitches({ waitlist: true, registration: false });
    const approved = uniqueEmail('closed.approved');
    const token = await approvedToken(approved);
    expect((await signUp(approved, { approval_token: token })).error).toMatchObject({
      status: 403,
      message: CLOSED_REFUSAL,
    });
    expect(await userExists(email)).toBe(false);
    expect(await userExists(approved)).toBe(false);
    // users made through the admin API (service role: admin-create-user) are not gated
    const made = await backend.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(made.error).toBeNull();
    expect(made.data.user?.email).toBe(email);
  });

  it('lets an approved waitlist entry sign up with its token while the waitlist is on', async () => {
    await setSwitches({ waitlist: true, registration: true });
    const email = uniqueEmail('approved');
    const token = await approvedToken(email);
    expect((await signUp(email)).error).toMatchObject({ status: 403, message: WAITLIST_REFUSAL });
    // the address as the person types it: the token vouches for it whatever the case and spaces
    const { data, error } = await backend.anon().auth.signUp({
      email: ` ${email.toUpperCase()} `,
      password: PASSWORD,
      options: { data: { name: 'Approved Person', approval_token: token } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    const { rows } = await backend.db.query(`select name from public.profiles where id = $1`, [data.user!.id]);
    expect(rows).toEqual([{ name: 'Approved Person' }]);
  });

  it('refuses another address, a forged token and an entry that is not approved', async () => {
    await setSwitches({ waitlist: true, registration: true });
    const approved = uniqueEmail('owner');
    const token = await approvedToken(approved);
    const stranger = uniqueEmail('stranger');
    const badToken = 'This approval link is not valid for this email address, or it is no longer approved.';
    expect((await signUp(stranger, { approval_token: token })).error).toMatchObject({ status: 403, message: badToken });
    const forged = `${Buffer.from(stranger).toString('base64url')}.${token.split('.')[1]}`;
    expect((await signUp(stranger, { approval_token: forged })).error).toMatchObject({
      status: 403,
      message: badToken,
    });
    const pending = uniqueEmail('pending');
    const pendingToken = await approvedToken(pending, 'pending');
    expect((await signUp(pending, { approval_token: pendingToken })).error).toMatchObject({
      status: 403,
      message: badToken,
    });
    expect(await userExists(stranger)).toBe(false);
    expect(await userExists(pending)).toBe(false);
  });

  it('lets no API role call the hook function; only the auth server may', async () => {
    for (const client of [backend.anon(), backend.service()]) {
      const { error } = await client.rpc('hook_before_user_created', { event: {} });
      expect(error?.code).toBe('42501');
    }
    const { rows } = await backend.db.query<{ role: string; allowed: boolean }>(
      `select r as role, has_function_privilege(r, 'public.hook_before_user_created(jsonb)', 'execute') as allowed
       from unnest(array['anon', 'authenticated', 'service_role', 'supabase_auth_admin']) as r order by r`,
    );
    expect(rows).toEqual([
      { role: 'anon', allowed: false },
      { role: 'authenticated', allowed: false },
      { role: 'service_role', allowed: false },
      { role: 'supabase_auth_admin', allowed: true },
    ]);
  });
});

describe('the hook protocol, as GoTrue calls a Postgres hook', () => {
  let hooked: TestBackend;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-hook-'));
    await writeFile(
      path.join(dir, 'config.toml'),
      `[auth.hook.before_user_created]\nenabled = true\nuri = "pg-functions://postgres/public/test_capture_hook"\n`,
    );
    await writeFile(
      path.join(dir, '20990101000000_capture_hook.sql'),
      `create table public.test_hook_events (event jsonb, called_as text);
       create function public.test_capture_hook(event jsonb) returns jsonb language plpgsql as $$
       begin
         insert into public.test_hook_events values (event, current_user);
         case split_part(event -> 'user' ->> 'email', '.', 1)
           when 'refuse' then return '{"error": {"http_code": 422, "message": "Not this one."}}';
           when 'silent' then return '{"error": {"http_code": 400}}';
           when 'nocode' then return '{"error": {"message": "No code given."}}';
           when 'raise' then raise exception 'hook broke';
           else return '{}';
         end case;
       end $$;
       grant usage on schema public to supabase_auth_admin;
       grant insert on public.test_hook_events to supabase_auth_admin;
       grant execute on function public.test_capture_hook(jsonb) to supabase_auth_admin;`,
    );
    hooked = await startTestBackend({
      fixtures: false,
      configFile: path.join(dir, 'config.toml'),
      extraMigrationsDirs: [dir],
    });
  });
  afterAll(async () => {
    await hooked?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const events = async (email: string) =>
    (
      await hooked.db.query<{ event: Record<string, unknown>; called_as: string }>(
        `select event, called_as from public.test_hook_events where event -> 'user' ->> 'email' = $1`,
        [email],
      )
    ).rows;

  it('sends the event GoTrue sends, as supabase_auth_admin, before the user exists', async () => {
    const email = uniqueEmail('fine');
    const { data, error } = await hooked
      .anon()
      .auth.signUp({ email, password: PASSWORD, options: { data: { name: 'Fine' } } });
    expect(error).toBeNull();
    const [call] = await events(email);
    expect(call?.called_as).toBe('supabase_auth_admin');
    expect(call?.event).toEqual({
      metadata: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        time: expect.any(String),
        name: 'before-user-created',
        ip_address: '127.0.0.1',
      },
      user: {
        id: data.user!.id,
        aud: 'authenticated',
        role: '',
        email,
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { name: 'Fine' },
        identities: [],
        created_at: '0001-01-01T00:00:00Z',
        updated_at: '0001-01-01T00:00:00Z',
        is_anonymous: false,
      },
    });
  });

  it('answers an error with its status and message, ignores one without a message, and is 500 when the hook fails', async () => {
    const refused = await hooked.anon().auth.signUp({ email: uniqueEmail('refuse'), password: PASSWORD });
    expect(refused.error).toMatchObject({ status: 422, code: 'unknown', message: 'Not this one.' });
    const silent = await hooked.anon().auth.signUp({ email: uniqueEmail('silent'), password: PASSWORD });
    expect(silent.error).toBeNull();
    // supabase-js turns a 500 into a retryable fetch error: read these on the wire
    const wire = async (email: string) => {
      const res = await fetch(`${hooked.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: hooked.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await wire(uniqueEmail('nocode'))).toEqual({
      status: 500,
      body: { code: 'unexpected_failure', message: 'No code given.' },
    });
    expect(await wire(uniqueEmail('raise'))).toEqual({
      status: 500,
      body: {
        code: 'unexpected_failure',
        message: 'Error running hook URI: pg-functions://postgres/public/test_capture_hook',
      },
    });
  });

  it('is not asked about an address that is taken (GoTrue answers that first)', async () => {
    const email = uniqueEmail('taken');
    expect((await hooked.anon().auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const again = await hooked.anon().auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' });
    expect(await events(email)).toHaveLength(1);
  });
});

describe('a suspended user', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  async function member(): Promise<{ client: SupabaseClient; id: string; token: string }> {
    const email = uniqueEmail('member');
    const made = await backend.service().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Soon Suspended' },
    });
    expect(made.error).toBeNull();
    const client = backend.anon();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { client, id: data.user!.id, token: data.session!.access_token };
  }

  const suspend = (id: string, ban: string) => backend.service().auth.admin.updateUserById(id, { ban_duration: ban });

  it('loses REST, RPC, storage and functions with the token they hold, at once; lifting the ban restores them', async () => {
    const { client, id, token } = await member();
    const { data: event, error: createError } = await client
      .from('events')
      .insert({ name: 'Lake weekend' })
      .select('id')
      .single();
    expect(createError).toBeNull();
    const avatar = `${id}/${id}-1.png`;
    expect((await client.storage.from('avatars').upload(avatar, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect((await client.functions.invoke('echo', { body: { hi: 1 } })).error).toBeNull();

    expect((await suspend(id, '876000h')).error).toBeNull();

    const read = await client.from('events').select('id').eq('id', event!.id);
    expect(read.error).toMatchObject({ message: 'User is banned' });
    expect(read.status).toBe(401);
    const write = await client.from('events').insert({ name: 'Sneaky' });
    expect(write.status).toBe(401);
    const call = await client.rpc('join_event', { p_event_id: event!.id });
    expect(call.status).toBe(401);
    const upload = await client.storage.from('avatars').upload(`${id}/${id}-2.png`, PNG, { contentType: 'image/png' });
    expect(upload.error?.message).toBe('User is banned');
    const removal = await client.storage.from('avatars').remove([avatar]);
    expect(removal.error?.message).toBe('User is banned');
    const invoked = await fetch(`${backend.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
    });
    expect(invoked.status).toBe(401);
    expect(await invoked.json()).toEqual({ code: 401, message: 'User is banned' });
    const user = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ code: 'user_banned', message: 'User is banned' });

    // nothing of theirs was touched, and the others still see it
    const { rows } = await backend.db.query(`select name from public.events where id = $1`, [event!.id]);
    expect(rows).toEqual([{ name: 'Lake weekend' }]);
    const { rows: objects } = await backend.db.query(`select name from storage.objects where name = $1`, [avatar]);
    expect(objects).toHaveLength(1);

    expect((await suspend(id, 'none')).error).toBeNull();
    const again = await client.from('events').select('id').eq('id', event!.id);
    expect(again.error).toBeNull();
    expect(again.data).toEqual([{ id: event!.id }]);
  });
});
