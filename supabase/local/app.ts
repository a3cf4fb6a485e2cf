/**
 * What every API family of the local backend shares: the configuration, the database, the keys,
 * how a request's caller is worked out from its `apikey` and `Authorization` headers (as Kong and
 * PostgREST do on a hosted project), reading bodies within a limit, and the reply type.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { BackendConfig } from './config.ts';
import type { ApiRole, CallerContext, Database } from './db.ts';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from './json-depth.ts';
import type { Claims, JwtKeys } from './jwt.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
  link?: string;
}

export interface App {
  config: BackendConfig;
  db: Database;
  jwt: JwtKeys;
  anonKey: string;
  serviceRoleKey: string;
  /** The backend's own base URL, e.g. http://127.0.0.1:54321 (known once it listens). */
  url: string;
  /** Wakes the Realtime dispatcher after a request that may have written rows. */
  notifyWrite(): void;
  /** Records a mail the backend would have sent (shown on /_dev/mail). */
  sendMail(mail: Mail): Promise<void>;
  /**
   * Local defaults of some functions' environment, by function name (send-push: the VAPID keys);
   * the functions' env file may replace them.
   */
  functionsEnv?: Record<string, Record<string, string>>;
}

/** A request as the API families see it. `path` is below the family's prefix, e.g. `/users`. */
export interface ApiRequest {
  method: string;
  url: URL;
  path: string;
  headers: IncomingHttpHeaders;
  raw: IncomingMessage;
  /** The whole body, at most `limit` bytes (default: the backend's limit); over it: HttpError 413. */
  body(limit?: number): Promise<Buffer>;
  /** A header's value as one string (the first, for repeated headers), or undefined. */
  header(name: string): string | undefined;
}

export interface ApiResponse {
  status: number;
  headers?: Record<string, string>;
  /** A string or bytes as they are, a stream piped, anything else sent as JSON. */
  body?: unknown;
  stream?: Readable;
}

export type ApiHandler = (req: ApiRequest) => Promise<ApiResponse>;

/** An error that already knows its HTTP reply. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'message' in body ? String(body.message) : `HTTP ${status}`);
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, body, headers };
}

export type CallerFailure = 'no_apikey' | 'bad_apikey' | 'expired' | 'signature' | 'malformed' | 'bad_role' | 'banned';

/** GoTrue's message for a suspended user's token, which every API family answers with. */
export const BANNED_MESSAGE = 'User is banned';

export type CallerResult =
  { ok: true; caller: CallerContext; token: string; claims: Claims } | { ok: false; failure: CallerFailure };

const API_ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

/** The `apikey` header or query parameter, as Kong reads it. */
export function apiKeyOf(req: ApiRequest): string | undefined {
  return req.header('apikey') ?? req.url.searchParams.get('apikey') ?? undefined;
}

/** The bearer token of the Authorization header, if any. */
export function bearerOf(req: ApiRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.header('authorization') ?? '');
  return match?.[1];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when the token's user is suspended now. Suspending bans the user in auth; the tokens they
 * hold stay validly signed until they expire, so each request looks the ban up (one primary-key
 * read) and the suspension holds from the next request on.
 */
export async function isBannedUser(app: App, sub: unknown): Promise<boolean> {
  if (typeof sub !== 'string' || !UUID.test(sub)) return false;
  const { rows } = await app.db.query(`select 1 from auth.users where id = $1 and banned_until > now()`, [sub]);
  return rows.length > 0;
}

/**
 * Kong checks that `apikey` is one of the project's keys; then the role and claims come from the
 * Authorization bearer token when there is one, else from the apikey itself. A suspended user's
 * token is refused (`banned`) wherever it is presented: REST, RPC, storage and functions.
 */
export async function resolveCaller(
  app: App,
  req: ApiRequest,
  options: { requireApiKey?: boolean } = {},
): Promise<CallerResult> {
  const apiKey = apiKeyOf(req);
  if (options.requireApiKey !== false) {
    if (!apiKey) return { ok: false, failure: 'no_apikey' };
    if (apiKey !== app.anonKey && apiKey !== app.serviceRoleKey) return { ok: false, failure: 'bad_apikey' };
  }
  const token = bearerOf(req) ?? apiKey;
  if (!token) return { ok: false, failure: 'no_apikey' };
  const verified = await app.jwt.verify(token);
  if (!verified.ok) return { ok: false, failure: verified.reason };
  const role = verified.claims.role;
  if (typeof role !== 'string' || !API_ROLES.includes(role)) return { ok: false, failure: 'bad_role' };
  if (role === 'authenticated' && (await isBannedUser(app, verified.claims.sub)))
    return { ok: false, failure: 'banned' };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return {
    ok: true,
    token,
    claims: verified.claims,
    caller: {
      role: role as ApiRole,
      claims: verified.claims,
      method: req.method,
      path: req.url.pathname,
      headers,
    },
  };
}

/** Kong's replies when the apikey is missing or not one of the project's. */
export function apiKeyFailure(failure: CallerFailure): ApiResponse | null {
  if (failure === 'no_apikey') {
    return json(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
  }
  if (failure === 'bad_apikey') {
    return json(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  }
  return null;
}

/**
 * Parses a JSON body; null for an empty body; HttpError with `onError` for anything else, given
 * the reason when the body nests deeper than the backend takes (json-depth.ts).
 */
export async function readJson(req: ApiRequest, onError: (reason?: string) => HttpError): Promise<unknown> {
  const body = await req.body();
  if (body.length === 0) return null;
  const text = body.toString('utf8');
  if (jsonTooDeep(text)) throw onError(TOO_DEEP_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw onError();
  }
}
