/**
 * Mailed sign-in and confirmation through the real supabase-js: `signInWithOtp` then `verifyOtp`
 * with the mailed code or the magic link's token hash, the PKCE flow (`flowType: 'pkce'`: the
 * mailed link leads to `?code=`, traded by `exchangeCodeForSession`), `resend`, and
 * `reauthenticate` with `updateUser({password, nonce})` under `secure_password_change`. Codes are
 * single-use; OTP mails count against the per-client mail limit and the once-a-minute rule.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { claimsOf, clientOf, mailedCode, mailsTo } from './auth-support.ts';

process.env.AUTH_BCRYPT_COST = '4';

let backend: TestBackend;
let configDir: string;
let counter = 0;
let nextAddress = 20;
const PASSWORD = 'correct-horse-battery';
const email = (tag: string) => `${tag}.${Date.now()}.${counter++}@example.com`;
const address = () => `127.0.1.${nextAddress++}`;

beforeAll(async () => {
  configDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-auth-config-'));
  const configFile = path.join(configDir, 'config.toml');
  await writeFile(
    configFile,
    '[auth]\nenable_manual_linking = true\n[auth.email]\nsecure_password_change = true\n[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = true\n',
  );
  process.env.AUTH_EMAIL_MAX_FREQUENCY = '0';
  backend = await startTestBackend({ fixtures: false, configFile });
});
afterAll(async () => {
  delete process.env.AUTH_EMAIL_MAX_FREQUENCY;
  await backend?.stop();
  await rm(configDir, { recursive: true, force: true });
});
afterEach(() => {
  delete process.env.AUTH_RATE_LIMIT_RECOVER;
  process.env.AUTH_EMAIL_MAX_FREQUENCY = '0';
});

describe('signInWithOtp', () => {
  it('mails a code that signs in once, with otp in amr', async () => {
    const { email: address_ } = await backend.signUp(email('code'));
    const client = clientOf(backend);
    const sent = await client.auth.signInWithOtp({ email: address_ });
    expect(sent.error).toBeNull();
    const [mail] = await mailsTo(backend, address_);
    expect(mail!.subject).toBe('Your Magic Link');
    const token = await mailedCode(backend, address_);
    const { data, error } = await client.auth.verifyOtp({ email: address_, token, type: 'email' });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(address_);
    expect((claimsOf(data.session!.access_token).amr as Array<{ method: string }>)[0]!.method).toBe('otp');
    const again = await clientOf(backend).auth.verifyOtp({ email: address_, token, type: 'email' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('signs in with the magic link token hash (verifyOtp token_hash) once', async () => {
    const { email: address_ } = await backend.signUp(email('hash'));
    await clientOf(backend).auth.signInWithOtp({ email: address_ });
    const [mail] = await mailsTo(backend, address_);
    const link = new URL(mail!.link!);
    expect(link.searchParams.get('type')).toBe('magiclink');
    const tokenHash = link.searchParams.get('token')!;
    const { data, error } = await clientOf(backend).auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    const again = await clientOf(backend).auth.verifyOtp({ token_hash: tokenHash, type: 'magiclink' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('signs up a new address (confirmed, metadata kept) unless shouldCreateUser is false', async () => {
    const fresh = email('new');
    const refused = await clientOf(backend).auth.signInWithOtp({
      email: fresh,
      options: { shouldCreateUser: false },
    });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(await mailsTo(backend, fresh)).toEqual([]);
    const client = clientOf(backend);
    expect((await client.auth.signInWithOtp({ email: fresh, options: { data: { name: 'Noa' } } })).error).toBeNull();
    const { data } = await client.auth.verifyOtp({
      email: fresh,
      token: await mailedCode(backend, fresh),
      type: 'email',
    });
    expect(data.user!.user_metadata).toMatchObject({ name: 'Noa', email: fresh, email_verified: true });
    expect(data.user!.email_confirmed_at).toBeTruthy();
  });

  it('counts OTP mails against the client’s mail limit, with recovery mails', async () => {
    process.env.AUTH_RATE_LIMIT_RECOVER = '2';
    const client = clientOf(backend, { localAddress: address() });
    const { email: known } = await backend.signUp(email('limited'));
    expect((await client.auth.signInWithOtp({ email: known })).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(known)).error).toBeNull();
    const third = await client.auth.signInWithOtp({ email: known });
    expect(third.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('sends one mail a minute per address', async () => {
    process.env.AUTH_EMAIL_MAX_FREQUENCY = '60';
    const { email: known } = await backend.signUp(email('minute'));
    const client = clientOf(backend, { localAddress: address() });
    expect((await client.auth.signInWithOtp({ email: known })).error).toBeNull();
    const second = await client.auth.signInWithOtp({ email: known });
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
  });
});

describe('PKCE', () => {
  async function codeFromLink(link: string): Promise<URL> {
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  it('trades the magic link’s code and the verifier for a session, once', async () => {
    const { email: known } = await backend.signUp(email('pkce'));
    const client = clientOf(backend, { flowType: 'pkce' });
    const sent = await client.auth.signInWithOtp({
      email: known,
      options: { emailRedirectTo: 'http://localhost:5173/welcome' },
    });
    expect(sent.error).toBeNull();
    const [mail] = await mailsTo(backend, known);
    expect(new URL(mail!.link!).searchParams.get('token')).toMatch(/^pkce_/);
    const target = await codeFromLink(mail!.link!);
    expect(target.pathname).toBe('/welcome');
    expect(target.hash).toBe('');
    const code = target.searchParams.get('code')!;
    // Without the verifier the code is worth nothing.
    const stranger = await clientOf(backend, { flowType: 'pkce' }).auth.exchangeCodeForSession(code);
    expect(stranger.error).not.toBeNull();
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.user!.email).toBe(known);
    expect((claimsOf(data.session!.access_token).amr as Array<{ method: string }>)[0]!.method).toBe('magiclink');
    const again = await client.auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();
  });

  it('works for password recovery, and refuses a wrong verifier with bad_code_verifier', async () => {
    const { email: known } = await backend.signUp(email('pkce-recover'));
    const client = clientOf(backend, { flowType: 'pkce' });
    await client.auth.resetPasswordForEmail(known, { redirectTo: 'http://localhost:5173/reset' });
    const [mail] = await mailsTo(backend, known);
    const code = (await codeFromLink(mail!.link!)).searchParams.get('code')!;
    const res = await fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_code_verifier' });
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session).toBeTruthy();
  });

  it('refuses a code challenge of the wrong length', async () => {
    const res = await fetch(`${backend.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: email('short'), code_challenge: 'abc', code_challenge_method: 's256' }),
    });
    expect(res.status).toBe(400);
  });
});

describe('resend', () => {
  it('mails an invited address its confirmation again; answers {} with nothing to confirm', async () => {
    const invited = email('resend');
    const admin = backend.service();
    expect((await admin.auth.admin.inviteUserByEmail(invited)).error).toBeNull();
    const client = clientOf(backend);
    expect((await client.auth.resend({ type: 'signup', email: invited })).error).toBeNull();
    const [mail] = await mailsTo(backend, invited);
    expect(mail!.subject).toBe('Confirm Your Signup');
    const { data, error } = await client.auth.verifyOtp({
      email: invited,
      token: await mailedCode(backend, invited),
      type: 'signup',
    });
    expect(error).toBeNull();
    expect(data.user!.email_confirmed_at).toBeTruthy();
    const before = (await mailsTo(backend, invited)).length;
    expect((await client.auth.resend({ type: 'signup', email: invited })).error).toBeNull();
    expect((await mailsTo(backend, invited)).length).toBe(before);
    const bad = await client.auth.resend({ type: 'recovery' as 'signup', email: invited });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('reauthenticate', () => {
  it('asks an older session for the mailed nonce to change the password; the nonce is good once', async () => {
    const { client, email: known, userId } = await backend.signUp(email('nonce'));
    // A session signed in more than a day ago must reauthenticate (secure_password_change).
    await backend.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [
      userId,
    ]);
    const without = await client.auth.updateUser({ password: 'new-password-one' });
    expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const [mail] = await mailsTo(backend, known);
    expect(mail!.subject).toBe('Confirm reauthentication');
    const nonce = await mailedCode(backend, known);
    const wrong = await client.auth.updateUser({
      password: 'new-password-one',
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    const changed = await client.auth.updateUser({ password: 'new-password-one', nonce });
    expect(changed.error).toBeNull();
    const reused = await client.auth.updateUser({ password: 'new-password-two', nonce });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    const signIn = await clientOf(backend).auth.signInWithPassword({ email: known, password: 'new-password-one' });
    expect(signIn.error).toBeNull();
    // A fresh session needs no nonce (GoTrue's 24-hour rule).
    const fresh = clientOf(backend);
    await fresh.auth.signInWithPassword({ email: known, password: 'new-password-one' });
    expect((await fresh.auth.updateUser({ password: PASSWORD })).error).toBeNull();
  });
});

describe('identities', () => {
  it('lists the e-mail identity and refuses to unlink the only one', async () => {
    const { client, userId } = await backend.signUp(email('identity'));
    const { data, error } = await client.auth.getUserIdentities();
    expect(error).toBeNull();
    expect(data!.identities).toHaveLength(1);
    expect(data!.identities[0]).toMatchObject({ provider: 'email', user_id: userId });
    const unlinked = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(unlinked.error).toMatchObject({ status: 422, code: 'single_identity_not_deletable' });
  });
});
