/**
 * `/rest/v1`: the local PostgREST. Checks the caller (Kong's apikey, then the JWT as PostgREST
 * does), the schema profile, finds the table or function in the schema cache (reloading it when a
 * name is unknown), plans one statement and runs it in the caller's transaction, so that RLS
 * decides. Errors come back in PostgREST's `{code, message, details, hint}` shape.
 */
import {
  BANNED_MESSAGE,
  HttpError,
  apiKeyFailure,
  resolveCaller,
  type ApiHandler,
  type ApiRequest,
  type ApiResponse,
  type App,
  type CallerFailure,
} from '../app.ts';
import { asCaller, type CallerContext } from '../db.ts';
import { fromPgError, pgrstError } from './errors.ts';
import { planRead } from './read.ts';
import { planRpc } from './rpc.ts';
import { planWrite } from './write.ts';
import type { Plan, ResultRow } from './respond.ts';
import { SCHEMA, SchemaStore, closest, type SchemaCache, type Table } from './schema.ts';

const EXPOSED = ['public', 'graphql_public'];
/** Errors that may only mean the schema cache is stale. */
const SCHEMA_MISSES = new Set(['PGRST205', 'PGRST202', 'PGRST200', 'PGRST204', '42703']);

function jwtFailure(failure: CallerFailure, req: ApiRequest): ApiResponse {
  let message = 'JWSError JWSInvalidSignature';
  let code = 'PGRST301';
  if (failure === 'expired') {
    message = 'JWT expired';
    code = 'PGRST303';
  } else if (failure === 'malformed') {
    const token = /^Bearer\s+(\S+)/i.exec(req.header('authorization') ?? '')?.[1] ?? '';
    const parts = token.split('.').length;
    if (parts !== 3) message = `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})`;
  } else if (failure === 'banned') {
    // The token is genuine but its user is suspended: refused like a token whose claims fail.
    message = BANNED_MESSAGE;
    code = 'PGRST303';
  } else if (failure === 'bad_role') {
    // The token is genuine but its role is not one PostgREST may switch to: SET ROLE fails.
    return {
      status: 400,
      body: { code: '22023', details: null, hint: null, message: `role "${roleClaim(req)}" does not exist` },
    };
  }
  return {
    status: 401,
    headers: { 'www-authenticate': `Bearer error="invalid_token", error_description="${message}"` },
    body: { code, details: null, hint: null, message },
  };
}

function roleClaim(req: ApiRequest): string {
  const token = /^Bearer\s+(\S+)/i.exec(req.header('authorization') ?? '')?.[1] ?? req.header('apikey') ?? '';
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      role?: unknown;
    };
    return String(payload.role ?? '');
  } catch {
    return '';
  }
}

function checkProfile(req: ApiRequest): void {
  const name = req.method === 'GET' || req.method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = req.header(name);
  if (profile !== undefined && profile !== SCHEMA) {
    const exposed = EXPOSED.join(', ');
    if (!EXPOSED.includes(profile)) {
      throw pgrstError(
        406,
        'PGRST106',
        `The schema must be one of the following: ${exposed}`,
        null,
        `Only the following schemas are exposed: ${exposed}`,
      );
    }
  }
}

function tableOf(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (table) return table;
  const similar = closest(name, cache.tables.keys());
  throw pgrstError(
    404,
    'PGRST205',
    `Could not find the table '${SCHEMA}.${name}' in the schema cache`,
    null,
    similar ? `Perhaps you meant the table '${SCHEMA}.${similar}'` : null,
  );
}

class Rollback {
  constructor(readonly row: ResultRow) {}
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw pgrstError(
      400,
      'PGRST100',
      `"failed to parse path (${segment})" (line 1, column 1)`,
      'invalid percent-encoding',
    );
  }
}

function openApi(cache: SchemaCache, app: App): ApiResponse {
  const paths: Record<string, object> = { '/': {} };
  for (const name of cache.tables.keys()) paths[`/${name}`] = {};
  for (const name of cache.functions.keys()) paths[`/rpc/${name}`] = {};
  return {
    status: 200,
    headers: { 'content-type': 'application/openapi+json; charset=utf-8' },
    body: {
      swagger: '2.0',
      info: { title: 'standard public schema', version: '12.2.0' },
      host: new URL(app.url || 'http://127.0.0.1').host,
      basePath: '/rest/v1',
      paths,
    },
  };
}

export function restApi(app: App): ApiHandler {
  const store = new SchemaStore(app.db);

  async function plan(req: ApiRequest, cache: SchemaCache): Promise<Plan | ApiResponse> {
    const segments = req.path.split('/').filter((s) => s !== '');
    const method = req.method;
    if (segments.length === 0) {
      if (method === 'GET' || method === 'HEAD') return openApi(cache, app);
      throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    if (segments[0] === 'rpc' && segments.length === 2) {
      if (!['GET', 'HEAD', 'POST'].includes(method))
        throw pgrstError(405, 'PGRST101', 'Only GET, HEAD or POST are allowed on RPC');
      return planRpc(req, cache, decodeSegment(segments[1]));
    }
    if (segments.length !== 1) throw pgrstError(404, 'PGRST125', `Invalid path specified in request URL`);
    const table = tableOf(cache, decodeSegment(segments[0]));
    if (method === 'GET' || method === 'HEAD') return planRead(req, cache, table);
    if (method === 'POST' || method === 'PATCH' || method === 'DELETE') return planWrite(req, cache, table);
    throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }

  async function run(caller: CallerContext, p: Plan): Promise<ApiResponse> {
    try {
      const row = await asCaller(app.db, caller, async (tx) => {
        if (p.readOnly) await tx.query('set transaction read only');
        const result = await tx.query<ResultRow>(p.sql, p.params);
        const first = result.rows[0];
        p.check?.(first);
        if (p.rollback) throw new Rollback(first);
        return first;
      });
      if (p.write) app.notifyWrite();
      return p.reply(row);
    } catch (error) {
      if (error instanceof Rollback) return p.reply(error.row);
      throw error;
    }
  }

  return async (req) => {
    const resolved = await resolveCaller(app, req);
    if (!resolved.ok) return apiKeyFailure(resolved.failure) ?? jwtFailure(resolved.failure, req);
    const anonymous = resolved.caller.role === 'anon';
    try {
      checkProfile(req);
      let planned: Plan | ApiResponse;
      try {
        planned = await plan(req, await store.get());
      } catch (error) {
        if (!(error instanceof HttpError) || !SCHEMA_MISSES.has((error.body as { code?: string }).code ?? ''))
          throw error;
        planned = await plan(req, await store.reload());
      }
      if (!('sql' in planned)) return planned;
      try {
        return await run(resolved.caller, planned);
      } catch (error) {
        // A table or function dropped since the cache was loaded.
        if (fromPgError(error, anonymous) && ['42P01', '42883'].includes((error as { code: string }).code))
          void store.reload().catch(() => {});
        throw error;
      }
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, headers: error.headers, body: error.body };
      const mapped = fromPgError(error, anonymous);
      if (mapped) return { status: mapped.status, headers: mapped.headers, body: mapped.body };
      throw error;
    }
  };
}
