/**
 * Sessions, access tokens and rotating refresh tokens, as GoTrue keeps them in `auth.sessions`,
 * `auth.mfa_amr_claims` and `auth.refresh_tokens`: signing in opens a session with its first
 * refresh token; each refresh revokes the presented token and issues its child in the same
 * session. A revoked token that is the parent of the session's active one (a client that lost the
 * reply) gets the active one back; another revoked token is accepted within the reuse interval
 * (10 s, `AUTH_REFRESH_TOKEN_REUSE_INTERVAL` seconds read at call time) and otherwise revokes
 * every token of its session (`refresh_token_already_used`). Also checks the bearer token of
 * `/user` and `/logout` as GoTrue's `requireAuthentication` does (a suspended user's is refused).
 */
import { randomUUID } from 'node:crypto';
import type { App, ApiRequest } from '../app.ts';
import { bearerOf } from '../app.ts';
import type { Queryable } from '../db.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { findUserById, isBanned, isUuid, userJson, type UserRow } from './users.ts';
import { isObject, newRefreshToken, type Json } from './util.ts';

/** GoTrue's authentication methods as recorded in `auth.mfa_amr_claims` (and the `amr` claim). */
export type AuthMethod = 'password' | 'otp' | 'recovery' | 'magiclink' | 'invite' | 'email/signup' | 'totp';

/** The methods that make a session AAL2 (a second factor). */
const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** GoTrue's CalculateAALAndAMR: aal2 once a second factor is among the session's methods. */
export function aalOf(amr: AmrEntry[]): 'aal1' | 'aal2' {
  return amr.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1';
}

function reuseIntervalMs(): number {
  const value = Number(process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL);
  return (Number.isFinite(value) && value >= 0 ? value : 10) * 1000;
}

export async function signAccessToken(
  app: App,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = app.config.jwtExpiry;
  const expiresAt = now + expiresIn;
  const token = await app.jwt.sign({
    aud: user.aud || 'authenticated',
    exp: expiresAt,
    iat: now,
    iss: `${app.url}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: isObject(user.raw_app_meta_data) ? user.raw_app_meta_data : {},
    user_metadata: isObject(user.raw_user_meta_data) ? user.raw_user_meta_data : {},
    role: user.role || 'authenticated',
    aal: aalOf(amr),
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return { token, expiresAt, expiresIn };
}

/** The session's methods, most recent first, each with when it was last used (GoTrue's `amr`). */
export async function amrOf(tx: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await tx.query<{ authentication_method: string; updated_at: Date }>(
    `select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(new Date(row.updated_at).getTime() / 1000),
  }));
}

export async function sessionResponse(app: App, tx: Queryable, user: UserRow, sessionId: string, refreshToken: string) {
  const access = await signAccessToken(app, user, sessionId, await amrOf(tx, sessionId));
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresIn,
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  } satisfies Json;
}

/** Opens a session for the user (recording the sign-in) and returns GoTrue's token response. */
export async function issueSession(
  app: App,
  tx: Queryable,
  userId: string,
  method: AuthMethod,
  userAgent: string | undefined,
): Promise<Json> {
  await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await tx.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  const sessionId = randomUUID();
  await tx.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent) values ($1, $2, now(), now(), 'aal1', $3)`,
    [sessionId, userId, userAgent ?? null],
  );
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  const token = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), null, $3)`,
    [token, userId, sessionId],
  );
  const user = await findUserById(tx, userId);
  if (!user) throw forbidden('user_not_found', 'User not found');
  return sessionResponse(app, tx, user, sessionId, token);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

type RefreshOutcome = { ok: true; body: Json } | { ok: false; error: AuthError };

/** `POST /token?grant_type=refresh_token`. */
export async function refreshGrant(app: App, presented: string): Promise<Json> {
  const outcome = await app.db.transaction<RefreshOutcome>(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `select id::text as id, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens where token = $1 for update`,
      [presented],
    );
    const token = rows[0];
    const user = token && isUuid(token.user_id) ? await findUserById(tx, token.user_id) : null;
    if (!token || !user) {
      return {
        ok: false,
        error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
      };
    }
    if (isBanned(user)) return { ok: false, error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') };
    const session = token.session_id
      ? (
          await tx.query<{ id: string; not_after: Date | null }>(
            `select id, not_after from auth.sessions where id = $1 for update`,
            [token.session_id],
          )
        ).rows[0]
      : undefined;
    if (!session) {
      return { ok: false, error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found') };
    }
    if (session.not_after && new Date(session.not_after).getTime() < Date.now()) {
      return { ok: false, error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired') };
    }
    let issued: string | null = null;
    if (token.revoked) {
      const active = (
        await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
          [session.id],
        )
      ).rows[0];
      if (active && active.parent === token.token) {
        issued = active.token;
      } else if (Date.now() > new Date(token.updated_at).getTime() + reuseIntervalMs()) {
        await tx.query(
          `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`,
          [session.id],
        );
        return { ok: false, error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    }
    if (issued === null) {
      if (!token.revoked) {
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [token.id]);
      }
      issued = newRefreshToken();
      await tx.query(
        `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ($1, $2, false, now(), now(), $3, $4)`,
        [issued, user.id, token.token, session.id],
      );
    }
    await tx.query(`update auth.sessions set updated_at = now(), refreshed_at = now() where id = $1`, [session.id]);
    return { ok: true, body: await sessionResponse(app, tx, user, session.id, issued) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.body;
}

export interface SessionRow {
  id: string;
  aal: string | null;
  created_at: Date;
  factor_id: string | null;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string | null;
  /** The session the token belongs to (null only for a token without a session id). */
  session: SessionRow | null;
  claims: Record<string, unknown>;
}

export const isAal2 = (session: SessionRow | null) => session?.aal === 'aal2';

function jwtFailure(reason: string, token: string): AuthError {
  const prefix = 'invalid JWT: unable to parse or verify signature, ';
  if (reason === 'expired') return forbidden('bad_jwt', `${prefix}token has invalid claims: token is expired`);
  if (reason === 'signature') return forbidden('bad_jwt', `${prefix}token signature is invalid: signature is invalid`);
  let alg: unknown;
  try {
    alg = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')).alg;
  } catch {
    alg = undefined;
  }
  if (typeof alg === 'string' && alg !== 'HS256') {
    return forbidden('bad_jwt', `${prefix}token signature is invalid: signing method ${alg} is invalid`);
  }
  return forbidden('bad_jwt', `${prefix}token is malformed: could not parse the token`);
}

/** GoTrue's `requireAuthentication`: a valid bearer token of an existing user and session. */
export async function authenticate(app: App, req: ApiRequest, db: Queryable = app.db): Promise<Authenticated> {
  const token = bearerOf(req);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await app.jwt.verify(token);
  if (!verified.ok) throw jwtFailure(verified.reason, token);
  const claims = verified.claims;
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(db, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : null;
  let session: SessionRow | null = null;
  if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session =
      (
        await db.query<SessionRow>(
          `select id, aal::text as aal, created_at, factor_id from auth.sessions where id = $1 and user_id = $2`,
          [sessionId, user.id],
        )
      ).rows[0] ?? null;
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId, session, claims };
}

/** Ends sessions: `local` this one, `others` all but this one, `global` all of the user's. */
export async function logout(tx: Queryable, userId: string, sessionId: string | null, scope: string): Promise<void> {
  if (scope === 'local') {
    if (sessionId) await tx.query(`delete from auth.sessions where id = $1`, [sessionId]);
  } else if (scope === 'others') {
    await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [
      userId,
      sessionId,
    ]);
  } else {
    await tx.query(`delete from auth.sessions where user_id = $1`, [userId]);
  }
  await tx.query(
    `delete from auth.refresh_tokens where user_id = $1 and (session_id is null or session_id not in (select id from auth.sessions where user_id = $2))`,
    [userId, userId],
  );
}

/**
 * GoTrue's `updateMFASessionAndClaims`: records the second factor on the session, swaps its
 * refresh token for a new one (the client stores the new pair), raises the session to AAL2 and
 * ends the user's other sessions still at AAL1, as GoTrue does once a factor is verified.
 */
export async function upgradeSession(
  app: App,
  tx: Queryable,
  userId: string,
  sessionId: string,
  method: AuthMethod,
  factorId: string,
): Promise<Json> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
  const active = (
    await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1 for update`,
      [sessionId],
    )
  ).rows[0];
  await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`, [
    sessionId,
  ]);
  const issued = newRefreshToken();
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, now(), now(), $3, $4)`,
    [issued, userId, active?.token ?? null, sessionId],
  );
  const aal = aalOf(await amrOf(tx, sessionId));
  await tx.query(`update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1`, [
    sessionId,
    aal,
    factorId,
  ]);
  await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2' and id <> $2`, [userId, sessionId]);
  await tx.query(
    `delete from auth.refresh_tokens where user_id = $1 and session_id is not null
       and session_id not in (select id from auth.sessions where user_id = $2)`,
    [userId, userId],
  );
  const user = await findUserById(tx, userId);
  if (!user) throw forbidden('user_not_found', 'User not found');
  return sessionResponse(app, tx, user, sessionId, issued);
}
