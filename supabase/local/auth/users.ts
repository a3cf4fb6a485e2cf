/**
 * `auth.users` and `auth.identities` as GoTrue reads and writes them: loading a user, creating one
 * with every column a hosted GoTrue sets (so that the app's triggers on `auth.users`, e.g. one
 * that makes a profile from `raw_user_meta_data`, see what they would see there), and the user
 * JSON GoTrue returns. Password hashes never leave this module's rows in a reply.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db.ts';
import { isPgError } from '../db.ts';
import { AuthError, unprocessable } from './errors.ts';
import { iso, isObject, type Json } from './util.ts';

export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  confirmation_token: string | null;
  invited_at: Date | null;
  recovery_token: string | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  confirmation_token, invited_at, reauthentication_token, reauthentication_sent_at, email_change,
  email_change_token_new, email_change_token_current, email_change_sent_at, recovery_token, recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at,
  updated_at, phone, phone_confirmed_at, banned_until, is_anonymous`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null and not is_sso_user`,
    [email],
  );
  return rows[0] ?? null;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now();
}

export interface NewUser {
  /** The id the before-user-created hook was shown; a new one when absent. */
  id?: string;
  email: string;
  passwordHash: string | null;
  confirmed: boolean;
  appMetadata: Json;
  /**
   * The user_metadata as given. A sign-up (`identityClaims`) also gets the e-mail identity's claims
   * (sub, email, email_verified, phone_verified) under it, as GoTrue's sign-up copies the identity
   * data into the metadata; the admin API stores only what it was given. Either way a confirmed
   * user's metadata says `email_verified: true`, as GoTrue's Confirm writes it.
   */
  userMetadata: Json;
  identityClaims?: boolean;
  invited?: boolean;
  role?: string;
  bannedUntil?: Date | null;
  signedIn?: boolean;
}

/** Inserts the user and its e-mail identity; a taken e-mail is GoTrue's `email_exists`. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<UserRow> {
  const id = user.id ?? randomUUID();
  const identityData = { sub: id, email: user.email, email_verified: false, phone_verified: false };
  const userMetadata: Json = user.identityClaims ? { ...user.userMetadata, ...identityData } : { ...user.userMetadata };
  if (user.confirmed) userMetadata.email_verified = true;
  try {
    const { rows } = await tx.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
         last_sign_in_at, banned_until, is_sso_user, is_anonymous, invited_at)
       values ($1, $2, 'authenticated', $3, $4, $5, case when $6::boolean then now() end, null, $7::jsonb, $8::jsonb,
         null, now(), now(), case when $9::boolean then now() end, $10, false, false,
         case when $11::boolean then now() end)
       returning ${USER_COLUMNS}`,
      [
        INSTANCE_ID,
        id,
        user.role ?? 'authenticated',
        user.email,
        user.passwordHash,
        user.confirmed,
        JSON.stringify(user.appMetadata),
        JSON.stringify(userMetadata),
        user.signedIn === true,
        user.bannedUntil ?? null,
        user.invited === true,
      ],
    );
    await tx.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
      [id, id, JSON.stringify(identityData)],
    );
    return rows[0]!;
  } catch (error) {
    throw databaseError(error, 'Database error saving new user');
  }
}

/** A unique e-mail is `email_exists`; anything else the database refuses (e.g. a failing trigger of
 * the app) is what GoTrue answers then: 500 with its generic message. */
export function databaseError(error: unknown, message: string): AuthError {
  if (error instanceof AuthError) return error;
  if (isPgError(error) && error.code === '23505' && /email/i.test(error.message + (error.detail ?? ''))) {
    return unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  // GoTrue logs the cause and answers with a generic message.
  console.error(`[auth] ${message}:`, error);
  return new AuthError(500, 'unexpected_failure', message);
}

async function identitiesOf(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  last_challenged_at: Date | null;
}

/** A factor as GoTrue serialises it (no secret). */
export function factorJson(factor: FactorRow): Json {
  const json: Json = {
    id: factor.id,
    friendly_name: factor.friendly_name || undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: iso(factor.created_at),
    updated_at: iso(factor.updated_at),
    phone: factor.phone ?? '',
    last_challenged_at: iso(factor.last_challenged_at) ?? null,
  };
  if (json.friendly_name === undefined) delete json.friendly_name;
  return json;
}

export async function factorsOf(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select id, friendly_name, factor_type::text as factor_type, status::text as status, created_at, updated_at,
       phone, last_challenged_at
     from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** The user as GoTrue serialises it (`omitempty` fields left out when unset). */
export async function userJson(db: Queryable, user: UserRow): Promise<Json> {
  const factors = (await factorsOf(db, user.id)).map(factorJson);
  const identities = (await identitiesOf(db, user.id)).map((identity) => ({
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  }));
  const confirmedAt = [user.email_confirmed_at, user.phone_confirmed_at]
    .filter((value): value is Date => value !== null)
    .map((value) => new Date(value))
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const json: Json = {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    invited_at: iso(user.invited_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(confirmedAt),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: isObject(user.raw_app_meta_data) ? user.raw_app_meta_data : {},
    user_metadata: isObject(user.raw_user_meta_data) ? user.raw_user_meta_data : {},
    factors: factors.length > 0 ? factors : undefined,
    identities,
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
  for (const key of Object.keys(json)) if (json[key] === undefined) delete json[key];
  return json;
}
