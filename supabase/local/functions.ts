/**
 * `/functions/v1/{name}[/sub/path]`: runs a server function as the hosted Edge Functions gateway
 * does. The handler of `<functionsDir>/{name}/handler.ts` (export `handler` or default, a web
 * standard `(req: Request) => Promise<Response>`) is imported and called with a web Request carrying
 * the caller's method, headers, body and the URL the function would see (`/{name}/sub/path?query`).
 * Its environment has SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY (and
 * SUPABASE_DB_URL with a real PostgreSQL), SITE_URL, and DEV_MAIL_URL (the dev mail outbox), readable through a minimal `Deno.env` when the global
 * `Deno` is absent (and a global WebSocket, as Deno has). As with the hosted default `verify_jwt = true`, the Authorization bearer must
 * be a JWT signed with the project's secret, unless `[functions.NAME] verify_jwt = false` is set in
 * the `config.toml` beside the functions folder. A handler that throws is the function's own
 * failure: logged, answered 500 WORKER_ERROR, and the process keeps serving.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { bearerOf, HttpError, json, type ApiHandler, type ApiRequest, type ApiResponse, type App } from './app.ts';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from './json-depth.ts';

type FunctionHandler = (req: Request) => Response | Promise<Response>;

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,127}$/;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'expect']);

const notFound = () => json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });

/**
 * What the hosted Deno runtime gives every function and Node 20 lacks: a `Deno` global with the
 * part of its API functions use to read their environment, and a global `WebSocket` (supabase-js's
 * `createClient` needs one for its realtime client).
 */
function installRuntimeShims(): void {
  const g = globalThis as { Deno?: unknown; WebSocket?: unknown };
  g.WebSocket ??= WebSocket;
  if (g.Deno !== undefined) return;
  g.Deno = {
    env: {
      get: (key: string) => process.env[key],
      set: (key: string, value: string) => {
        process.env[key] = value;
      },
      has: (key: string) => key in process.env,
      delete: (key: string) => {
        delete process.env[key];
      },
      toObject: () => Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined)),
    },
  };
}

/** `verify_jwt` of `[functions.NAME]` in `<functionsDir>/../config.toml` (default true). */
async function verifyJwtFor(functionsDir: string, name: string): Promise<boolean> {
  const text = await readFile(path.join(functionsDir, '..', 'config.toml'), 'utf8').catch(() => '');
  let inSection = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      inSection = header[1].trim() === `functions.${name}` || header[1].trim() === `functions."${name}"`;
      continue;
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (inSection && setting) return setting[1] === 'true';
  }
  return true;
}

async function authFailure(app: App, req: ApiRequest): Promise<ApiResponse | null> {
  if (!req.header('authorization')) return json(401, { code: 401, message: 'Missing authorization header' });
  const token = bearerOf(req);
  if (!token) return json(401, { code: 401, message: "Auth header is not 'Bearer {token}'" });
  const verified = await app.jwt.verify(token);
  return verified.ok ? null : json(401, { code: 401, message: 'Invalid JWT' });
}

function setEnvironment(app: App): void {
  process.env.SUPABASE_URL = app.url;
  process.env.SUPABASE_ANON_KEY = app.anonKey;
  process.env.SUPABASE_SERVICE_ROLE_KEY = app.serviceRoleKey;
  if (app.config.databaseUrl) process.env.SUPABASE_DB_URL = app.config.databaseUrl;
  // What a hosted project sets as secrets (`supabase secrets set`): where links in mails lead, and,
  // locally only, the dev mail outbox that stands in for a mail provider (mail.ts).
  process.env.SITE_URL = app.config.siteUrl;
  process.env.DEV_MAIL_URL = `${app.url}/_dev/mail`;
  installRuntimeShims();
}

/** Imports the handler; an edited handler.ts is imported afresh, as `supabase functions serve` reloads. */
async function loadHandler(file: string, modified: number): Promise<FunctionHandler | null> {
  const url = `${pathToFileURL(file).href}?mtime=${Math.floor(modified)}`;
  const module = (await import(url)) as { handler?: unknown; default?: unknown };
  const handler = module.handler ?? module.default;
  return typeof handler === 'function' ? (handler as FunctionHandler) : null;
}

async function webRequest(app: App, req: ApiRequest, name: string, rest: string): Promise<Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(key, item);
      } catch {
        // A header value the web Headers class refuses is left out, as a proxy would.
      }
    }
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const body = hasBody ? await req.body() : undefined;
  // A function parses its JSON body itself; one nested past the backend's limit is refused here
  // as everywhere else, before a handler's JSON.stringify or jsonb overflows on it.
  if (body && /json/i.test(req.header('content-type') ?? '') && jsonTooDeep(body.toString('utf8'))) {
    throw new HttpError(400, { code: 'BAD_REQUEST', message: TOO_DEEP_MESSAGE });
  }
  return new Request(`${app.url}/${name}${rest}${req.url.search}`, {
    method: req.method,
    headers,
    body: body && body.length > 0 ? new Uint8Array(body) : undefined,
  });
}

async function reply(response: Response, method: string): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'transfer-encoding' && key !== 'connection') headers[key] = value;
  });
  if (!response.body || method === 'HEAD') {
    await response.body?.cancel().catch(() => {});
    return { status: response.status, headers, body: '' };
  }
  return {
    status: response.status,
    headers,
    stream: Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>),
  };
}

export function functionsApi(app: App): ApiHandler {
  const workerError = (name: string, error: unknown) => {
    console.error(`[functions] ${name} failed:`, error);
    return json(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
  };

  return async (req) => {
    const slash = req.path.indexOf('/', 1);
    const rawName = slash < 0 ? req.path.slice(1) : req.path.slice(1, slash);
    const rest = slash < 0 ? '' : req.path.slice(slash);
    if (!NAME.test(rawName)) return notFound();
    const name = rawName;
    const dir = path.join(app.config.functionsDir, name);
    const file = path.join(dir, 'handler.ts');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return notFound();

    if (await verifyJwtFor(app.config.functionsDir, name)) {
      const failure = await authFailure(app, req);
      if (failure) return failure;
    }

    const request = await webRequest(app, req, name, rest);
    setEnvironment(app);
    let handler: FunctionHandler | null;
    try {
      handler = await loadHandler(file, info.mtimeMs);
    } catch (error) {
      console.error(`[functions] ${name} failed to load:`, error);
      return json(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    }
    if (!handler) return json(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });

    try {
      const response = await handler(request);
      if (!(response instanceof Response))
        return workerError(name, new TypeError('the handler did not return a Response'));
      return await reply(response, req.method);
    } catch (error) {
      return workerError(name, error);
    } finally {
      app.notifyWrite();
    }
  };
}
