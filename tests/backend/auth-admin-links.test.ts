/**
 * The admin API's invitations and links and what GoTrue stores for users, through the real
 * supabase-js: `auth.admin.inviteUserByEmail` (mail, invited user, accepting with the code),
 * `auth.admin.generateLink` for each type (used with `verifyOtp`), user_metadata as GoTrue keeps
 * it (identity claims only for sign-ups), JWKS, and
 * `/user/identities` with manual linking off (the default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { claimsOf, clientOf, mailedCode, mailsTo } from './auth-support.ts';

process.env.AUTH_BCRYPT_COST = '4';

let backend: TestBackend;
let counter = 0;
const email = (tag: string) => `${tag}.${Date.now()}.${counter++}@example.com`;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
});
afterAll(async () => {
  await backend?.stop();
});

describe('inviteUserByEmail', () => {
  it('makes an invited, unconfirmed user and mails a link and a code that accept the invitation', async () => {
    const invited = email('invite');
    const admin = backend.service();
    const { data, error } = await admin.auth.admin.inviteUserByEmail(invited, {
      data: { name: 'Ida' },
      redirectTo: 'http://localhost:5173/welcome',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: invited, user_metadata: { name: 'Ida' } });
    expect(data.user!.invited_at).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeUndefined();
    const [mail] = await mailsTo(backend, invited);
    expect(mail!.subject).toBe('You have been invited');
    const link = new URL(mail!.link!);
    expect(link.searchParams.get('type')).toBe('invite');
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:5173/welcome');

    const client = clientOf(backend);
    const accepted = await client.auth.verifyOtp({
      email: invited,
      token: await mailedCode(backend, invited),
      type: 'invite',
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user!.email_confirmed_at).toBeTruthy();
    expect(accepted.data.user!.user_metadata).toMatchObject({ name: 'Ida', email_verified: true });
    // Now they set their own password.
    expect((await client.auth.updateUser({ password: 'my-own-password' })).error).toBeNull();
    const again = await admin.auth.admin.inviteUserByEmail(invited);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('opens the invitation link to a session in the redirect’s fragment', async () => {
    const invited = email('invite-link');
    await backend.service().auth.admin.inviteUserByEmail(invited);
    const [mail] = await mailsTo(backend, invited);
    const res = await fetch(mail!.link!, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    expect(fragment.get('type')).toBe('invite');
    expect(claimsOf(fragment.get('access_token')!).email).toBe(invited);
    // The link is good once.
    const second = await fetch(mail!.link!, { redirect: 'manual' });
    const failed = new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1));
    expect(failed.get('error_code')).toBe('otp_expired');
  });

  it('is for the service role only', async () => {
    const { client } = await backend.signUp();
    const res = await client.auth.admin.inviteUserByEmail(email('nope'));
    expect(res.error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe('generateLink', () => {
  it('makes a magic link for a known address without mailing it; its code and hash sign in', async () => {
    const { email: known } = await backend.signUp(email('link'));
    const before = (await mailsTo(backend, known)).length;
    const { data, error } = await backend.service().auth.admin.generateLink({ type: 'magiclink', email: known });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({ verification_type: 'magiclink' });
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.action_link).toContain('type=magiclink');
    expect(data.user!.email).toBe(known);
    expect((await mailsTo(backend, known)).length).toBe(before);
    const signedIn = await clientOf(backend).auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(signedIn.error).toBeNull();
  });

  it('signs up an unknown address for a magic link, and makes signup, invite and recovery links', async () => {
    const admin = backend.service();
    const unknown = email('link-new');
    const magic = await admin.auth.admin.generateLink({ type: 'magiclink', email: unknown });
    expect(magic.data.properties!.verification_type).toBe('signup');
    const confirmed = await clientOf(backend).auth.verifyOtp({
      email: unknown,
      token: magic.data.properties!.email_otp,
      type: 'signup',
    });
    expect(confirmed.error).toBeNull();

    const signup = await admin.auth.admin.generateLink({
      type: 'signup',
      email: email('link-signup'),
      password: 'a-good-password',
      options: { data: { name: 'Sam' } },
    });
    expect(signup.error).toBeNull();
    expect(signup.data.user!.user_metadata).toMatchObject({ name: 'Sam', email_verified: false });
    const noPassword = await admin.auth.admin.generateLink({ type: 'signup', email: email('x'), password: '' });
    expect(noPassword.error).toMatchObject({ status: 422 });

    const invite = await admin.auth.admin.generateLink({ type: 'invite', email: email('link-invite') });
    expect(invite.data.user!.invited_at).toBeTruthy();

    const recovery = await admin.auth.admin.generateLink({ type: 'recovery', email: unknown });
    expect(recovery.error).toBeNull();
    const missing = await admin.auth.admin.generateLink({ type: 'recovery', email: email('nobody') });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('makes an e-mail change link whose code, typed with the new address, changes it', async () => {
    const { email: known, client } = await backend.signUp(email('change'));
    const newEmail = email('changed');
    const { data, error } = await backend.service().auth.admin.generateLink({
      type: 'email_change_new',
      email: known,
      newEmail,
    });
    expect(error).toBeNull();
    const changed = await client.auth.verifyOtp({
      email: newEmail,
      token: data.properties!.email_otp,
      type: 'email_change',
    });
    expect(changed.error).toBeNull();
    expect(changed.data.user!.email).toBe(newEmail);
  });
});

describe('what GoTrue stores for users', () => {
  it('gives sign-ups the identity claims in user_metadata, and admin-made users only what they were given', async () => {
    const { client, email: signedUp } = await backend.signUp(email('meta'), 'correct-horse-battery', { name: 'Sue' });
    const { data: own } = await client.auth.getUser();
    expect(own.user!.user_metadata).toEqual({
      name: 'Sue',
      sub: own.user!.id,
      email: signedUp,
      email_verified: true,
      phone_verified: false,
    });

    const admin = backend.service();
    const created = await admin.auth.admin.createUser({
      email: email('admin-made'),
      password: 'a-good-password',
      user_metadata: { name: 'Ada' },
    });
    expect(created.data.user!.user_metadata).toEqual({ name: 'Ada' });
    const confirmed = await admin.auth.admin.createUser({
      email: email('admin-confirmed'),
      email_confirm: true,
      user_metadata: { name: 'Cy' },
    });
    expect(confirmed.data.user!.user_metadata).toEqual({ name: 'Cy', email_verified: true });
    const updated = await admin.auth.admin.updateUserById(created.data.user!.id, {
      user_metadata: { team: 'blue' },
      email: email('admin-moved'),
    });
    expect(updated.data.user!.user_metadata).toEqual({ name: 'Ada', team: 'blue' });
  });
});

describe('JWKS and identities', () => {
  it('publishes no key for the HS256 secret, with GoTrue’s cache header', async () => {
    const res = await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(await res.json()).toEqual({ keys: [] });
  });

  it('answers 404 manual_linking_disabled to unlinking while manual linking is off', async () => {
    const { client } = await backend.signUp(email('unlink'));
    const { data } = await client.auth.getUserIdentities();
    expect(data!.identities.map((identity) => identity.provider)).toEqual(['email']);
    const res = await client.auth.unlinkIdentity(data!.identities[0]!);
    expect(res.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
  });
});
