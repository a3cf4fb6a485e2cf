/**
 * `/auth/v1` (GoTrue) driven by the real supabase-js and by plain HTTP where supabase-js hides the
 * wire: sign-up, sign-in, bans, rotating refresh tokens and reuse detection, logout scopes, the
 * user endpoints, password recovery through the dev mail page, the admin users API, settings,
 * health, rate limiting, apikey checks and broken or forged access tokens.
 */
import { AuthWeakPasswordError, isAuthApiError, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

process.env.AUTH_BCRYPT_COST = '4';

let backend: TestBackend;
let counter = 0;
const PASSWORD = 'correct-horse-battery';
const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  await backend.db.exec(`
    create table public.test_profiles (id uuid primary key, display_name text, email text);
    create function public.test_handle_new_user() returns trigger
    language plpgsql security definer set search_path = '' as $$
    begin
      insert into public.test_profiles (id, display_name, email)
      values (new.id, new.raw_user_meta_data ->> 'display_name', new.email);
      return new;
    end $$;
    create trigger test_on_auth_user_created after insert on auth.users
      for each row execute function public.test_handle_new_user();
  `);
});
afterAll(async () => {
  await backend?.stop();
});
afterEach(() => {
  delete process.env.AUTH_RATE_LIMIT_SIGNIN;
  delete process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL;
});

const uniqueEmail = (tag = 'user') => `${tag}${Date.now()}${counter++}@example.com`;

/** What the wire answered, parsed; fields the tests read are typed, the rest is unknown. */
interface WireBody {
  code?: string | number;
  message?: string;
  access_token?: string;
  refresh_token?: string;
  aud?: string;
  external?: Record<string, boolean>;
  [key: string]: unknown;
}

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string };
}

async function call(
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    apikey?: string | null;
    headers?: Record<string, string>;
    raw?: string;
  } = {},
) {
  const headers: Record<string, string> = { ...API_VERSION, ...options.headers };
  if (options.apikey !== null) headers.apikey = options.apikey ?? backend.anonKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${backend.url}/auth/v1${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    redirect: 'manual',
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : {}) as WireBody;
  return { status: res.status, body, headers: res.headers };
}

const refresh = (refreshToken: string) =>
  call('POST', '/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });

async function signIn(email: string, password = PASSWORD) {
  const res = await call('POST', '/token?grant_type=password', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body as unknown as Session;
}

async function newUser(data: Record<string, unknown> = {}) {
  const email = uniqueEmail();
  const res = await call('POST', '/signup', { body: { email, password: PASSWORD, data } });
  expect(res.status).toBe(200);
  return { email, session: res.body as unknown as Session };
}

const sign = (claims: Record<string, unknown>, secret = backend.jwtSecret) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(secret));

async function mailsTo(email: string): Promise<Array<{ subject: string; body: string; link: string | null }>> {
  const res = await fetch(`${backend.url}/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
  return res.json();
}

describe('service endpoints and the apikey', () => {
  it('answers /health', async () => {
    const res = await call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'GoTrue' });
  });

  it('answers /settings as a local project with e-mail sign-up and auto-confirm', async () => {
    const res = await call('GET', '/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true });
    expect(res.body.external?.email).toBe(true);
    expect(res.body.external?.google).toBe(false);
  });

  it('refuses a request without apikey with 401', async () => {
    const res = await call('GET', '/settings', { apikey: null });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('No API key found in request');
  });

  it('refuses a request with an unknown apikey with 401', async () => {
    const res = await call('GET', '/settings', {
      apikey: await sign({ role: 'anon' }, 'another-secret-that-is-at-least-32-chars'),
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid API key');
  });

  it('answers an unknown path with 404 and a wrong method with 405', async () => {
    expect((await call('GET', '/nope')).status).toBe(404);
    expect((await call('DELETE', '/signup')).status).toBe(405);
  });

  it('answers malformed JSON with 400 bad_json', async () => {
    const res = await call('POST', '/signup', { raw: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('bad_json');
    const typed = await call('POST', '/signup', { body: { email: 42, password: PASSWORD } });
    expect(typed.status).toBe(400);
    expect(typed.body.code).toBe('bad_json');
  });

  it('uses the initial error shape without the API version header and echoes the version with it', async () => {
    const initial = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever' }),
    });
    expect(initial.status).toBe(400);
    expect(await initial.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    const versioned = await call('POST', '/token?grant_type=password', {
      body: { email: 'nobody@example.com', password: 'x' },
    });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(versioned.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });
});

describe('sign-up', () => {
  it('signs up with metadata and returns a session with the user', async () => {
    const email = uniqueEmail('Mixed');
    const { data, error } = await backend.anon().auth.signUp({
      email: email.toUpperCase(),
      password: PASSWORD,
      options: { data: { display_name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(backend.app.config.jwtExpiry);
    expect(data.user?.email).toBe(email.toLowerCase());
    expect(data.user?.user_metadata.display_name).toBe('Ada');
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id });
    expect(JSON.stringify(data)).not.toContain('$2');
  });

  it('stores the user with its metadata, a bcrypt hash, and fires the app trigger', async () => {
    const { email, session } = await newUser({ display_name: 'Grace' });
    const { rows } = await backend.db.query<{
      raw_user_meta_data: Record<string, unknown>;
      encrypted_password: string;
      instance_id: string;
      aud: string;
      role: string;
    }>('select raw_user_meta_data, encrypted_password, instance_id, aud, role from auth.users where id = $1', [
      session.user.id,
    ]);
    expect(rows[0]!.raw_user_meta_data.display_name).toBe('Grace');
    expect(rows[0]!.encrypted_password).toMatch(/^\$2[aby]\$/);
    expect(rows[0]!.encrypted_password).not.toContain(PASSWORD);
    expect(rows[0]).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      instance_id: '00000000-0000-0000-0000-000000000000',
    });
    const profiles = await backend.db.query('select display_name, email from public.test_profiles where id = $1', [
      session.user.id,
    ]);
    expect(profiles.rows).toEqual([{ display_name: 'Grace', email }]);
  });

  it('refuses an e-mail already registered with 422 user_already_exists', async () => {
    const { email } = await newUser();
    const { data, error } = await backend.anon().auth.signUp({ email, password: PASSWORD });
    expect(data.user).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a weak password with 422 weak_password', async () => {
    const { error } = await backend.anon().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
    });
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  it('refuses a malformed e-mail with email_address_invalid', async () => {
    const { error } = await backend.anon().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: 'email_address_invalid' });
  });

  it('refuses a sign-up without e-mail and password with 400 validation_failed', async () => {
    const res = await call('POST', '/signup', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('puts the hosted claims in the access token', async () => {
    const { email, session } = await newUser({ team: 'blue' });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${backend.url}/auth/v1`,
      sub: session.user.id,
      email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect((claims.user_metadata as Record<string, unknown>).team).toBe('blue');
    expect(claims.exp! - claims.iat!).toBe(backend.app.config.jwtExpiry);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const { rows } = await backend.db.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
    expect(rows).toHaveLength(1);
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and records the sign-in', async () => {
    const { email } = await newUser();
    await backend.db.query(`update auth.users set last_sign_in_at = now() - interval '1 day' where email = $1`, [
      email,
    ]);
    const { data, error } = await backend.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(Date.now() - new Date(data.user!.last_sign_in_at!).getTime()).toBeLessThan(60_000);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { email } = await newUser();
    for (const credentials of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('ghost'), password: PASSWORD },
    ]) {
      const { data, error } = await backend.anon().auth.signInWithPassword(credentials);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('refuses a banned user and lets them in again once unbanned', async () => {
    const { email, session } = await newUser();
    const admin = backend.service().auth.admin;
    expect((await admin.updateUserById(session.user.id, { ban_duration: '876000h' })).error).toBeNull();
    const { error } = await backend.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    expect((await admin.updateUserById(session.user.id, { ban_duration: 'none' })).error).toBeNull();
    expect((await backend.anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('refuses an unconfirmed e-mail (an admin-created user without email_confirm)', async () => {
    const email = uniqueEmail('unconfirmed');
    expect((await backend.service().auth.admin.createUser({ email, password: PASSWORD })).error).toBeNull();
    const { error } = await backend.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('rate-limits sign-in attempts per e-mail and address with 429', async () => {
    process.env.AUTH_RATE_LIMIT_SIGNIN = '3';
    const { email } = await newUser();
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/token?grant_type=password', { body: { email, password: 'wrong-password' } });
      expect(res.status).toBe(400);
    }
    const { error } = await backend.anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // another e-mail from the same address is not affected
    const other = await newUser();
    expect(
      (await call('POST', '/token?grant_type=password', { body: { email: other.email, password: PASSWORD } })).status,
    ).toBe(200);
  });

  it('refuses an unsupported grant type', async () => {
    const res = await call('POST', '/token?grant_type=magic', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('unsupported_grant_type');
  });
});

describe('refresh tokens', () => {
  it('rotates: each refresh revokes the token and issues its child in the same session', async () => {
    const { email } = await newUser();
    const client = backend.anon();
    const { data: signedIn } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const first = signedIn.session!;
    const { data, error } = await client.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(error).toBeNull();
    const second = data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    const { rows } = await backend.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id',
      [decodeJwt(first.access_token).session_id],
    );
    expect(rows).toEqual([
      { token: first.refresh_token, revoked: true, parent: null },
      { token: second.refresh_token, revoked: false, parent: first.refresh_token },
    ]);
  });

  it('gives the active child back for its revoked parent (a client that lost the reply)', async () => {
    const { session } = await newUser();
    const child = await refresh(session.refresh_token);
    expect(child.status).toBe(200);
    const again = await refresh(session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(child.body.refresh_token!);
  });

  it('accepts an older revoked token within the reuse interval', async () => {
    const { session } = await newUser();
    const child = await refresh(session.refresh_token);
    const grandchild = await refresh(child.body.refresh_token!);
    expect(grandchild.status).toBe(200);
    const reused = await refresh(session.refresh_token);
    expect(reused.status).toBe(200);
    expect(reused.body.refresh_token).not.toBe(session.refresh_token);
  });

  it('revokes the whole session when a revoked token is reused after the interval', async () => {
    process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL = '0';
    const { session } = await newUser();
    const child = await refresh(session.refresh_token);
    const grandchild = await refresh(child.body.refresh_token!);
    expect(grandchild.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reused = await refresh(session.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    const { rows } = await backend.db.query('select 1 from auth.refresh_tokens where session_id = $1 and not revoked', [
      decodeJwt(session.access_token).session_id,
    ]);
    expect(rows).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { error } = await backend.anon().auth.refreshSession({ refresh_token: grandchild.body.refresh_token! });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  });

  it('refuses an unknown refresh token with refresh_token_not_found', async () => {
    const { error } = await backend.anon().auth.refreshSession({ refresh_token: 'nosuchtoken1' });
    expect(error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });

  it('refuses to refresh for a banned user', async () => {
    const { session } = await newUser();
    await backend.db.query(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [
      session.user.id,
    ]);
    const res = await refresh(session.refresh_token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('user_banned');
  });
});

describe('logout', () => {
  async function twoSessions() {
    const { email, session } = await newUser();
    const other = await signIn(email);
    return { email, session, other };
  }

  it('local: ends this session only; its refresh token and access token stop working', async () => {
    const { session, other } = await twoSessions();
    const res = await call('POST', '/logout?scope=local', { token: session.access_token });
    expect(res.status).toBe(204);
    expect((await refresh(session.refresh_token)).body.code).toBe('refresh_token_not_found');
    const user = await call('GET', '/user', { token: session.access_token });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('session_not_found');
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('global (supabase-js signOut): ends every session of the user', async () => {
    const { email, other } = await twoSessions();
    const client = backend.anon();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect((await refresh(other.refresh_token)).status).toBe(400);
    expect((await call('GET', '/user', { token: other.access_token })).body.code).toBe('session_not_found');
  });

  it('others: ends the other sessions and keeps this one', async () => {
    const { session, other } = await twoSessions();
    expect((await call('POST', '/logout?scope=others', { token: session.access_token })).status).toBe(204);
    expect((await refresh(other.refresh_token)).status).toBe(400);
    expect((await call('GET', '/user', { token: session.access_token })).status).toBe(200);
  });

  it('refuses an unknown scope', async () => {
    const { session } = await newUser();
    const res = await call('POST', '/logout?scope=everything', { token: session.access_token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('the user endpoints', () => {
  async function signedInClient(data: Record<string, unknown> = {}) {
    const email = uniqueEmail();
    const client = backend.anon();
    const { data: signed, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data } });
    expect(error).toBeNull();
    return { client, email, userId: signed.user!.id };
  }

  it('getUser returns the signed-in user', async () => {
    const { client, email, userId } = await signedInClient();
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: userId,
      email,
      aud: 'authenticated',
      role: 'authenticated',
      is_anonymous: false,
    });
  });

  it('updateUser merges data into user_metadata (null deletes a key)', async () => {
    const { client } = await signedInClient({ display_name: 'Old', keep: 1, drop: true });
    const { data, error } = await client.auth.updateUser({ data: { display_name: 'New', drop: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'New', keep: 1 });
    expect(data.user?.user_metadata).not.toHaveProperty('drop');
    const refreshed = await client.auth.refreshSession();
    expect(
      (decodeJwt(refreshed.data.session!.access_token).user_metadata as Record<string, unknown>).display_name,
    ).toBe('New');
  });

  it('updateUser changes the e-mail at once', async () => {
    const { client, email } = await signedInClient();
    const next = uniqueEmail('Renamed');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(next.toLowerCase());
    expect(
      (await call('POST', '/token?grant_type=password', { body: { email: next, password: PASSWORD } })).status,
    ).toBe(200);
    expect((await call('POST', '/token?grant_type=password', { body: { email, password: PASSWORD } })).status).toBe(
      400,
    );
  });

  it('updateUser refuses an e-mail another user has', async () => {
    const { client } = await signedInClient();
    const { email: taken } = await newUser();
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('updateUser changes the password, with the password rules', async () => {
    const { client, email } = await signedInClient();
    expect((await client.auth.updateUser({ password: '123' })).error).toMatchObject({
      status: 422,
      code: 'weak_password',
    });
    expect((await client.auth.updateUser({ password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'same_password',
    });
    expect((await client.auth.updateUser({ password: 'a-brand-new-secret' })).error).toBeNull();
    expect(
      (await call('POST', '/token?grant_type=password', { body: { email, password: 'a-brand-new-secret' } })).status,
    ).toBe(200);
    expect((await call('POST', '/token?grant_type=password', { body: { email, password: PASSWORD } })).status).toBe(
      400,
    );
  });

  it('refuses /user without a bearer token, and with the anon key as bearer', async () => {
    const none = await call('GET', '/user');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('no_authorization');
    const anon = await call('GET', '/user', { token: backend.anonKey });
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('bad_jwt');
  });

  it('refuses an expired access token with bad_jwt', async () => {
    const { session } = await newUser();
    const claims = decodeJwt(session.access_token);
    const expired = await sign({ ...claims, iat: claims.iat! - 7200, exp: claims.iat! - 3600 });
    const res = await call('GET', '/user', { token: expired });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'bad_jwt',
      message: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
    const { error } = await backend.anon().auth.getUser(expired);
    expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
  });

  it('refuses a token signed with another secret and an alg:none token', async () => {
    const { session } = await newUser();
    const claims = decodeJwt(session.access_token);
    const forged = await sign(claims, 'a-different-secret-with-at-least-32-characters');
    const wrong = await call('GET', '/user', { token: forged });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('bad_jwt');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const unsigned = await call('GET', '/user', { token: none });
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.code).toBe('bad_jwt');
    expect((await call('GET', '/user', { token: 'garbage' })).body.code).toBe('bad_jwt');
  });
});

describe('password recovery', () => {
  const codeOf = (body: string) => /code: (\d{6})/.exec(body)?.[1];

  it('answers {} for an unknown address and sends no mail', async () => {
    const email = uniqueEmail('nobody');
    const { data, error } = await backend.anon().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailsTo(email)).toEqual([]);
  });

  it('mails a link; opening it signs in and the new password can be set', async () => {
    const { email } = await newUser();
    const redirectTo = 'http://localhost:5173/reset';
    expect((await backend.anon().auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Reset Your Password');
    const link = new URL(mail!.link!);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const location = new URL(opened.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const client = backend.anon();
    const { error } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect((await client.auth.updateUser({ password: 'recovered-secret' })).error).toBeNull();
    expect(
      (await call('POST', '/token?grant_type=password', { body: { email, password: 'recovered-secret' } })).status,
    ).toBe(200);
    // the link is single-use
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    );
  });

  it('verifies the six-digit code with verifyOtp', async () => {
    const { email } = await newUser();
    await backend.anon().auth.resetPasswordForEmail(email);
    const [mail] = await mailsTo(email);
    const code = codeOf(mail!.body);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await backend
      .anon()
      .auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'recovery' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const { data, error } = await backend.anon().auth.verifyOtp({ email, token: code!, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(decodeJwt(data.session!.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);
  });

  it('refuses an expired token hash', async () => {
    const { email } = await newUser();
    await backend.anon().auth.resetPasswordForEmail(email);
    const [mail] = await mailsTo(email);
    const hash = new URL(mail!.link!).searchParams.get('token')!;
    await backend.db.query(`update auth.users set recovery_sent_at = now() - interval '2 hours' where email = $1`, [
      email,
    ]);
    const { error } = await backend.anon().auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('refuses a second mail to the same user within a minute', async () => {
    const { email } = await newUser();
    expect((await backend.anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { error } = await backend.anon().auth.resetPasswordForEmail(email);
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });

  it('sends the site URL instead of a foreign redirect_to', async () => {
    const { email } = await newUser();
    await backend.anon().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' });
    const [mail] = await mailsTo(email);
    expect(new URL(mail!.link!).searchParams.get('redirect_to')).toBe(backend.app.config.siteUrl);
  });
});

describe('admin users API', () => {
  let admin: SupabaseClient['auth']['admin'];
  beforeAll(() => {
    admin = backend.service().auth.admin;
  });

  it('creates a user with a confirmed e-mail, metadata and role, who can sign in', async () => {
    const email = uniqueEmail('created');
    const { data, error } = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { display_name: 'Made' },
      app_metadata: { crew_role: 'lead' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { display_name: 'Made' },
      app_metadata: { crew_role: 'lead', provider: 'email', providers: ['email'] },
    });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const session = await signIn(email);
    expect((decodeJwt(session.access_token).app_metadata as Record<string, unknown>).crew_role).toBe('lead');
    const profiles = await backend.db.query('select display_name from public.test_profiles where id = $1', [
      data.user!.id,
    ]);
    expect(profiles.rows).toEqual([{ display_name: 'Made' }]);
  });

  it('refuses to create a user whose e-mail exists', async () => {
    const { email } = await newUser();
    const { error } = await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('lists users with pagination', async () => {
    await newUser();
    await newUser();
    const { data, error } = await admin.listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(1);
    expect((data as { total?: number }).total).toBeGreaterThanOrEqual(2);
    expect((data as { nextPage?: number | null }).nextPage).toBe(2);
    const raw = await call('GET', '/admin/users?page=2&per_page=1', {
      apikey: backend.serviceRoleKey,
      token: backend.serviceRoleKey,
    });
    expect(raw.status).toBe(200);
    expect(raw.body.aud).toBe('authenticated');
    expect(Number(raw.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    expect(raw.headers.get('link')).toContain('rel="last"');
  });

  it('gets a user by id', async () => {
    const { email, session } = await newUser();
    const { data, error } = await admin.getUserById(session.user.id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: session.user.id, email });
  });

  it('bans (ending the sessions) and unbans', async () => {
    const { session } = await newUser();
    const { data, error } = await admin.updateUserById(session.user.id, { ban_duration: '24h' });
    expect(error).toBeNull();
    const until = new Date(data.user!.banned_until!).getTime();
    expect(Math.abs(until - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect((await refresh(session.refresh_token)).status).toBe(400);
    const unbanned = await admin.updateUserById(session.user.id, { ban_duration: 'none' });
    expect(unbanned.error).toBeNull();
    expect(unbanned.data.user?.banned_until).toBeUndefined();
  });

  it('refuses a malformed ban_duration', async () => {
    const { session } = await newUser();
    const { error } = await admin.updateUserById(session.user.id, { ban_duration: 'forever' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('merges app_metadata and user_metadata, and changes e-mail and password', async () => {
    const { session } = await newUser({ display_name: 'Before', keep: 'yes' });
    const email = uniqueEmail('adminset');
    const { data, error } = await admin.updateUserById(session.user.id, {
      app_metadata: { crew_role: 'admin' },
      user_metadata: { display_name: 'After' },
      email,
      password: 'admin-set-password',
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toMatchObject({ crew_role: 'admin', provider: 'email', providers: ['email'] });
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'After', keep: 'yes' });
    expect(data.user?.email).toBe(email);
    await signIn(email, 'admin-set-password');
  });

  it('deletes a user; their tokens stop working and a second delete is 404', async () => {
    const { session } = await newUser();
    expect((await admin.deleteUser(session.user.id)).error).toBeNull();
    expect((await admin.getUserById(session.user.id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    const user = await call('GET', '/user', { token: session.access_token });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('user_not_found');
    expect((await refresh(session.refresh_token)).body.code).toBe('refresh_token_not_found');
    expect((await admin.deleteUser(session.user.id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('answers an id that is not a UUID with 404', async () => {
    // supabase-js refuses a malformed id itself; the wire answers 404 as GoTrue does
    const res = await call('GET', '/admin/users/not-a-uuid', { token: backend.serviceRoleKey });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('validation_failed');
    const unknown = await call('DELETE', '/admin/users/00000000-0000-4000-8000-000000000000', {
      token: backend.serviceRoleKey,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('user_not_found');
  });

  it('refuses a user token and the anon key with 403 not_admin', async () => {
    const { session } = await newUser();
    const asUser = await call('GET', '/admin/users', { token: session.access_token });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({ code: 'not_admin', message: 'User not allowed' });
    const { error } = await backend.anon().auth.admin.listUsers();
    expect(error).toMatchObject({ status: 403, code: 'not_admin' });
    const create = await call('POST', '/admin/users', {
      token: session.access_token,
      body: { email: uniqueEmail(), password: PASSWORD },
    });
    expect(create.status).toBe(403);
  });
});

describe('robustness', () => {
  it('answers concurrent refreshes of one token with the same child', async () => {
    const { session } = await newUser();
    const [a, b] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
  });

  it('answers hostile and malformed requests with 4xx and keeps serving', async () => {
    const { session } = await newUser();
    const service = { token: backend.serviceRoleKey };
    const requests: Array<Parameters<typeof call>> = [
      ['POST', '/token?grant_type=password', { body: { email: { $ne: 1 }, password: 'x' } }],
      ['POST', '/token?grant_type=password', { body: { email: "' or 1=1 --", password: "' or 1=1 --" } }],
      ['POST', '/token?grant_type=refresh_token', { body: { refresh_token: 'x'.repeat(10_000) } }],
      ['POST', '/token?grant_type=refresh_token', { body: {} }],
      ['POST', '/token?grant_type=password', { raw: '[1,2,3]' }],
      ['POST', '/signup', { body: { email: 'a@b.co', password: PASSWORD, data: 'not-an-object' } }],
      ['POST', '/signup', { body: { email: `${'a'.repeat(300)}@example.com`, password: PASSWORD } }],
      ['POST', '/signup', { body: { email: uniqueEmail(), password: 'x'.repeat(100) } }],
      ['PUT', '/user', { token: session.access_token, raw: '{"data": ' }],
      ['PUT', '/user', { token: session.access_token, body: { data: [1] } }],
      ['GET', '/user', { headers: { authorization: 'Bearer ' } }],
      ['GET', '/user', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }],
      ['GET', '/user', { token: 'a.b.c' }],
      ['GET', '/user', { token: await sign({ sub: 'not-a-uuid', role: 'authenticated', exp: 9999999999 }) }],
      [
        'GET',
        '/user',
        {
          token: await sign({
            sub: session.user.id,
            role: 'authenticated',
            exp: 9999999999,
            session_id: "x'; drop table auth.users; --",
          }),
        },
      ],
      ['GET', '/admin/users?page=-1&per_page=abc', service],
      ['GET', '/admin/users/%E0%A4%A', service],
      ['PUT', `/admin/users/${session.user.id}`, { ...service, body: { ban_duration: '9999999999999999999h' } }],
      ['PUT', `/admin/users/${session.user.id}`, { ...service, body: { app_metadata: 'x' } }],
      ['POST', '/admin/users', { ...service, body: { email: 'bad', password: PASSWORD } }],
      ['POST', '/verify', { body: { type: 'recovery', token_hash: "' or 1=1 --" } }],
      ['POST', '/verify', { body: { type: 'bogus', token_hash: 'x' } }],
      ['POST', '/recover', { body: { email: 'not-an-email' } }],
      ['POST', '/logout', {}],
    ];
    for (const args of requests) {
      const res = await call(...args);
      expect(res.status, `${args[0]} ${args[1]}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${args[0]} ${args[1]}`).toBeLessThan(500);
      expect(typeof res.body.code, `${args[0]} ${args[1]}`).toBe('string');
    }
    const badVerify = await fetch(`${backend.url}/auth/v1/verify?type=recovery&token=nope`, { redirect: 'manual' });
    expect(badVerify.status).toBe(303);
    expect(badVerify.headers.get('location')).toContain('error_code=otp_expired');
    const { rows } = await backend.db.query('select count(*)::int as n from auth.users');
    expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
    expect((await call('GET', '/user', { token: session.access_token })).status).toBe(200);
  });
});
