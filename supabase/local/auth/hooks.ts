/**
 * Auth hooks as GoTrue runs them, configured where the Supabase CLI reads them
 * (`[auth.hook.before_user_created]` in `supabase/config.toml`, `enabled` and `uri`). Only Postgres
 * function hooks (`pg-functions://postgres/<schema>/<function>`) are run here; an HTTP hook is a
 * configuration this backend cannot honour, so it refuses to start rather than let every sign-up
 * through.
 *
 * `before-user-created` is called as GoTrue calls it: once the sign-up is valid and its e-mail free,
 * before the user row exists, with the event `{metadata: {uuid, time, name, ip_address}, user}`,
 * in its own transaction as `supabase_auth_admin` with a 2 s statement timeout. A returned
 * `{error: {http_code, message}}` with a message refuses the sign-up with that status (500 when
 * none) and message; a function that fails is GoTrue's 500 "Error running hook URI". Users made
 * through the admin API are not passed to the hook, as on a hosted project.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import type { ApiRequest, App } from '../app.ts';
import { AuthError } from './errors.ts';
import { clientAddress } from './ratelimit.ts';
import { isObject, type Json } from './util.ts';

export interface PgFunctionHook {
  uri: string;
  schema: string;
  name: string;
}

export interface AuthHooks {
  beforeUserCreated: PgFunctionHook | null;
}

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]{0,62}';
const PG_FUNCTION_URI = new RegExp(`^pg-functions://[^/]+/(${IDENTIFIER})/(${IDENTIFIER})$`);

function hookOf(section: unknown, name: string, file: string): PgFunctionHook | null {
  if (!isObject(section) || section.enabled !== true) return null;
  const uri = section.uri;
  const match = typeof uri === 'string' ? PG_FUNCTION_URI.exec(uri) : null;
  if (!match) {
    throw new Error(
      `${file}: [auth.hook.${name}] uri must be pg-functions://postgres/<schema>/<function> for the local backend (got ${String(uri)})`,
    );
  }
  return { uri: uri as string, schema: match[1]!, name: match[2]! };
}

/** The hooks a config.toml enables; none for a missing file or null. A malformed file is an error. */
export async function readAuthHooks(file: string | null): Promise<AuthHooks> {
  const none: AuthHooks = { beforeUserCreated: null };
  if (!file) return none;
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return none;
  const config = parse(text) as Json;
  const auth = isObject(config.auth) ? config.auth : {};
  const hooks = isObject(auth.hook) ? auth.hook : {};
  return { beforeUserCreated: hookOf(hooks.before_user_created, 'before_user_created', file) };
}

/** GoTrue's metadata.ip_address: the client address without the IPv4-mapped prefix. */
function ipAddress(req: ApiRequest): string {
  return clientAddress(req).replace(/^::ffff:/, '');
}

export interface UserCandidate {
  id: string;
  email: string;
  appMetadata: Json;
  userMetadata: Json;
}

/** Runs the before-user-created hook, if configured; throws GoTrue's error when it refuses. */
export async function beforeUserCreated(
  app: App,
  hooks: AuthHooks,
  req: ApiRequest,
  user: UserCandidate,
): Promise<void> {
  const hook = hooks.beforeUserCreated;
  if (!hook) return;
  // GoTrue's models.User before it is saved: its zero timestamps, no role, no identities yet.
  const event = {
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: 'before-user-created',
      ip_address: ipAddress(req),
    },
    user: {
      id: user.id,
      aud: 'authenticated',
      role: '',
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      identities: [],
      created_at: '0001-01-01T00:00:00Z',
      updated_at: '0001-01-01T00:00:00Z',
      is_anonymous: false,
    },
  };
  let output: unknown;
  try {
    output = await app.db.transaction(async (tx) => {
      await tx.query(`set local role supabase_auth_admin`);
      await tx.query(`set local statement_timeout = 2000`);
      const { rows } = await tx.query<{ output: unknown }>(
        `select "${hook.schema}"."${hook.name}"($1::jsonb) as output`,
        [JSON.stringify(event)],
      );
      return rows[0]?.output ?? null;
    });
  } catch (error) {
    console.error(`[auth] hook ${hook.uri} failed:`, error);
    throw new AuthError(500, 'unexpected_failure', `Error running hook URI: ${hook.uri}`);
  }
  const refusal = isObject(output) && isObject(output.error) ? output.error : null;
  const message = typeof refusal?.message === 'string' ? refusal.message : '';
  // As GoTrue's hookerrors.Check: an error without a message is no error.
  if (!message) return;
  const status =
    Number.isInteger(refusal?.http_code) &&
    (refusal!.http_code as number) >= 400 &&
    (refusal!.http_code as number) < 600
      ? (refusal!.http_code as number)
      : 500;
  throw new AuthError(status, status === 500 ? 'unexpected_failure' : 'unknown', message);
}
