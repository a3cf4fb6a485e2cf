/**
 * Password recovery: `POST /recover` records a one-time code for an existing user and mails a
 * link to `GET /verify` (answers `{}` whether or not the address is known, so that nobody learns
 * who has an account; a second mail to the same user within 60 s, or
 * `AUTH_EMAIL_MAX_FREQUENCY` seconds, is GoTrue's 429). `GET /verify` (opened from the mail, no
 * apikey) signs the user in and redirects with the session in the URL fragment; `POST /verify`
 * takes the token hash, or the e-mail and the six-digit code, and returns the session. Codes are
 * single-use and expire after an hour. Both verify routes are limited per client before anything
 * is read (ratelimit.ts), and wrong codes for an address burn its code after a few tries, so the
 * million codes cannot be walked through within a code's hour. A suspended user gets no session.
 */
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import type { Queryable } from '../db.ts';
import { ok } from './account.ts';
import { readBody, str } from './body.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import type { OtpAttempts, RateLimits } from './ratelimit.ts';
import { issueSession } from './sessions.ts';
import { findUserByEmail, isBanned, type UserRow } from './users.ts';
import { newOtp, tokenHash, validateEmail, type Json } from './util.ts';

/** What recovery and verification count with: the rate limits and the wrong codes per address. */
export interface RecoveryGuards {
  limits: RateLimits;
  attempts: OtpAttempts;
}

const OTP_EXPIRY_SECONDS = 3600;
const VERIFY_TYPES = ['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email'];

function maxFrequencySeconds(): number {
  const value = Number(process.env.AUTH_EMAIL_MAX_FREQUENCY);
  return Number.isFinite(value) && value >= 0 ? value : 60;
}

/** The redirect target: `redirect_to` when it is the site or a local address, else the site URL. */
export function redirectTarget(app: App, requested: string | null): string {
  if (!requested) return app.config.siteUrl;
  try {
    const url = new URL(requested);
    const site = new URL(app.config.siteUrl);
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && (url.origin === site.origin || local))
      return url.toString();
  } catch {
    // not a URL: fall back to the site
  }
  return app.config.siteUrl;
}

export async function recover(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  guards.limits.hit('recover', req);
  const body = await readBody(req);
  const rawEmail = str(body, 'email');
  if (!rawEmail) throw unprocessable('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(rawEmail);
  const user = await findUserByEmail(app.db, email);
  if (!user) return ok(req, {});
  const frequency = maxFrequencySeconds();
  if (user.recovery_sent_at) {
    const elapsed = (Date.now() - new Date(user.recovery_sent_at).getTime()) / 1000;
    if (elapsed < frequency) {
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${Math.ceil(frequency - elapsed)} seconds.`,
      );
    }
  }
  const otp = newOtp();
  const hash = tokenHash(user.email ?? email, otp);
  await app.db.query(`update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1`, [
    user.id,
    hash,
  ]);
  const redirectTo = redirectTarget(app, req.url.searchParams.get('redirect_to'));
  const link = `${app.url}/auth/v1/verify?token=${hash}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`;
  await app.sendMail({
    to: user.email ?? email,
    subject: 'Reset Your Password',
    body: `Reset Password\n\nFollow this link to reset the password for your user:\n${link}\n\nAlternatively, enter the code: ${otp}`,
    link,
  });
  return ok(req, {});
}

type Consumed = { ok: true; session: Json } | { ok: false; error: AuthError };

const expired = () => forbidden('otp_expired', 'Token has expired or is invalid');
const banned = () => forbidden('user_banned', 'User is banned');

/** Finds the user a recovery token hash belongs to, consumes it and opens a session. */
async function consume(app: App, req: ApiRequest, hash: string): Promise<Consumed> {
  if (!/^[0-9a-f]{56}$/.test(hash)) return { ok: false, error: expired() };
  const outcome = await app.db.transaction<Consumed>(async (tx: Queryable) => {
    const { rows } = await tx.query<Pick<UserRow, 'id' | 'recovery_sent_at' | 'banned_until'>>(
      `select id, recovery_sent_at, banned_until from auth.users where recovery_token = $1 and deleted_at is null for update`,
      [hash],
    );
    const user = rows[0];
    if (!user) return { ok: false, error: expired() };
    // GoTrue refuses a banned user before the code is used up.
    if (isBanned(user as UserRow)) return { ok: false, error: banned() };
    await tx.query(
      `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       where id = $1`,
      [user.id],
    );
    const sentAt = user.recovery_sent_at ? new Date(user.recovery_sent_at).getTime() : 0;
    if (Date.now() > sentAt + OTP_EXPIRY_SECONDS * 1000) return { ok: false, error: expired() };
    return { ok: true, session: await issueSession(app, tx, user.id, 'otp', req.header('user-agent')) };
  });
  if (outcome.ok) app.notifyWrite();
  return outcome;
}

export async function verifyGet(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  guards.limits.hit('verify', req);
  const params = req.url.searchParams;
  const type = params.get('type') ?? '';
  const target = redirectTarget(app, params.get('redirect_to'));
  if (!VERIFY_TYPES.includes(type)) throw badRequest('validation_failed', 'Verify requires a verification type');
  const outcome: Consumed =
    type === 'recovery' || type === 'magiclink'
      ? await consume(app, req, params.get('token') ?? '')
      : { ok: false, error: expired() };
  let fragment: URLSearchParams;
  if (outcome.ok) {
    const { session } = outcome;
    fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type,
    });
  } else {
    const isBan = outcome.error.code === 'user_banned';
    fragment = new URLSearchParams({
      error: 'access_denied',
      error_code: outcome.error.code,
      error_description: isBan ? outcome.error.message : 'Email link is invalid or has expired',
    });
  }
  const location = `${target.split('#')[0]}#${fragment.toString()}`;
  return { status: 303, headers: { location }, body: '' };
}

export async function verifyPost(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  guards.limits.hit('verify', req);
  const body = await readBody(req);
  const type = str(body, 'type');
  const hashParam = str(body, 'token_hash');
  const code = str(body, 'token');
  const rawEmail = str(body, 'email');
  if (!VERIFY_TYPES.includes(type)) throw badRequest('validation_failed', 'Verify requires a verification type');
  let hash = hashParam;
  let user: UserRow | null = null;
  if (!hash) {
    if (!code) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    if (!rawEmail)
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
    const email = validateEmail(rawEmail);
    user = await findUserByEmail(app.db, email);
    hash = tokenHash(user?.email ?? email, code.trim());
  }
  if (type !== 'recovery' && type !== 'magiclink' && type !== 'email') throw expired();
  const outcome = await consume(app, req, hash);
  if (outcome.ok) {
    if (user?.recovery_token) guards.attempts.forget(user.id, user.recovery_token);
    return ok(req, outcome.session);
  }
  if (
    user?.recovery_token &&
    outcome.error.code === 'otp_expired' &&
    guards.attempts.fail(user.id, user.recovery_token)
  ) {
    // Too many wrong codes for this address: this code is burnt; a new mail brings a new one.
    await app.db.query(
      `update auth.users set recovery_token = '', updated_at = now() where id = $1 and recovery_token = $2`,
      [user.id, user.recovery_token],
    );
  }
  throw outcome.error;
}
