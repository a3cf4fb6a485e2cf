/**
 * `/functions/v1/{name}[/sub/path]`: the Edge Functions gateway. Each function of the functions
 * folder runs in the real Deno runtime, in a process of its own (functions/workers.ts), and the
 * gateway proxies the caller's method, headers and body to it with the URL the function would see
 * on a hosted project (`/{name}/sub/path?query` on the project's host).
 *
 * As the hosted gateway: `verify_jwt` (default true, `[functions.NAME] verify_jwt = false` in
 * config.toml to opt out) requires an Authorization bearer signed with the project's secret; an
 * unknown function is 404 NOT_FOUND; a function that does not start is 503 BOOT_ERROR; one that
 * throws is 500 WORKER_ERROR (answered inside its process, which goes on serving); one over its
 * memory limit is 546 WORKER_RESOURCE_LIMIT; one that takes longer than the request time limit is
 * 504 IDLE_TIMEOUT. Gateway errors carry the `sb-error-code` header. The backend goes on serving
 * through all of these, and the next call starts a new process where one was stopped.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  BANNED_MESSAGE,
  bearerOf,
  HttpError,
  isBannedUser,
  json,
  type ApiHandler,
  type ApiRequest,
  type ApiResponse,
  type App,
} from './app.ts';
import { functionSpec, type PlatformEnv } from './functions/spec.ts';
import { BootError, FunctionWorkers, type Forwarded } from './functions/workers.ts';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from './json-depth.ts';

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,127}$/;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'expect',
  'host',
  'proxy-connection',
  'te',
  'trailer',
]);
/** Milliseconds a function's process may take from start to serving before it counts as failed to boot. */
const BOOT_TIMEOUT_MS = 30_000;

export interface FunctionsGateway {
  handle: ApiHandler;
  /** Process ids of the running functions. */
  pids(): number[];
  /** Stops every function's process (the next call starts it cold). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

const gatewayError = (status: number, code: string, message: string, header = code): ApiResponse =>
  json(status, { code, message }, { 'sb-error-code': header });

const notFound = () => json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
const bootError = () => gatewayError(503, 'BOOT_ERROR', 'Worker failed to boot (please check logs)');
const workerError = () =>
  gatewayError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)', 'EDGE_FUNCTION_ERROR');
const resourceLimit = () =>
  gatewayError(
    546,
    'WORKER_RESOURCE_LIMIT',
    'Function failed due to not having enough compute resources (please check logs)',
  );
const idleTimeout = () =>
  gatewayError(504, 'IDLE_TIMEOUT', 'Function did not respond before the request idle timeout (please check logs)');

async function authFailure(app: App, req: ApiRequest): Promise<ApiResponse | null> {
  if (!req.header('authorization')) return json(401, { code: 401, message: 'Missing authorization header' });
  const token = bearerOf(req);
  if (!token) return json(401, { code: 401, message: "Auth header is not 'Bearer {token}'" });
  const verified = await app.jwt.verify(token);
  if (!verified.ok) return json(401, { code: 401, message: 'Invalid JWT' });
  // A suspended user's token is refused here too, as at every other API (app.ts).
  if (verified.claims.role === 'authenticated' && (await isBannedUser(app, verified.claims.sub)))
    return json(401, { code: 401, message: BANNED_MESSAGE });
  return null;
}

function forwardedHeaders(headers: IncomingHttpHeaders, host: string, body: Buffer | null) {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
  }
  // The function sees the project's host in its request URL, as on a hosted project.
  out.host = host;
  if (body) out['content-length'] = String(body.length);
  return out;
}

function failure(forwarded: Extract<Forwarded, { ok: false }>): ApiResponse {
  if (forwarded.cause === 'own-timeout') return idleTimeout();
  if (forwarded.cause === 'memory' || forwarded.cause === 'timeout') return resourceLimit();
  return workerError();
}

function reply(forwarded: Extract<Forwarded, { ok: true }>, method: string): ApiResponse {
  const { response } = forwarded;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(response.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (method === 'HEAD') {
    response.resume();
    return { status: response.statusCode ?? 502, headers, body: '' };
  }
  return { status: response.statusCode ?? 502, headers, stream: response };
}

export function functionsGateway(app: App): FunctionsGateway {
  const workers = new FunctionWorkers({
    quiet: app.config.quiet,
    memoryMb: app.config.functionsMemoryMb,
    idleMs: app.config.functionsIdleMs,
    bootTimeoutMs: BOOT_TIMEOUT_MS,
  });
  const platform = (name: string): PlatformEnv => ({
    SUPABASE_URL: app.url,
    SUPABASE_ANON_KEY: app.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: app.serviceRoleKey,
    // Only a real PostgreSQL can be reached by a function; the embedded database has no address.
    SUPABASE_DB_URL: app.config.databaseUrl ?? undefined,
    // What a hosted project sets as secrets (`supabase secrets set`): where links in mails lead, and,
    // locally only, the dev mail outbox that stands in for a mail provider (mail.ts). The env file
    // may replace both (an empty DEV_MAIL_URL turns the outbox off, as on a hosted project).
    defaults: { ...app.functionsEnv?.[name], SITE_URL: app.config.siteUrl, DEV_MAIL_URL: `${app.url}/_dev/mail` },
  });

  const handle: ApiHandler = async (req) => {
    const slash = req.path.indexOf('/', 1);
    const name = slash < 0 ? req.path.slice(1) : req.path.slice(1, slash);
    const rest = slash < 0 ? '' : req.path.slice(slash);
    if (!NAME.test(name)) return notFound();
    const spec = await functionSpec(app.config.functionsDir, name, app.config.functionsEnvFile, platform(name));
    if (!spec) return notFound();

    if (spec.verifyJwt) {
      const denied = await authFailure(app, req);
      if (denied) return denied;
    }

    const body = req.method === 'GET' || req.method === 'HEAD' ? null : await req.body();
    // A function parses its JSON body itself; one nested past the backend's limit is refused here
    // as everywhere else, before a handler's JSON.stringify or jsonb overflows on it.
    if (body && /json/i.test(req.header('content-type') ?? '') && jsonTooDeep(body.toString('utf8'))) {
      throw new HttpError(400, { code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
    }
    let worker;
    try {
      worker = await workers.acquire(spec);
    } catch (error) {
      if (!(error instanceof BootError)) throw error;
      console.error(`[functions:${name}] failed to boot: ${error.message}`);
      return bootError();
    }
    const forwarded = await worker.forward({
      method: req.method,
      path: `/${name}${rest}${req.url.search}`,
      headers: forwardedHeaders(req.headers, new URL(app.url).host, body),
      body,
      timeoutMs: app.config.functionsTimeoutMs,
    });
    if (!forwarded.ok) {
      if (forwarded.cause === 'own-timeout')
        console.error(`[functions:${name}] did not answer within ${app.config.functionsTimeoutMs} ms and was stopped`);
      app.notifyWrite();
      return failure(forwarded);
    }
    const { response } = forwarded;
    // A caller gone before the answer was read: drop it, so the function's connection is freed.
    const socket = req.raw.socket;
    const abandon = () => response.destroy();
    socket.once('close', abandon);
    response.once('close', () => {
      socket.off('close', abandon);
      // The function's writes are done once it has answered: wake Realtime for them.
      app.notifyWrite();
    });
    return reply(forwarded, req.method);
  };

  return {
    handle,
    pids: () => workers.pids(),
    stop: () => workers.stop(),
    close: () => workers.close(),
  };
}
