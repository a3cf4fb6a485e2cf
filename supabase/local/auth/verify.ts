/**
 * `GET` and `POST /verify`: using a mailed one-time code, as GoTrue does. `GET` (the link of a
 * mail, opened without apikey) takes the token hash and redirects: with the session in the URL
 * fragment, or for a PKCE link with `?code=` to trade at `/token?grant_type=pkce`; a failure
 * redirects with `error`, `error_code` and `error_description`. `POST` takes the token hash, or the
 * e-mail and the six-digit code, and answers the session. Types: `signup` and `invite` confirm
 * the address (an invited user without password gets a random one, to be replaced in the app),
 * `recovery` and `magiclink` sign in (confirming an unconfirmed address), `email` is either,
 * `email_change` applies a pending change of address.
 *
 * Guards: both routes are limited per client before anything is read (ratelimit.ts); a code is
 * good once and for an hour; wrong typed codes for an address burn its code after a few tries, so
 * the million codes cannot be walked through within a code's hour; a suspended user gets no session.
 */
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import type { Queryable } from '../db.ts';
import { ok } from './account.ts';
import { readBody, str } from './body.ts';
import { codeMatches, isExpired, slotColumns, type CodeSlot } from './codes.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import { issueAuthCode } from './pkce.ts';
import type { RecoveryGuards } from './recovery.ts';
import { redirectTarget } from './recovery.ts';
import { issueSession, type AuthMethod } from './sessions.ts';
import { findUserByEmail, isBanned, type UserRow } from './users.ts';
import { hashPassword, tokenHash, validateEmail, type Json } from './util.ts';
import { randomBytes } from 'node:crypto';

type EmailType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';
const EMAIL_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'];

const SLOTS_OF: Record<EmailType, CodeSlot[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email_change: ['email_change_new', 'email_change_current'],
};

/** The method a PKCE flow of this type was recorded with. */
const FLOW_METHOD: Record<EmailType, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email/signup',
};

const linkInvalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
const codeInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid');
const banned = () => forbidden('user_banned', 'User is banned');

type Found = { user: UserRow; type: EmailType; stored: string };

/** GoTrue's verifyTokenHash: the user whose stored token is this hash. */
async function findByHash(tx: Queryable, type: string, hash: string): Promise<Found> {
  const types: EmailType[] =
    type === 'email' ? ['signup', 'magiclink'] : EMAIL_TYPES.includes(type) ? [type as EmailType] : [];
  if (types.length === 0) throw badRequest('validation_failed', 'Invalid email verification type');
  if (!/^(pkce_)?[0-9a-f]{56}$/.test(hash)) throw linkInvalid();
  for (const candidate of types) {
    for (const slot of SLOTS_OF[candidate]) {
      const { token, sentAt } = slotColumns(slot);
      const { rows } = await tx.query<UserRow>(
        `select * from auth.users where ${token} = $1 and deleted_at is null for update`,
        [hash],
      );
      const user = rows[0];
      if (!user) continue;
      if (isBanned(user)) throw banned();
      if (isExpired(user[sentAt] as Date | null)) throw linkInvalid();
      return { user, type: candidate, stored: hash };
    }
  }
  throw linkInvalid();
}

/**
 * GoTrue's verifyUserAndToken: the user of `email` whose stored token the typed code matches
 * (`found`), or the user the wrong code was typed for (`wrong`). An e-mail change's code hashes
 * with the new address, so it is looked up by that.
 */
async function findByCode(
  tx: Queryable,
  type: string,
  email: string,
  hash: string,
): Promise<{ found: Found } | { wrong: UserRow }> {
  const user =
    type === 'email_change'
      ? ((
          await tx.query<UserRow>(
            `select * from auth.users where lower(email_change) = lower($1) and deleted_at is null for update`,
            [email],
          )
        ).rows[0] ?? (await findUserByEmail(tx, email)))
      : await findUserByEmail(tx, email);
  if (!user) throw codeInvalid();
  if (isBanned(user)) throw banned();
  const types: EmailType[] =
    type === 'email' ? ['signup', 'magiclink'] : EMAIL_TYPES.includes(type) ? [type as EmailType] : [];
  for (const candidate of types) {
    for (const slot of SLOTS_OF[candidate]) {
      const { token, sentAt } = slotColumns(slot);
      const stored = user[token] as string | null;
      if (codeMatches(hash, stored, user[sentAt] as Date | null)) {
        return { found: { user, type: candidate, stored: stored! } };
      }
    }
  }
  return { wrong: user };
}

/** GoTrue's Confirm: the address is confirmed, and its metadata and identity say so. */
export async function confirmUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** Uses the code: what its type does to the user, then the code is gone. */
async function apply(tx: Queryable, found: Found): Promise<void> {
  const { user, type } = found;
  if (type === 'signup' || type === 'invite') {
    if (!user.encrypted_password && user.invited_at) {
      // GoTrue gives an invited user a random password; the app asks them to set their own.
      const random = await hashPassword(randomBytes(32).toString('base64url'));
      await tx.query(`update auth.users set encrypted_password = $2 where id = $1`, [user.id, random]);
    }
    await confirmUser(tx, user.id);
  } else if (type === 'recovery' || type === 'magiclink') {
    await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
    if (!user.email_confirmed_at) await confirmUser(tx, user.id);
  } else {
    const email = user.email_change ?? '';
    await tx.query(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
         email_change_confirm_status = 0, email_confirmed_at = now(), updated_at = now()
       where id = $1`,
      [user.id, email],
    );
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [user.id, email],
    );
  }
}

export async function verifyPost(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  guards.limits.hit('verify', req);
  const body = await readBody(req);
  const type = str(body, 'type');
  const code = str(body, 'token');
  const hashParam = str(body, 'token_hash');
  const rawEmail = str(body, 'email');
  const phone = str(body, 'phone');
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((!code && !hashParam) || (code && hashParam)) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  }
  let email = '';
  if (code) {
    if (phone && !rawEmail) throw codeInvalid(); // no user here has a phone number
    if (!rawEmail || phone) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    }
    try {
      email = validateEmail(rawEmail);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (rawEmail || phone || str(body, 'redirect_to')) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  }
  const typed = code ? tokenHash(email, code.trim()) : '';
  type Outcome = { ok: true; session: Json } | { ok: false; error: AuthError; wrongCodeFor?: UserRow };
  const outcome = await app.db.transaction<Outcome>(async (tx) => {
    try {
      const result = code ? await findByCode(tx, type, email, typed) : { found: await findByHash(tx, type, hashParam) };
      if ('wrong' in result) return { ok: false, error: codeInvalid(), wrongCodeFor: result.wrong };
      const { found } = result;
      await apply(tx, found);
      return { ok: true, session: await issueSession(app, tx, found.user.id, 'otp', req.header('user-agent')) };
    } catch (error) {
      if (error instanceof AuthError) return { ok: false, error };
      throw error;
    }
  });
  if (outcome.ok) {
    app.notifyWrite();
    return ok(req, outcome.session);
  }
  if (outcome.wrongCodeFor) await countWrongCode(app, guards, outcome.wrongCodeFor);
  throw outcome.error;
}

/** A wrong code for an address counts against each code it holds; too many burn them. */
async function countWrongCode(app: App, guards: RecoveryGuards, user: UserRow): Promise<void> {
  for (const slot of ['confirmation', 'recovery'] as const) {
    const { token } = slotColumns(slot);
    const stored = user[token] as string | null;
    if (stored && guards.attempts.fail(user.id, stored)) {
      await app.db.query(`update auth.users set ${token} = '', updated_at = now() where id = $1 and ${token} = $2`, [
        user.id,
        stored,
      ]);
    }
  }
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

export async function verifyGet(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  guards.limits.hit('verify', req);
  const params = req.url.searchParams;
  const type = params.get('type') ?? '';
  const token = params.get('token') ?? '';
  const target = redirectTarget(app, params.get('redirect_to'));
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  const isPkce = token.startsWith('pkce_');
  type Outcome = { ok: true; session?: Json; code?: string; type: string } | { ok: false; error: AuthError };
  const outcome = await app.db.transaction<Outcome>(async (tx) => {
    try {
      const found = await findByHash(tx, type, token);
      await apply(tx, found);
      if (isPkce) return { ok: true, code: await issueAuthCode(tx, found.user.id, FLOW_METHOD[found.type]), type };
      return { ok: true, session: await issueSession(app, tx, found.user.id, 'otp', req.header('user-agent')), type };
    } catch (error) {
      if (error instanceof AuthError) return { ok: false, error };
      throw error;
    }
  });
  const url = new URL(target);
  if (outcome.ok) {
    app.notifyWrite();
    if (outcome.code) {
      url.searchParams.set('code', outcome.code);
    } else if (outcome.session) {
      const { session } = outcome;
      url.hash = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        token_type: 'bearer',
        type: outcome.type,
      }).toString();
    }
  } else {
    const { error } = outcome;
    const fragment = new URLSearchParams();
    const oauth = OAUTH_ERRORS[error.status];
    if (oauth) fragment.set('error', oauth);
    fragment.set('error_code', error.code);
    fragment.set('error_description', error.message);
    if (isPkce) {
      if (oauth) url.searchParams.set('error', oauth);
      url.searchParams.set('error_code', error.code);
      url.searchParams.set('error_description', error.message);
    }
    fragment.set('sb', '');
    url.hash = fragment.toString();
  }
  return { status: 303, headers: { location: url.toString() }, body: '' };
}
