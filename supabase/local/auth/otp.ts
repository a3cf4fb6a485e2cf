/**
 * Mailed sign-in and re-confirmation, as GoTrue serves them:
 * - `POST /otp` {email, data, create_user, code_challenge…}: a magic link and a six-digit code to
 *   sign in with (`signInWithOtp`). An address without an account is signed up first (through the
 *   before-user-created hook, so the sign-up gate holds) unless `create_user` is false (422
 *   `otp_disabled`). Phone codes: the phone provider is off (400).
 * - `POST /resend` {type: signup | email_change, email}: the confirmation mail again, when there
 *   is something to confirm (an invited address, a pending e-mail change); `{}` otherwise.
 * - `GET /reauthenticate` (signed in): a code to confirm a password change with (`nonce`, account.ts).
 * Each counts against the client's mail limit and the one-mail-a-minute rule per address and
 * purpose (codes.ts); the answer is `{}` as GoTrue's.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import { ok } from './account.ts';
import { bool, obj, readBody, str } from './body.ts';
import { storeCode } from './codes.ts';
import { badRequest, unprocessable } from './errors.ts';
import { beforeUserCreated, type AuthHooks } from './hooks.ts';
import { sendAuthMail } from './mailer.ts';
import { createFlowState, pkceParams } from './pkce.ts';
import type { RecoveryGuards } from './recovery.ts';
import { redirectTarget } from './recovery.ts';
import { authenticate } from './sessions.ts';
import { databaseError, findUserByEmail, findUserById, insertUser, type UserRow } from './users.ts';
import { hashPassword, validateEmail } from './util.ts';
import { confirmUser } from './verify.ts';

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

/** GoTrue's sign-up inside `/otp`: a new confirmed user with a random password. */
async function signUpForOtp(app: App, req: ApiRequest, hooks: AuthHooks, email: string, data: Record<string, unknown>) {
  const id = randomUUID();
  await beforeUserCreated(app, hooks, req, { id, email, appMetadata: EMAIL_APP_METADATA, userMetadata: data });
  const hash = await hashPassword(randomBytes(33).toString('base64url'));
  return app.db
    .transaction(async (tx) =>
      insertUser(tx, {
        id,
        email,
        passwordHash: hash,
        confirmed: true,
        appMetadata: EMAIL_APP_METADATA,
        userMetadata: data,
        identityClaims: true,
      }),
    )
    .catch((error: unknown) => {
      throw databaseError(error, 'Database error saving new user');
    });
}

export async function otp(app: App, req: ApiRequest, guards: RecoveryGuards, hooks: AuthHooks): Promise<ApiResponse> {
  guards.limits.hit('recover', req);
  const body = await readBody(req);
  const rawEmail = str(body, 'email');
  const phone = str(body, 'phone');
  const data = obj(body, 'data') ?? {};
  const createUser = body.create_user === undefined || body.create_user === null ? true : bool(body, 'create_user');
  if (rawEmail && phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided');
  }
  if (rawEmail && str(body, 'channel')) {
    throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
  }
  const pkce = pkceParams(body);
  if (!rawEmail && !phone) throw badRequest('validation_failed', 'One of email or phone must be set');
  if (!rawEmail) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  const email = validateEmail(rawEmail);
  let user = await findUserByEmail(app.db, email);
  if (!user && !createUser) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  if (!user) {
    user = await signUpForOtp(app, req, hooks, email, data);
    app.notifyWrite();
  } else if (!user.email_confirmed_at) {
    // GoTrue signs an unconfirmed address up again, which confirms it (e-mails are auto-confirmed).
    await app.db.transaction((tx) => confirmUser(tx, user!.id));
    user = (await findUserById(app.db, user.id)) ?? user;
  }
  const target = user;
  const redirectTo = redirectTarget(app, req.url.searchParams.get('redirect_to'));
  const code = await app.db.transaction(async (tx) => {
    // A magic link reuses the recovery code's slot and its once-a-minute rule, as in GoTrue.
    const current = (await findUserById(tx, target.id, true)) ?? target;
    const stored = await storeCode(tx, current, 'recovery', { email: current.email ?? email, pkce: pkce !== null });
    if (pkce) await createFlowState(tx, current.id, 'magiclink', pkce);
    return stored;
  });
  await sendAuthMail(app, 'magiclink', target.email ?? email, code, redirectTo);
  return ok(req, {});
}

export async function resend(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  guards.limits.hit('recover', req);
  const body = await readBody(req);
  const type = str(body, 'type');
  const rawEmail = str(body, 'email');
  const phone = str(body, 'phone');
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  const pkce = type === 'signup' || type === 'email_change' ? pkceParams(body) : null;
  if (!rawEmail && type === 'signup') throw badRequest('validation_failed', 'Type provided requires an email address');
  if (!phone && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number');
  if (rawEmail && phone) {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.');
  }
  if (phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (!rawEmail) throw badRequest('validation_failed', 'Missing email address or phone number');
  const email = validateEmail(rawEmail);
  const user = await findUserByEmail(app.db, email);
  if (!user) return ok(req, {});
  // Nothing to confirm: GoTrue answers as if it had sent something.
  if (type === 'signup' && user.email_confirmed_at) return ok(req, {});
  if (type === 'email_change' && !user.email_change) return ok(req, {});
  if (type === 'sms' || type === 'phone_change') return ok(req, {});
  const redirectTo = redirectTarget(app, req.url.searchParams.get('redirect_to'));
  const slot = type === 'signup' ? 'confirmation' : 'email_change_new';
  const to = type === 'signup' ? (user.email ?? email) : user.email_change!;
  const code = await app.db.transaction(async (tx) => {
    const current: UserRow = (await findUserById(tx, user.id, true)) ?? user;
    if (pkce) await createFlowState(tx, current.id, 'email/signup', pkce);
    return storeCode(tx, current, slot, { email: to, pkce: pkce !== null });
  });
  await sendAuthMail(app, type === 'signup' ? 'signup' : 'email_change', to, code, redirectTo);
  return ok(req, {});
}

export async function reauthenticate(app: App, req: ApiRequest, guards: RecoveryGuards): Promise<ApiResponse> {
  const auth = await authenticate(app, req);
  guards.limits.hit('recover', req);
  const { user } = auth;
  if (!user.email && !user.phone) {
    throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number');
  }
  if (!user.email) throw unprocessable('phone_not_confirmed', 'Please verify your phone first.');
  if (!user.email_confirmed_at) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  const code = await app.db.transaction(async (tx) => {
    const current = (await findUserById(tx, user.id, true)) ?? user;
    return storeCode(tx, current, 'reauthentication', { email: current.email ?? '' });
  });
  await sendAuthMail(app, 'reauthentication', user.email, code, app.config.siteUrl);
  return ok(req, {});
}
