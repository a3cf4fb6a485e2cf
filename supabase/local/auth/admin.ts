/**
 * GoTrue's admin users API (`/admin/users`), for a bearer token whose role is `service_role` (or
 * `supabase_admin`): list with pagination headers, get, create (optionally with a confirmed
 * e-mail, metadata, a ban), update (e-mail, password, metadata merged, `ban_duration` as a Go
 * duration or `none`; a ban ends the user's sessions), delete.
 */
import type { App, ApiRequest, ApiResponse } from '../app.ts';
import { bearerOf } from '../app.ts';
import { ok, changeEmail } from './account.ts';
import { bool, obj, readBody, str } from './body.ts';
import { badRequest, forbidden, notFound, unprocessable } from './errors.ts';
import { adminFactors } from './mfa.ts';
import { logout } from './sessions.ts';
import { databaseError, findUserByEmail, findUserById, insertUser, isUuid, userJson, type UserRow } from './users.ts';
import {
  checkPasswordStrength,
  hashPassword,
  mergeMetadata,
  parseGoDuration,
  validateEmail,
  type Json,
} from './util.ts';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export async function requireAdmin(app: App, req: ApiRequest): Promise<void> {
  const token = bearerOf(req);
  if (!token) throw forbidden('no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await app.jwt.verify(token);
  if (!verified.ok) {
    const detail =
      verified.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'token signature is invalid: signature is invalid';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
  if (typeof verified.claims.role !== 'string' || !ADMIN_ROLES.includes(verified.claims.role)) {
    throw forbidden('not_admin', 'User not allowed');
  }
}

/** `ban_duration`: null to unban ('none'), a Date to ban until, undefined when absent. */
function banUntil(body: Json): Date | null | undefined {
  const text = str(body, 'ban_duration');
  if (!text) return undefined;
  if (text === 'none') return null;
  const ms = parseGoDuration(text);
  if (ms === null)
    throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${text}"`);
  if (ms < 0) throw badRequest('validation_failed', 'invalid format for ban duration: duration must be positive');
  const until = new Date(Date.now() + ms);
  if (Number.isNaN(until.getTime()))
    throw badRequest('validation_failed', 'invalid format for ban duration: duration too long');
  return until;
}

async function loadUser(app: App, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(app.db, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** GoTrue's pagination parameter: empty for the default, else an unsigned integer. */
function pagination(value: string | null, fallback: number): number {
  if (!value) return fallback;
  if (!/^\d{1,9}$/.test(value)) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
    );
  }
  return Number(value);
}

async function list(app: App, req: ApiRequest): Promise<ApiResponse> {
  const params = req.url.searchParams;
  const page = Math.max(1, pagination(params.get('page'), 1));
  const perPage = Math.min(1000, Math.max(1, pagination(params.get('per_page'), 50)));
  const filter = params.get('filter') ?? '';
  const where = `deleted_at is null and aud = 'authenticated' and ($1 = '' or email ilike '%' || $1 || '%')`;
  const total = Number(
    (
      await app.db.query<{ count: string | number }>(`select count(*) as count from auth.users where ${where}`, [
        filter,
      ])
    ).rows[0]?.count ?? 0,
  );
  const { rows } = await app.db.query<{ id: string }>(
    `select id from auth.users where ${where} order by created_at desc, id limit $2 offset $3`,
    [filter, perPage, (page - 1) * perPage],
  );
  const users: Json[] = [];
  for (const { id } of rows) {
    const user = await findUserById(app.db, id);
    if (user) users.push(await userJson(app.db, user));
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const linkFor = (n: number) => `</admin/users?page=${n}&per_page=${perPage}>`;
  const links: string[] = [];
  if (page < lastPage) links.push(`${linkFor(page + 1)}; rel="next"`);
  links.push(`${linkFor(lastPage)}; rel="last"`);
  const reply = ok(req, { users, aud: 'authenticated' });
  reply.headers = { ...reply.headers, 'x-total-count': String(total), link: links.join(', ') };
  return reply;
}

async function create(app: App, req: ApiRequest): Promise<ApiResponse> {
  const body = await readBody(req);
  const rawEmail = str(body, 'email');
  const password = str(body, 'password');
  if (str(body, 'phone') && !rawEmail) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!rawEmail) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const email = validateEmail(rawEmail);
  // GoTrue's admin create stores user_metadata as given (no identity claims merged in).
  const userMetadata = obj(body, 'user_metadata') ?? {};
  const appMetadata = obj(body, 'app_metadata') ?? {};
  const confirmed = bool(body, 'email_confirm');
  const role = str(body, 'role');
  const bannedUntil = banUntil(body);
  if (password) checkPasswordStrength(password);
  const hash = password ? await hashPassword(password) : null;
  const user = await app.db
    .transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      return insertUser(tx, {
        email,
        passwordHash: hash,
        confirmed,
        appMetadata: mergeMetadata({ provider: 'email', providers: ['email'] }, appMetadata),
        userMetadata,
        role: role || 'authenticated',
        bannedUntil: bannedUntil ?? null,
      });
    })
    .catch((error: unknown) => {
      throw databaseError(error, 'Database error creating new user');
    });
  app.notifyWrite();
  return ok(req, await userJson(app.db, user));
}

async function update(app: App, req: ApiRequest, id: string): Promise<ApiResponse> {
  const current = await loadUser(app, id);
  const body = await readBody(req);
  const rawEmail = str(body, 'email');
  const password = str(body, 'password');
  const userMetadata = obj(body, 'user_metadata');
  const appMetadata = obj(body, 'app_metadata');
  const role = str(body, 'role');
  const emailConfirm = bool(body, 'email_confirm');
  const bannedUntil = banUntil(body);
  const email = rawEmail ? validateEmail(rawEmail) : null;
  if (password) checkPasswordStrength(password);
  const hash = password ? await hashPassword(password) : null;
  await app.db
    .transaction(async (tx) => {
      const user = await findUserById(tx, current.id, true);
      if (!user) throw notFound('user_not_found', 'User not found');
      if (userMetadata) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data ?? {}, userMetadata)),
        ]);
      }
      if (appMetadata) {
        await tx.query(`update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          user.id,
          JSON.stringify(mergeMetadata(user.raw_app_meta_data ?? {}, appMetadata)),
        ]);
      }
      if (role) await tx.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [user.id, role]);
      if (hash)
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
          user.id,
          hash,
        ]);
      if (emailConfirm) {
        // GoTrue's Confirm: confirmed now, and the metadata says so.
        await tx.query(
          `update auth.users set email_confirmed_at = now(), confirmation_token = '',
             raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
           where id = $1`,
          [user.id],
        );
      }
      if (email && email !== (user.email ?? '').toLowerCase()) {
        await changeEmail(tx, user.id, email, { touchMetadata: false, verified: emailConfirm });
      }
      if (bannedUntil !== undefined) {
        await tx.query(`update auth.users set banned_until = $2, updated_at = now() where id = $1`, [
          user.id,
          bannedUntil,
        ]);
        if (bannedUntil) await logout(tx, user.id, null, 'global');
      }
    })
    .catch((error: unknown) => {
      throw databaseError(error, 'Database error updating user');
    });
  app.notifyWrite();
  return ok(req, await userJson(app.db, (await findUserById(app.db, current.id))!));
}

async function remove(app: App, req: ApiRequest, id: string): Promise<ApiResponse> {
  const user = await loadUser(app, id);
  const body = await readBody(req);
  const soft = bool(body, 'should_soft_delete');
  await app.db
    .transaction(async (tx) => {
      if (soft) {
        await logout(tx, user.id, null, 'global');
        await tx.query(
          `update auth.users set deleted_at = now(), email = null, encrypted_password = '', raw_user_meta_data = '{}'::jsonb,
             raw_app_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
          [user.id],
        );
        await tx.query(`delete from auth.identities where user_id = $1`, [user.id]);
      } else {
        await tx.query(`delete from auth.refresh_tokens where user_id = $1`, [user.id]);
        await tx.query(`delete from auth.users where id = $1`, [user.id]);
      }
    })
    .catch((error: unknown) => {
      throw databaseError(error, 'Database error deleting user');
    });
  app.notifyWrite();
  return ok(req, {});
}

export async function adminUsers(app: App, req: ApiRequest, rest: string): Promise<ApiResponse> {
  await requireAdmin(app, req);
  const id = rest.replace(/^\/+|\/+$/g, '');
  if (!id) {
    if (req.method === 'GET') return list(app, req);
    if (req.method === 'POST') return create(app, req);
  } else if (/^[^/]+\/factors(\/[^/]+)?$/.test(id)) {
    const [userId, , factorId] = id.split('/');
    await loadUser(app, userId!);
    return adminFactors(app, req, userId!, factorId ?? null);
  } else if (!id.includes('/')) {
    let userId = id;
    try {
      userId = decodeURIComponent(id);
    } catch {
      // a malformed escape is not a UUID either: loadUser answers 404
    }
    if (req.method === 'GET') return ok(req, await userJson(app.db, await loadUser(app, userId)));
    if (req.method === 'PUT') return update(app, req, userId);
    if (req.method === 'DELETE') return remove(app, req, userId);
  }
  throw notFound('not_found', 'Not Found');
}
