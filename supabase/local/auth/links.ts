/**
 * The admin API's mailed links, for a service_role caller:
 * - `POST /invite` {email, data}: makes an unconfirmed, invited user (through the
 *   before-user-created hook, as GoTrue does for invitations) and mails the invitation: a link to
 *   `GET /verify?type=invite` and a code. An address already confirmed is 422 `email_exists`; an
 *   invited one not yet confirmed is invited again.
 * - `POST /admin/generate_link` {type, email, password, data, new_email}: makes the same link and
 *   code without mailing them (for a mail the app sends itself), answering the user with
 *   `action_link`, `email_otp`, `hashed_token`, `verification_type` and `redirect_to`. Types:
 *   signup, invite, magiclink (signup for an unknown address), recovery, email_change_current and
 *   email_change_new.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import type { Queryable } from '../db.ts';
import { ok } from './account.ts';
import { requireAdmin } from './admin.ts';
import { obj, readBody, str } from './body.ts';
import { storeCode, type CodeSlot } from './codes.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { beforeUserCreated, type AuthHooks } from './hooks.ts';
import { actionLink, sendAuthMail, type MailKind } from './mailer.ts';
import { redirectTarget } from './recovery.ts';
import { databaseError, findUserByEmail, findUserById, insertUser, userJson, type UserRow } from './users.ts';
import { checkPasswordStrength, hashPassword, mergeMetadata, tokenHash, validateEmail, type Json } from './util.ts';

const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };
const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');

function requiredEmail(body: Json): string {
  const raw = str(body, 'email');
  if (!raw) throw badRequest('validation_failed', 'An email address is required');
  return validateEmail(raw);
}

/** A new unconfirmed user (the hook has said yes), or GoTrue's database error. */
async function createUnconfirmed(
  tx: Queryable,
  user: { id: string; email: string; passwordHash: string | null; data: Json; invited: boolean },
): Promise<UserRow> {
  return insertUser(tx, {
    id: user.id,
    email: user.email,
    passwordHash: user.passwordHash,
    confirmed: false,
    invited: user.invited,
    appMetadata: EMAIL_APP_METADATA,
    userMetadata: user.data,
    identityClaims: !user.invited,
  });
}

export async function invite(app: App, req: ApiRequest, hooks: AuthHooks): Promise<ApiResponse> {
  await requireAdmin(app, req);
  const body = await readBody(req);
  const email = requiredEmail(body);
  const data = obj(body, 'data') ?? {};
  const existing = await findUserByEmail(app.db, email);
  if (existing?.email_confirmed_at) throw emailExists();
  const id = randomUUID();
  if (!existing) {
    await beforeUserCreated(app, hooks, req, { id, email, appMetadata: EMAIL_APP_METADATA, userMetadata: data });
  }
  const redirectTo = redirectTarget(app, req.url.searchParams.get('redirect_to'));
  const { user, code } = await app.db
    .transaction(async (tx) => {
      const current = existing
        ? await findUserById(tx, existing.id, true)
        : await createUnconfirmed(tx, { id, email, passwordHash: null, data, invited: true });
      if (!current) throw notFound('user_not_found', 'User not found');
      if (current.email_confirmed_at) throw emailExists();
      await tx.query(`update auth.users set invited_at = now() where id = $1`, [current.id]);
      const stored = await storeCode(tx, current, 'confirmation', { email, skipFrequency: true });
      return { user: current, code: stored };
    })
    .catch((error: unknown) => {
      throw databaseError(error, 'Database error saving new user');
    });
  await sendAuthMail(app, 'invite', email, code, redirectTo);
  app.notifyWrite();
  return ok(req, await userJson(app.db, (await findUserById(app.db, user.id))!));
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

export async function generateLink(app: App, req: ApiRequest, hooks: AuthHooks): Promise<ApiResponse> {
  await requireAdmin(app, req);
  const body = await readBody(req);
  let type = str(body, 'type');
  const email = requiredEmail(body);
  const data = obj(body, 'data') ?? {};
  let password = str(body, 'password');
  const bodyRedirect = str(body, 'redirect_to');
  const queryRedirect = redirectTarget(app, req.url.searchParams.get('redirect_to'));
  const redirectTo = bodyRedirect && redirectTarget(app, bodyRedirect) === bodyRedirect ? bodyRedirect : queryRedirect;
  if (!LINK_TYPES.includes(type)) {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
  }
  const existing = await findUserByEmail(app.db, email);
  if (!existing) {
    if (type === 'magiclink') {
      type = 'signup';
      password = randomBytes(48).toString('base64url');
    } else if (type !== 'signup' && type !== 'invite') {
      throw notFound('user_not_found', 'User with this email not found');
    }
  }
  const id = randomUUID();
  let passwordHash: string | null = null;
  if (!existing && type === 'signup') {
    if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password);
    passwordHash = await hashPassword(password);
  }
  if (!existing) {
    await beforeUserCreated(app, hooks, req, { id, email, appMetadata: EMAIL_APP_METADATA, userMetadata: data });
  }
  let newEmail = '';
  if (type.startsWith('email_change')) {
    const raw = str(body, 'new_email');
    if (!raw) throw badRequest('validation_failed', 'An email address is required');
    newEmail = validateEmail(raw);
    const taken = await findUserByEmail(app.db, newEmail);
    if (taken && taken.id !== existing?.id) throw emailExists();
  }
  const result = await app.db
    .transaction(async (tx) => {
      let user = existing
        ? await findUserById(tx, existing.id, true)
        : await createUnconfirmed(tx, { id, email, passwordHash, data, invited: type === 'invite' });
      if (!user) throw notFound('user_not_found', 'User not found');
      let slot: CodeSlot;
      let codeEmail = email;
      if (type === 'magiclink' || type === 'recovery') {
        slot = 'recovery';
      } else if (type === 'invite' || type === 'signup') {
        if (existing && user.email_confirmed_at) throw emailExists();
        if (type === 'invite') await tx.query(`update auth.users set invited_at = now() where id = $1`, [user.id]);
        if (existing && type === 'signup' && Object.keys(data).length > 0) {
          await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb where id = $1`, [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_user_meta_data ?? {}, data)),
          ]);
        }
        slot = 'confirmation';
      } else {
        await tx.query(
          `update auth.users set email_change = $2, email_change_confirm_status = 0,
             email_change_token_new = '', email_change_token_current = '' where id = $1`,
          [user.id, newEmail],
        );
        slot = type === 'email_change_new' ? 'email_change_new' : 'email_change_current';
        if (type === 'email_change_new') codeEmail = newEmail;
      }
      const code = await storeCode(tx, user, slot, { email: codeEmail, skipFrequency: true });
      user = (await findUserById(tx, user.id))!;
      return { user, code };
    })
    .catch((error: unknown) => {
      throw databaseError(error, 'Database error saving new user');
    });
  const kind = (type.startsWith('email_change') ? 'email_change' : type) as MailKind;
  app.notifyWrite();
  return ok(req, {
    ...(await userJson(app.db, result.user)),
    action_link: actionLink(app, kind, result.code.hash, redirectTo),
    email_otp: result.code.otp,
    // GoTrue answers the hash of the account's address and the code, whatever the type.
    hashed_token: tokenHash(email, result.code.otp),
    verification_type: type,
    redirect_to: redirectTo,
  });
}
