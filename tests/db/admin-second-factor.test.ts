/**
 * Site-admin rights need the second factor once the admin has one: through the real supabase-js
 * (`auth.mfa.*`) against the local auth server, an admin with a verified authenticator app signed in
 * with the password alone (aal1) is refused by the admin procedures and the admin-only policies,
 * and allowed after challenge + verify (aal2); an admin without a factor keeps working at aal1.
 * get_my_admin_access tells the admin panel which of these the caller is in.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { account, rpc, rpcError, type Account } from '../support/accounts.ts';
import { claimsOf, totpCode } from '../backend/auth-support.ts';

process.env.AUTH_BCRYPT_COST = '4';

const PASSWORD = 'correct-horse-battery';
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
});
afterAll(async () => backend?.stop());

/** Enrols an authenticator app on the account's own session and verifies it (that session is aal2). */
async function withFactor(who: Account): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await who.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(error).toBeNull();
  await verify(who.client, data!.id, data!.totp.secret);
  return { factorId: data!.id, secret: data!.totp.secret };
}

async function verify(client: SupabaseClient, factorId: string, secret: string) {
  const { data: challenge, error } = await client.auth.mfa.challenge({ factorId });
  expect(error).toBeNull();
  const verified = await client.auth.mfa.verify({ factorId, challengeId: challenge!.id, code: totpCode(secret) });
  expect(verified.error).toBeNull();
  return verified.data!;
}

/** A new password-only session of the account: aal1. */
async function passwordSession(who: Account): Promise<SupabaseClient> {
  const client = backend.anon();
  const { data, error } = await client.auth.signInWithPassword({ email: who.email, password: PASSWORD });
  expect(error).toBeNull();
  expect(claimsOf(data.session!.access_token).aal).toBe('aal1');
  return client;
}

const toggle = (client: SupabaseClient, enabled: boolean) =>
  client.rpc('toggle_feature', { p_key: 'registration_enabled', p_enabled: enabled });

async function activityRows(client: SupabaseClient) {
  const { data, error } = await client.from('admin_activity').select('id');
  expect(error).toBeNull();
  return data!;
}

describe('an admin with a verified factor', () => {
  it('is refused at aal1 by the admin procedures, policies and is_site_admin, and allowed after the code', async () => {
    const admin = await account(backend, 'Fay Factor', { role: 'admin' });
    // Something in admin_activity that an admin may read.
    await rpc(admin.client, 'toggle_feature', { p_key: 'registration_enabled', p_enabled: false });
    await rpc(admin.client, 'toggle_feature', { p_key: 'registration_enabled', p_enabled: true });
    const { factorId, secret } = await withFactor(admin);

    const aal1 = await passwordSession(admin);
    await rpcError(
      aal1,
      'toggle_feature',
      { p_key: 'registration_enabled', p_enabled: false },
      '42501',
      'Two-factor verification required',
    );
    await rpcError(aal1, 'get_user_aggregated_stats', { p_user_id: (await account(backend, 'Other')).userId }, '42501');
    expect(await rpc(aal1, 'is_site_admin')).toBe(false);
    expect(await activityRows(aal1)).toEqual([]);
    expect(await rpc(aal1, 'get_my_admin_access')).toEqual({
      is_admin: true,
      has_verified_factor: true,
      aal: 'aal1',
      admin_rights: false,
      status: 'step_up',
    });
    const { rows } = await backend.db.query<{ value: unknown }>(
      `select value from public.app_settings where key = 'registration_enabled'`,
    );
    expect(rows[0]!.value).toEqual({ enabled: true });

    // The same session after challenge + verify.
    const raised = await verify(aal1, factorId, secret);
    expect(claimsOf(raised.access_token).aal).toBe('aal2');
    const answer = await toggle(aal1, false);
    expect(answer.error).toBeNull();
    expect(answer.data).toMatchObject({ success: true, enabled: false });
    expect((await toggle(aal1, true)).error).toBeNull();
    expect(await rpc(aal1, 'is_site_admin')).toBe(true);
    expect((await activityRows(aal1)).length).toBeGreaterThan(0);
    expect(await rpc(aal1, 'get_my_admin_access')).toMatchObject({ aal: 'aal2', admin_rights: true, status: 'ok' });
  });

  it('keeps working at aal1 once the factor is removed', async () => {
    const admin = await account(backend, 'Rae Removed', { role: 'admin' });
    const { factorId } = await withFactor(admin);
    expect((await admin.client.auth.mfa.unenroll({ factorId })).error).toBeNull();
    const aal1 = await passwordSession(admin);
    expect((await toggle(aal1, true)).error).toBeNull();
    expect(await rpc(aal1, 'get_my_admin_access')).toMatchObject({ admin_rights: true, status: 'enrol' });
  });
});

describe('an admin without a verified factor', () => {
  it('keeps the admin rights at aal1 and is asked to enrol', async () => {
    const admin = await account(backend, 'Nia Nofactor', { role: 'admin' });
    const aal1 = await passwordSession(admin);
    expect((await toggle(aal1, true)).error).toBeNull();
    expect(await rpc(aal1, 'is_site_admin')).toBe(true);
    expect(await rpc(aal1, 'get_my_admin_access')).toEqual({
      is_admin: true,
      has_verified_factor: false,
      aal: 'aal1',
      admin_rights: true,
      status: 'enrol',
    });
  });

  it('is not held back by an enrolment it never verified', async () => {
    const admin = await account(backend, 'Una Unverified', { role: 'admin' });
    expect((await admin.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Later' })).error).toBeNull();
    expect((await toggle(admin.client, true)).error).toBeNull();
    expect(await rpc(admin.client, 'get_my_admin_access')).toMatchObject({ status: 'enrol' });
  });
});

describe('a user who is no admin', () => {
  it('gets no admin rights from a second factor and is told not_admin', async () => {
    const user = await account(backend, 'Ugo User');
    await withFactor(user);
    await rpcError(
      user.client,
      'toggle_feature',
      { p_key: 'registration_enabled', p_enabled: false },
      '42501',
      'Admin access required',
    );
    expect(await rpc(user.client, 'get_my_admin_access')).toMatchObject({
      is_admin: false,
      has_verified_factor: true,
      aal: 'aal2',
      admin_rights: false,
      status: 'not_admin',
    });
    const { error, status } = await backend.anon().rpc('get_my_admin_access');
    expect(error?.code).toBe('42501');
    expect(status).toBe(401);
  });
});
