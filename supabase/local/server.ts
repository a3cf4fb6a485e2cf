/**
 * The local backend: one Node process serving a Supabase project's HTTP API on 127.0.0.1 over
 * embedded Postgres (PGlite) or a real PostgreSQL. This file opens the database, applies the
 * migrations, and routes each request to its API family with CORS, a body limit and a log line.
 * Nothing a caller sends can crash it: an unexpected error is logged and answered with a 500,
 * which the hostile-input tests treat as a bug.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { readAuthHooks } from './auth/hooks.ts';
import { authApi } from './auth/index.ts';
import { startAutoAnalyze } from './autoanalyze.ts';
import { configFromEnv, type BackendConfig } from './config.ts';
import { isPgError, type Database } from './db.ts';
import { devMailApi } from './mail.ts';
import { startDeliveries, vapidKeys, type Deliveries } from './deliveries.ts';
import { functionsGateway, type FunctionsGateway } from './functions.ts';
import { HttpError, type ApiHandler, type ApiRequest, type ApiResponse, type App, type Mail } from './app.ts';
import { JwtKeys } from './jwt.ts';
import { realtimeHttpApi } from './realtime/http.ts';
import { attachRealtime, type Realtime } from './realtime/index.ts';
import { prioritize } from './realtime/lanes.ts';
import { limitsFromEnv, type RealtimeLimits } from './realtime/limits.ts';
import { restApi } from './rest/index.ts';
import { openDatabase, type Startup } from './startup.ts';
import { storageApi } from './storage.ts';
import { isDiskFull } from './storage/files.ts';

export interface Backend {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Database;
  app: App;
  /** The server functions' Deno processes. */
  functions: FunctionsGateway;
  /** Calls the notification senders when push or mail jobs are due (the hosted database webhooks' stand-in). */
  deliveries: Deliveries;
  /** Milliseconds from the call to serving; whether the database was new, and how it was made. */
  startup: Startup & { ms: number };
  /** Runs the database's maintenance function now (what the timer does). */
  runMaintenance(): Promise<void>;
  close(): Promise<void>;
}

export interface BackendOptions extends Partial<BackendConfig> {
  /** Extra migration folders applied after the product's (the tests' fixture schema). */
  extraMigrationsDirs?: string[];
  /** Realtime's limits, over the environment's (REALTIME_* variables) and the defaults. */
  realtimeLimits?: Partial<RealtimeLimits>;
}

/** Connections of the pool openPostgres opens (db.ts): the foreground's share of the database. */
const POOL_SLOTS = 10;
/** The longest Realtime's database work waits behind a busy API (it yields to requests). */
const REALTIME_AGING_MS = 100;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'access-control-expose-headers':
    'content-range, content-profile, content-location, location, preference-applied, range-unit, x-total-count, link, x-supabase-api-version, etag, content-length, content-type, cache-control, last-modified',
  'access-control-max-age': '86400',
};

export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const started = performance.now();
  const config: BackendConfig = { ...configFromEnv(), ...options };
  // A broken hook configuration stops the start: signing up past a gate that did not load is worse.
  const authHooks = await readAuthHooks(config.configFile);
  const { db: database, startup } = await openDatabase(config, options.extraMigrationsDirs);
  // API requests take precedence over Realtime's work in the database's queue.
  const lanes = prioritize(database, {
    slots: database.kind === 'pglite' ? 1 : POOL_SLOTS,
    agingMs: REALTIME_AGING_MS,
  });
  const db = lanes.foreground;

  const jwt = new JwtKeys(config.jwtSecret);
  let realtime: Realtime | null = null;
  let deliveries: Deliveries | null = null;
  const app: App = {
    config,
    db,
    jwt,
    anonKey: process.env.ANON_KEY ?? (await jwt.apiKey('anon')),
    serviceRoleKey: process.env.SERVICE_ROLE_KEY ?? (await jwt.apiKey('service_role')),
    url: '',
    notifyWrite: () => {
      realtime?.wake();
      deliveries?.wake();
    },
    // Only the push sender signs with the VAPID key.
    functionsEnv: { 'send-push': { ...(await vapidKeys(config.dataDir)) } },
    async sendMail(mail: Mail) {
      await db.query('insert into _local.mails (to_address, subject, body, link) values ($1, $2, $3, $4)', [
        mail.to,
        mail.subject,
        mail.body,
        mail.link ?? null,
      ]);
      if (!config.quiet) console.log(`[mail] to ${mail.to}: ${mail.subject}${mail.link ? ` ${mail.link}` : ''}`);
    },
  };

  const storage = storageApi(app);
  // Bytes without rows, rows without bytes: repaired before the first request (storage/integrity.ts).
  await storage.repair().catch((error: unknown) => console.error('[storage] start-up check failed:', error));
  const functions = functionsGateway(app);
  const families: Family[] = [
    ['/rest/v1', restApi(app)],
    ['/auth/v1', authApi(app, authHooks)],
    ['/storage/v1', storage],
    ['/functions/v1', functions.handle],
    ['/realtime/v1', realtimeHttpApi(app, () => realtime)],
    // Same-origin only: no CORS headers, and its preflight goes to the page itself (mail.ts).
    ['/_dev/mail', devMailApi(app), { cors: false }],
  ];

  const server = createServer((req, res) => {
    void handle(app, families, req, res);
  });
  server.headersTimeout = 30_000;
  server.requestTimeout = 60_000;
  realtime = attachRealtime(app, server, lanes.background, limitsFromEnv(process.env, options.realtimeLimits));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    // A port in use must not leave the database open (PGlite would keep the process alive).
    await realtime.close();
    await functions.close();
    await db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  app.url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  deliveries = startDeliveries(app, { pollMs: config.deliveriesPollMs });

  const runMaintenance = async () => {
    const { rows } = await db.query<{ exists: boolean }>(
      `select to_regprocedure('public.run_maintenance()') is not null as exists`,
    );
    if (rows[0]?.exists) {
      await db.query('select public.run_maintenance()');
      app.notifyWrite();
    }
    await deliveries?.runMaintenance();
  };
  const maintenanceTimer =
    config.maintenanceIntervalMs > 0
      ? setInterval(() => {
          runMaintenance().catch((error: unknown) => console.error('[maintenance]', error));
        }, config.maintenanceIntervalMs)
      : null;
  maintenanceTimer?.unref();
  // PGlite has no autovacuum to keep the planner's statistics current (a real PostgreSQL does).
  const autoAnalyze =
    database.kind === 'pglite' ? startAutoAnalyze(lanes.background, { firstMs: 2000, intervalMs: 60_000 }) : null;

  return {
    url: app.url,
    port,
    anonKey: app.anonKey,
    serviceRoleKey: app.serviceRoleKey,
    jwtSecret: config.jwtSecret,
    db,
    app,
    functions,
    deliveries,
    startup: { ...startup, ms: performance.now() - started },
    runMaintenance,
    async close() {
      if (maintenanceTimer) clearInterval(maintenanceTimer);
      await deliveries?.close();
      await autoAnalyze?.close();
      await realtime?.close();
      await functions.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/** An API family: its path prefix, its handler, and whether browsers of other origins may call it. */
type Family = [prefix: string, handler: ApiHandler, options?: { cors: boolean }];

async function handle(app: App, families: Family[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  let status = 500;
  let cors = true;
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const family = families.find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    cors = family?.[2]?.cors ?? true;
    let reply: ApiResponse;
    if (method === 'OPTIONS' && cors) {
      const requested = req.headers['access-control-request-headers'];
      reply = {
        status: 204,
        headers: {
          'access-control-allow-headers':
            typeof requested === 'string' && /^[\w\-, ]*$/.test(requested)
              ? requested
              : 'authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert, cache-control, x-supabase-api-version',
        },
      };
    } else {
      if (!family) {
        reply =
          url.pathname === '/'
            ? { status: 200, body: { name: 'CrewCamp local Supabase backend', url: app.url } }
            : { status: 404, body: { message: 'no Route matched with those values' } };
      } else {
        reply = await family[1](apiRequest(app, req, url, method, family[0]));
      }
    }
    status = reply.status;
    await send(res, reply, cors);
  } catch (error) {
    if (error instanceof HttpError) {
      status = error.status;
      await send(res, { status: error.status, body: error.body, headers: error.headers }, cors).catch(() => {});
    } else if (isDiskFull(error) || (isPgError(error) && error.code === '53100')) {
      // A full disk (or PostgreSQL's disk_full) is no bug of ours nor the caller's: say so.
      status = 507;
      console.error('[local-supabase] disk full', error);
      await send(
        res,
        {
          status: 507,
          body: { message: 'Insufficient storage: the server has no disk space left, so nothing was saved' },
        },
        cors,
      ).catch(() => {});
    } else {
      status = 500;
      console.error('[local-supabase] unexpected error', error);
      await send(res, { status: 500, body: { message: 'Internal server error' } }, cors).catch(() => {});
    }
  } finally {
    if (!app.config.quiet) {
      const ms = (performance.now() - started).toFixed(1);
      console.log(`${req.method} ${(req.url ?? '').split('?')[0]} ${status} ${ms}ms`);
    }
  }
}

function apiRequest(app: App, raw: IncomingMessage, url: URL, method: string, prefix: string): ApiRequest {
  let cached: Promise<Buffer> | null = null;
  return {
    method,
    url,
    path: url.pathname.slice(prefix.length) || '/',
    headers: raw.headers,
    raw,
    header(name) {
      const value = raw.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    body(limit = app.config.maxBodyBytes) {
      cached ??= readBody(raw, limit);
      return cached;
    },
  };
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) reject(new HttpError(400, { message: `Could not read the request body: ${error.message}` }));
    });
  });
}

function tooLarge(): HttpError {
  return new HttpError(413, {
    statusCode: '413',
    error: 'Payload too large',
    message: 'The object exceeded the maximum allowed size',
  });
}

async function send(res: ServerResponse, reply: ApiResponse, cors = true): Promise<void> {
  if (res.headersSent) {
    res.end();
    return;
  }
  const headers: Record<string, string> = { ...(cors ? CORS_HEADERS : {}), ...reply.headers };
  let payload: string | Buffer | undefined;
  if (reply.stream === undefined && reply.body !== undefined && reply.body !== null) {
    if (typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) {
      payload = reply.body;
    } else {
      payload = JSON.stringify(reply.body);
      headers['content-type'] ??= 'application/json; charset=utf-8';
    }
  } else if (reply.body === null && reply.stream === undefined) {
    payload = 'null';
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  res.writeHead(reply.status, headers);
  if (reply.stream) {
    await new Promise<void>((resolve) => {
      Readable.from(reply.stream!)
        .on('error', () => res.destroy())
        .pipe(res)
        .on('finish', resolve)
        .on('close', resolve);
    });
    return;
  }
  res.end(payload);
}
