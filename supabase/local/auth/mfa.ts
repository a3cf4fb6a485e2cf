/**
 * Multi-factor authentication with an authenticator app (TOTP), GoTrue's `/factors` API:
 * - `POST /factors` {factor_type: 'totp', friendly_name, issuer}: a new unverified factor with its
 *   secret, `otpauth://` URI and QR code (totp.ts). Unverified factors older than five minutes and
 *   never challenged are cleared first; a user has at most `max_enrolled_factors`; a user who
 *   already has a verified factor needs an AAL2 session to add another.
 * - `POST /factors/{id}/challenge`: a challenge for five minutes, bound to the client's address.
 * - `POST /factors/{id}/verify` {challenge_id, code}: a right code verifies the factor (if new),
 *   adds `totp` to the session's methods, raises it to AAL2 with a new token pair, ends the user's
 *   other AAL1 sessions and clears their other unverified factors. Wrong: 422.
 * - `DELETE /factors/{id}`: a verified factor only from an AAL2 session; sessions it raised fall
 *   back to AAL1.
 * Challenge and verify are each limited per client (GoTrue's MFA limit, ratelimit.ts). The admin
 * API lists and deletes a user's factors (`/admin/users/{id}/factors`), e.g. for a lost phone.
 */
import { randomUUID } from 'node:crypto';
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import type { Queryable } from '../db.ts';
import { ok } from './account.ts';
import { readBody, str } from './body.ts';
import { AuthError, badRequest, forbidden, notFound, unprocessable } from './errors.ts';
import { clientAddress } from './ratelimit.ts';
import type { RecoveryGuards } from './recovery.ts';
import { authenticate, isAal2, upgradeSession, type Authenticated } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { newTotpKey, qrSvg, totpCodeValid } from './totp.ts';
import { factorJson, factorsOf, isUuid } from './users.ts';
import type { Json } from './util.ts';

const CHALLENGE_EXPIRY_SECONDS = 300;
const FACTOR_EXPIRY_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;

export async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [
    userId,
  ]);
  return rows.length > 0;
}

/** The address a challenge is bound to, as GoTrue's GetIPAddress gives it. */
const ipOf = (req: ApiRequest) => clientAddress(req).replace(/^::ffff:/, '');

function disabledType(type: string): never {
  if (type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
}

async function requireUser(app: App, req: ApiRequest): Promise<Authenticated> {
  const auth = await authenticate(app, req);
  if (auth.claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  if (!auth.session) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  return auth;
}

async function enroll(app: App, req: ApiRequest, settings: AuthSettings): Promise<ApiResponse> {
  const auth = await requireUser(app, req);
  const body = await readBody(req);
  const type = str(body, 'factor_type');
  const friendlyName = str(body, 'friendly_name');
  if (type !== 'totp') disabledType(type);
  if (!settings.totpEnroll) throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const issuer = str(body, 'issuer') || new URL(app.config.siteUrl).host;
  const key = newTotpKey(issuer, auth.user.email ?? '');
  const id = randomUUID();
  await app.db.transaction(async (tx) => {
    await tx.query(`select id from auth.users where id = $1 for update`, [auth.user.id]);
    await tx.query(
      `delete from auth.mfa_factors f where status <> 'verified'
         and not exists (select from auth.mfa_challenges c where c.factor_id = f.id)
         and created_at + make_interval(secs => $1) < now()`,
      [FACTOR_EXPIRY_SECONDS],
    );
    const factors = await factorsOf(tx, auth.user.id);
    if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    const verified = factors.filter((factor) => factor.status === 'verified').length;
    if (factors.length >= settings.maxEnrolledFactors || verified >= MAX_VERIFIED_FACTORS) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && !isAal2(auth.session)) {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, auth.user.id, friendlyName, key.secret],
    );
  });
  return ok(req, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrSvg(key.uri), secret: key.secret, uri: key.uri },
  });
}

interface FactorRow {
  id: string;
  user_id: string;
  factor_type: string;
  status: string;
  secret: string | null;
}

async function loadFactor(db: Queryable, userId: string, factorId: string, lock = false): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const { rows } = await db.query<FactorRow>(
    `select id, user_id, factor_type::text as factor_type, status::text as status, secret
     from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [factorId, userId],
  );
  if (!rows[0]) throw notFound('mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

function checkVerifyEnabled(factor: FactorRow, settings: AuthSettings): void {
  if (factor.factor_type !== 'totp') {
    throw unprocessable(`mfa_${factor.factor_type}_verify_not_enabled`, 'MFA verification is disabled');
  }
  if (!settings.totpVerify) throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
}

async function challenge(app: App, req: ApiRequest, factorId: string, settings: AuthSettings): Promise<ApiResponse> {
  const auth = await requireUser(app, req);
  const factor = await loadFactor(app.db, auth.user.id, factorId);
  checkVerifyEnabled(factor, settings);
  const id = randomUUID();
  const created = await app.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
       returning created_at`,
      [id, factor.id, ipOf(req)],
    );
    await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
    return rows[0]!.created_at;
  });
  const expiresAt = Math.floor(new Date(created).getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS;
  return ok(req, { id, type: factor.factor_type, expires_at: expiresAt });
}

type Verified = { ok: true; body: Json } | { ok: false; error: AuthError };

async function verify(app: App, req: ApiRequest, factorId: string, settings: AuthSettings): Promise<ApiResponse> {
  const auth = await requireUser(app, req);
  const factor = await loadFactor(app.db, auth.user.id, factorId);
  const body = await readBody(req);
  const code = str(body, 'code');
  const challengeId = str(body, 'challenge_id');
  if (!code) throw badRequest('validation_failed', 'Code needs to be non-empty');
  checkVerifyEnabled(factor, settings);
  const outcome = await app.db.transaction<Verified>(async (tx) => {
    const found = isUuid(challengeId)
      ? (
          await tx.query<{ id: string; verified_at: Date | null; ip: string; created_at: Date }>(
            `select id, verified_at, host(ip_address) as ip, created_at from auth.mfa_challenges
             where id = $1 and factor_id = $2 for update`,
            [challengeId, factor.id],
          )
        ).rows[0]
      : undefined;
    if (!found) {
      return {
        ok: false,
        error: unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
      };
    }
    if (found.verified_at || found.ip !== ipOf(req)) {
      return {
        ok: false,
        error: unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
      };
    }
    if (Date.now() > new Date(found.created_at).getTime() + CHALLENGE_EXPIRY_SECONDS * 1000) {
      await tx.query(`delete from auth.mfa_challenges where id = $1`, [found.id]);
      return {
        ok: false,
        error: unprocessable(
          'mfa_challenge_expired',
          `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
        ),
      };
    }
    if (!factor.secret || !totpCodeValid(factor.secret, code.trim())) {
      return { ok: false, error: unprocessable('mfa_verification_failed', 'Invalid TOTP code entered') };
    }
    await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [found.id]);
    await tx.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'`,
      [factor.id],
    );
    const session = await upgradeSession(app, tx, auth.user.id, auth.session!.id, 'totp', factor.id);
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
      [auth.user.id],
    );
    return { ok: true, body: session };
  });
  if (!outcome.ok) throw outcome.error;
  app.notifyWrite();
  return ok(req, outcome.body);
}

async function unenroll(app: App, req: ApiRequest, factorId: string): Promise<ApiResponse> {
  const auth = await requireUser(app, req);
  await app.db.transaction(async (tx) => {
    const factor = await loadFactor(tx, auth.user.id, factorId, true);
    if (factor.status === 'verified' && !isAal2(auth.session)) {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(tx, factor);
  });
  app.notifyWrite();
  return ok(req, { id: factorId });
}

/** Deletes a factor; the sessions it raised lose its method and fall back to AAL1. */
async function removeFactor(tx: Queryable, factor: Pick<FactorRow, 'id' | 'user_id' | 'factor_type'>) {
  const method = factor.factor_type === 'totp' ? 'totp' : `mfa/${factor.factor_type}`;
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, method],
  );
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [
    factor.user_id,
    factor.id,
  ]);
  await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
}

/** `/factors` and `/factors/{id}[/challenge|/verify]`. */
export async function factorsRoute(
  app: App,
  req: ApiRequest,
  rest: string,
  guards: RecoveryGuards,
  settings: AuthSettings,
): Promise<ApiResponse> {
  const parts = rest.split('/').filter(Boolean);
  const method = req.method;
  if (parts.length === 0 && method === 'POST') return enroll(app, req, settings);
  if (parts.length === 1 && method === 'DELETE') return unenroll(app, req, parts[0]!);
  if (parts.length === 2 && method === 'POST' && parts[1] === 'challenge') {
    guards.limits.hit('mfaChallenge', req);
    return challenge(app, req, parts[0]!, settings);
  }
  if (parts.length === 2 && method === 'POST' && parts[1] === 'verify') {
    guards.limits.hit('mfaVerify', req);
    return verify(app, req, parts[0]!, settings);
  }
  throw notFound('not_found', 'Not Found');
}

/** Admin: `GET /admin/users/{id}/factors` and `DELETE /admin/users/{id}/factors/{factor_id}`. */
export async function adminFactors(app: App, req: ApiRequest, userId: string, factorId: string | null) {
  if (!factorId && req.method === 'GET') return ok(req, (await factorsOf(app.db, userId)).map(factorJson));
  if (factorId && req.method === 'DELETE') {
    const factor = await app.db.transaction(async (tx) => {
      const found = await loadFactor(tx, userId, factorId, true);
      await removeFactor(tx, found);
      return found;
    });
    app.notifyWrite();
    return ok(req, { id: factor.id });
  }
  throw notFound('not_found', 'Not Found');
}
