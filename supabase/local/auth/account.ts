/**
 * The endpoints a signed-out or signed-in person uses: `POST /signup` (e-mails confirmed at once,
 * as with the Supabase CLI's local default; limited per client and passed through the
 * before-user-created hook), `POST /token` (password and refresh_token grants; password sign-ins
 * limited per normalised e-mail and client), `POST /logout`, `GET` and `PUT /user`.
 */
import { randomUUID } from 'node:crypto';
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import { obj, readBody, str } from './body.ts';
import { AuthError, badRequest, unprocessable, versionHeaders } from './errors.ts';
import { beforeUserCreated, type AuthHooks } from './hooks.ts';
import { normalisedEmail, type RateLimits } from './ratelimit.ts';
import { codeMatches } from './codes.ts';
import { hasVerifiedFactor } from './mfa.ts';
import { pkceGrant } from './pkce.ts';
import type { RecoveryGuards } from './recovery.ts';
import { authenticate, isAal2, issueSession, logout, refreshGrant } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { databaseError, findUserByEmail, findUserById, insertUser, isBanned, userJson, type UserRow } from './users.ts';
import {
  checkPassword,
  checkPasswordStrength,
  hashPassword,
  mergeMetadata,
  tokenHash,
  validateEmail,
  type Json,
} from './util.ts';

export const ok = (req: ApiRequest, body: unknown, status = 200): ApiResponse => ({
  status,
  body,
  headers: versionHeaders(req),
});

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

export async function signup(app: App, req: ApiRequest, limits: RateLimits, hooks: AuthHooks): Promise<ApiResponse> {
  limits.hit('signUp', req);
  const body = await readBody(req);
  const rawEmail = str(body, 'email');
  const password = str(body, 'password');
  const phone = str(body, 'phone');
  const data = obj(body, 'data') ?? {};
  if (!rawEmail && phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!rawEmail) throw badRequest('validation_failed', 'To signup, please provide your email');
  if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  const email = validateEmail(rawEmail);
  checkPasswordStrength(password);
  const hash = await hashPassword(password);
  // GoTrue's order: a taken e-mail is answered before the hook sees the new user.
  if (await findUserByEmail(app.db, email)) throw unprocessable('user_already_exists', 'User already registered');
  const id = randomUUID();
  await beforeUserCreated(app, hooks, req, { id, email, appMetadata: EMAIL_APP_METADATA, userMetadata: data });
  let session: Json;
  try {
    session = await app.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw unprocessable('user_already_exists', 'User already registered');
      const user = await insertUser(tx, {
        id,
        email,
        passwordHash: hash,
        confirmed: true,
        appMetadata: EMAIL_APP_METADATA,
        userMetadata: data,
        identityClaims: true,
      });
      return issueSession(app, tx, user.id, 'password', req.header('user-agent'));
    });
  } catch (error) {
    const mapped = databaseError(error, 'Database error saving new user');
    if (mapped.code === 'email_exists') throw unprocessable('user_already_exists', 'User already registered');
    throw mapped;
  }
  app.notifyWrite();
  return ok(req, session);
}

export async function token(app: App, req: ApiRequest, limits: RateLimits): Promise<ApiResponse> {
  const grantType = req.url.searchParams.get('grant_type') ?? '';
  const body = await readBody(req);
  if (grantType === 'password') {
    const rawEmail = str(body, 'email');
    const phone = str(body, 'phone');
    const password = str(body, 'password');
    if (rawEmail && phone) {
      throw unprocessable('validation_failed', 'Only an email address or phone number should be provided on login.');
    }
    limits.hit('signIn', req, normalisedEmail(rawEmail || phone || '-'));
    if (phone && !rawEmail) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
    const invalid = badRequest('invalid_credentials', 'Invalid login credentials');
    if (!rawEmail) throw invalid;
    const user = await findUserByEmail(app.db, normalisedEmail(rawEmail));
    if (!user || !password || !(await checkPassword(password, user.encrypted_password))) throw invalid;
    if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
    if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    const session = await app.db.transaction((tx) =>
      issueSession(app, tx, user.id, 'password', req.header('user-agent')),
    );
    app.notifyWrite();
    return ok(req, session);
  }
  if (grantType === 'pkce') return pkceGrant(app, req);
  if (grantType === 'refresh_token') {
    const refreshToken = str(body, 'refresh_token');
    if (!refreshToken) throw badRequest('validation_failed', 'refresh_token required');
    const session = await refreshGrant(app, refreshToken);
    app.notifyWrite();
    return ok(req, session);
  }
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}

export async function logoutRoute(app: App, req: ApiRequest): Promise<ApiResponse> {
  const scope = req.url.searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const auth = await authenticate(app, req);
  await app.db.transaction((tx) => logout(tx, auth.user.id, auth.sessionId, scope));
  app.notifyWrite();
  return { status: 204, headers: versionHeaders(req) };
}

export async function getUser(app: App, req: ApiRequest): Promise<ApiResponse> {
  const auth = await authenticate(app, req);
  return ok(req, await userJson(app.db, auth.user));
}

const REAUTHENTICATION_WINDOW_MS = 24 * 3600 * 1000;

/**
 * GoTrue's verifyReauthentication: the nonce is the code `GET /reauthenticate` mailed, good once
 * and for an hour; wrong nonces count against it like wrong mailed codes.
 */
async function checkNonce(app: App, guards: RecoveryGuards, user: UserRow, nonce: string): Promise<void> {
  const invalid = unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  const stored = user.reauthentication_token;
  if (!stored || !user.reauthentication_sent_at) throw invalid;
  if (!codeMatches(tokenHash(user.email ?? '', nonce.trim()), stored, user.reauthentication_sent_at)) {
    if (guards.attempts.fail(user.id, stored)) {
      await app.db.query(
        `update auth.users set reauthentication_token = '' where id = $1 and reauthentication_token = $2`,
        [user.id, stored],
      );
    }
    throw invalid;
  }
}

export async function updateUser(
  app: App,
  req: ApiRequest,
  guards: RecoveryGuards,
  settings: AuthSettings,
): Promise<ApiResponse> {
  const auth = await authenticate(app, req);
  const body = await readBody(req);
  const rawEmail = str(body, 'email');
  const password = str(body, 'password');
  const nonce = str(body, 'nonce');
  const data = obj(body, 'data');
  const phone = str(body, 'phone');
  if (phone) throw unprocessable('phone_provider_disabled', 'Unsupported phone provider');
  const email = rawEmail ? validateEmail(rawEmail) : null;
  const changesEmail = email !== null && email !== (auth.user.email ?? '').toLowerCase();
  if ((password || changesEmail) && !isAal2(auth.session) && (await hasVerifiedFactor(app.db, auth.user.id))) {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    );
  }
  let hash: string | null = null;
  let usesNonce = false;
  if (password) {
    const sessionAge = auth.session ? Date.now() - new Date(auth.session.created_at).getTime() : Infinity;
    if (settings.securePasswordChange && sessionAge > REAUTHENTICATION_WINDOW_MS) {
      if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
      await checkNonce(app, guards, auth.user, nonce);
      usesNonce = true;
    }
    checkPasswordStrength(password);
    if (await checkPassword(password, auth.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    hash = await hashPassword(password);
  }
  const updated = await app.db
    .transaction(async (tx) => {
      const user = await findUserById(tx, auth.user.id, true);
      if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (usesNonce) {
        // The nonce is used up (GoTrue's ConfirmReauthentication), unless another request did first.
        const used = await tx.query(
          `update auth.users set reauthentication_token = '' where id = $1 and reauthentication_token = $2`,
          [user.id, auth.user.reauthentication_token],
        );
        if (used.rowCount === 0) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
      }
      if (data) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data ?? {}, data)),
        ]);
      }
      if (hash) {
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
          user.id,
          hash,
        ]);
        // GoTrue ends the user's other sessions when the password changes.
        await logout(tx, user.id, auth.sessionId, 'others');
      }
      if (changesEmail) await changeEmail(tx, user.id, email);
      return findUserById(tx, user.id);
    })
    .catch((error: unknown) => {
      throw databaseError(error, 'Database error updating user');
    });
  app.notifyWrite();
  return ok(req, await userJson(app.db, updated!));
}

/**
 * Applies an e-mail change at once (confirmations are off, as with the CLI's local default). The
 * admin API leaves user_metadata alone and sets the identity's `email_verified` to its
 * `email_confirm`, as GoTrue's admin update does.
 */
export async function changeEmail(
  tx: import('../db.ts').Queryable,
  userId: string,
  email: string,
  options: { touchMetadata: boolean; verified?: boolean } = { touchMetadata: true },
): Promise<void> {
  const taken = await findUserByEmail(tx, email);
  if (taken && taken.id !== userId) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  await tx.query(
    `update auth.users set email = $2::text, email_change = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = case when $3::boolean and raw_user_meta_data ? 'email'
         then jsonb_set(raw_user_meta_data, '{email}', to_jsonb($2::text)) else raw_user_meta_data end,
       updated_at = now()
     where id = $1`,
    [userId, email, options.touchMetadata],
  );
  const verified = options.verified === undefined ? null : options.verified;
  await tx.query(
    `update auth.identities set identity_data = jsonb_set(identity_data, '{email}', to_jsonb($2::text))
       || case when $3::boolean is null then '{}'::jsonb else jsonb_build_object('email_verified', $3::boolean) end,
       updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email, verified],
  );
}
