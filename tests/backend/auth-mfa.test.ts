/**
 * Two-factor sign-in with an authenticator app, through the real supabase-js `auth.mfa` API against
 * the local auth server: enrolment (QR code, secret, URI), challenge and verify to AAL2 with `aal`
 * and `amr` in the token (and `auth.jwt()->>'aal'` in SQL), the assurance level, listing and
 * unenrolling, GoTrue's rules (AAL2 to add a second factor or remove a verified one, wrong codes,
 * challenges bound to their client and single-use) and the per-client limit on verification.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { claimsOf, clientOf, totpCode as codeFor } from './auth-support.ts';

process.env.AUTH_BCRYPT_COST = '4';

let backend: TestBackend;
const PASSWORD = 'correct-horse-battery';

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
});
afterAll(async () => {
  await backend?.stop();
});
afterEach(() => {
  delete process.env.AUTH_RATE_LIMIT_MFA;
});

async function enrolled(client: SupabaseClient, name = 'Phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: name });
  expect(error).toBeNull();
  return data!;
}

async function verifyWith(client: SupabaseClient, factorId: string, code: string) {
  const { data: challenge, error } = await client.auth.mfa.challenge({ factorId });
  expect(error).toBeNull();
  return client.auth.mfa.verify({ factorId, challengeId: challenge!.id, code });
}

const newClient = () => backend.anon();

describe('enrolling an authenticator app', () => {
  it('answers a secret, an otpauth URI and an SVG QR code usable as a data URI', async () => {
    const { client, email } = await backend.signUp();
    const factor = await enrolled(client);
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Phone');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`otpauth://totp/`);
    expect(decodeURIComponent(factor.totp.uri)).toContain(email);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    // A '#' or '%' would cut or break the unencoded data URI supabase-js makes of it.
    expect(factor.totp.qr_code).not.toMatch(/[#%]/);
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(factors!.totp).toEqual([]);
  });

  it('verifies with the right code: the session becomes AAL2 with totp in amr, seen by SQL too', async () => {
    const { client, userId } = await backend.signUp();
    const factor = await enrolled(client);
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const wrong = await verifyWith(client, factor.id, codeFor(factor.totp.secret, 10));
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const { data, error } = await verifyWith(client, factor.id, codeFor(factor.totp.secret));
    expect(error).toBeNull();
    const claims = claimsOf(data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as Array<{ method: string }>).map((entry) => entry.method)).toEqual(['totp', 'password']);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);

    // The claim reaches SQL as a policy sees it.
    const { rows } = await backend.db.query<{ aal: string }>(
      `select set_config('request.jwt.claims', $1, true), (auth.jwt() ->> 'aal') as aal`,
      [JSON.stringify(claims)],
    );
    expect(rows[0]!.aal).toBe('aal2');
    const session = await backend.db.query<{ aal: string; factor_id: string }>(
      `select aal::text as aal, factor_id::text as factor_id from auth.sessions where user_id = $1`,
      [userId],
    );
    expect(session.rows).toEqual([{ aal: 'aal2', factor_id: factor.id }]);

    // supabase-js's getClaims (no key in the JWKS for HS256: it asks /user) sees the level too.
    const verified = await client.auth.getClaims();
    expect(verified.data!.claims).toMatchObject({ aal: 'aal2' });
    // A refresh keeps the level.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('signs in at AAL1 and asks for the code: nextLevel aal2 until verified', async () => {
    const { client, email } = await backend.signUp();
    const factor = await enrolled(client);
    await verifyWith(client, factor.id, codeFor(factor.totp.secret));

    const other = newClient();
    const signedIn = await other.auth.signInWithPassword({ email, password: PASSWORD });
    expect(claimsOf(signedIn.data.session!.access_token).aal).toBe('aal1');
    const level = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { data, error } = await verifyWith(other, factor.id, codeFor(factor.totp.secret));
    expect(error).toBeNull();
    expect(claimsOf(data!.access_token).aal).toBe('aal2');
  });

  it('needs AAL2 to add a second factor, to remove a verified one, and to change the password', async () => {
    const { client, email } = await backend.signUp();
    const factor = await enrolled(client, 'First');
    await verifyWith(client, factor.id, codeFor(factor.totp.secret));

    const aal1 = newClient();
    await aal1.auth.signInWithPassword({ email, password: PASSWORD });
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const removed = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const password = await aal1.auth.updateUser({ password: 'another-long-password' });
    expect(password.error).toMatchObject({ status: 401, code: 'insufficient_aal' });

    // At AAL2 all three are allowed; a name already taken is not.
    const taken = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'First' });
    expect(taken.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' })).error).toBeNull();
    expect((await client.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    // The session it raised falls back to AAL1 at its next refresh; the factor is gone.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1');
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.totp).toEqual([]);
  });

  it('ends the other AAL1 sessions of the user once a factor is verified, as GoTrue does', async () => {
    const { client, email } = await backend.signUp();
    const elsewhere = newClient();
    await elsewhere.auth.signInWithPassword({ email, password: PASSWORD });
    const factor = await enrolled(client);
    await verifyWith(client, factor.id, codeFor(factor.totp.secret));
    const { error } = await elsewhere.auth.refreshSession();
    expect(error).toMatchObject({ status: 400 });
  });

  it('refuses a used challenge, a challenge of another factor and an unknown one', async () => {
    const { client } = await backend.signUp();
    const factor = await enrolled(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const code = codeFor(factor.totp.secret);
    expect((await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge!.id, code })).error).toBeNull();
    const again = await client.auth.mfa.verify({ factorId: factor.id, challengeId: challenge!.id, code });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
    const unknown = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code,
    });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
    const { client: stranger } = await backend.signUp();
    const foreign = await stranger.auth.mfa.challenge({ factorId: factor.id });
    expect(foreign.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('refuses phone and WebAuthn factors and an unknown factor type', async () => {
    const { client } = await backend.signUp();
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+41790000000' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    const { data: session } = await client.auth.getSession();
    const res = await fetch(`${backend.url}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${session.session!.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ factor_type: 'sms' }),
    });
    expect(res.status).toBe(400);
  });

  it('limits factor verifications per client (GoTrue MFA limit)', async () => {
    process.env.AUTH_RATE_LIMIT_MFA = '3';
    const { email } = await backend.signUp();
    const client = clientOf(backend, { localAddress: '127.0.0.77' });
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const factor = await enrolled(client);
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { error } = await client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge!.id,
        code: codeFor(factor.totp.secret, 10 + i),
      });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses).toEqual([422, 422, 422, 429]);
  });
});

describe('admin factors', () => {
  it('lists and deletes a user’s factors with the service key (a lost phone)', async () => {
    const { client, userId } = await backend.signUp();
    const factor = await enrolled(client);
    await verifyWith(client, factor.id, codeFor(factor.totp.secret));
    const admin = backend.service();
    const listed = await admin.auth.admin.mfa.listFactors({ userId });
    expect(listed.data!.factors.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);
    expect(JSON.stringify(listed.data)).not.toContain(factor.totp.secret);
    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId, id: factor.id });
    expect(deleted.error).toBeNull();
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.all).toEqual([]);
  });
});
