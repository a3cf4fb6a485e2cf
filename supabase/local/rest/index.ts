/**
 * `/rest/v1`: the local PostgREST (version 13, as hosted projects run it). Checks the caller
 * (Kong's apikey, then the JWT as PostgREST does), picks the schema from the profile headers
 * among the exposed schemas of config.toml's `[api]`, finds the table or function in the schema
 * cache (reloading it when a name is unknown), plans one statement and runs it in the caller's
 * transaction, so that RLS decides. Errors come back in PostgREST's `{code, message, details,
 * hint}` shape with its `Proxy-Status` header.
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
import { readDbSettings } from './config.ts';
import { requestContext, type RequestContext } from './context.ts';
import { fromPgError, pgrstError } from './errors.ts';
import { fuzzyMatches } from './fuzzy.ts';
import { planRead } from './read.ts';
import { planRpc } from './rpc.ts';
import { runPlan, type Plan } from './run.ts';
import { qiKey, SchemaStore, type SchemaCache, type Table } from './schema.ts';
import { planWrite } from './write.ts';

/** Errors that may only mean the schema cache is stale. */
const SCHEMA_MISSES = new Set(['PGRST205', 'PGRST202', 'PGRST200', 'PGRST204']);

function jwtFailure(failure: CallerFailure, req: ApiRequest): ApiResponse {
  let message = 'JWT cryptographic operation failed';
  let code = 'PGRST301';
  if (failure === 'expired') {
    message = 'JWT expired';
    code = 'PGRST303';
  } else if (failure === 'malformed') {
    const token = /^Bearer\s+(\S+)/i.exec(req.header('authorization') ?? '')?.[1] ?? '';
    const parts = token.split('.').length;
    if (parts !== 3) message = `Expected 3 parts in JWT; got ${parts}`;
  } else if (failure === 'banned') {
    // The token is genuine but its user is suspended: refused like a token whose claims fail.
    message = BANNED_MESSAGE;
    code = 'PGRST303';
  } else if (failure === 'bad_role') {
    // The token is genuine but its role is not one the API may switch to: SET ROLE fails.
    return {
      status: 401,
      headers: { 'www-authenticate': 'Bearer', 'proxy-status': 'PostgREST; error=22023' },
      body: { code: '22023', details: null, hint: null, message: `role "${roleClaim(req)}" does not exist` },
    };
  }
  return {
    status: 401,
    headers: {
      'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
      'proxy-status': `PostgREST; error=${code}`,
    },
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

/** The request's schema: `Accept-Profile` (reads) or `Content-Profile` (writes), else the first. */
function requestSchema(req: ApiRequest, schemas: string[]): { schema: string; negotiated: boolean } {
  const write = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(req.method);
  const profile = req.header(write ? 'content-profile' : 'accept-profile');
  if (profile === undefined) return { schema: schemas[0], negotiated: schemas.length !== 1 };
  if (!schemas.includes(profile))
    throw pgrstError(
      406,
      'PGRST106',
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  return { schema: profile, negotiated: true };
}

function tableOf(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(qiKey({ schema, name }));
  if (table) return table;
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  const similar = fuzzyMatches(names, name)[0]?.entry;
  throw pgrstError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    similar ? `Perhaps you meant the table '${schema}.${similar}'` : null,
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

function openApi(cache: SchemaCache, schema: string, app: App, rc: RequestContext): ApiResponse {
  const paths: Record<string, object> = { '/': {} };
  for (const table of cache.tables.values()) if (table.schema === schema) paths[`/${table.name}`] = {};
  for (const list of cache.routines.values())
    for (const r of list) if (r.schema === schema) paths[`/rpc/${r.name}`] = {};
  return {
    status: 200,
    headers: { 'content-type': 'application/openapi+json; charset=utf-8', ...rc.profile },
    body: {
      swagger: '2.0',
      info: { title: 'standard public schema', version: '13.0.8' },
      host: new URL(app.url || 'http://127.0.0.1').host,
      basePath: '/rest/v1',
      paths,
    },
  };
}

function withProxyStatus(error: HttpError): ApiResponse {
  const code = (error.body as { code?: unknown }).code;
  return {
    status: error.status,
    headers: { ...error.headers, ...(typeof code === 'string' ? { 'proxy-status': `PostgREST; error=${code}` } : {}) },
    body: error.body,
  };
}

export function restApi(app: App): ApiHandler {
  const store = new SchemaStore(app.db, app.config.configFile);

  async function plan(req: ApiRequest, cache: SchemaCache): Promise<Plan | ApiResponse> {
    const segments = req.path.split('/').filter((s) => s !== '');
    const method = req.method;
    const { schema, negotiated } = requestSchema(req, cache.api.schemas);
    // Aggregates are switched on in the database; an aggregate request reads the switch live.
    const select = req.url.searchParams.get('select') ?? '';
    const aggregates = select.includes('()') ? (await readDbSettings(app.db)).aggregatesEnabled : false;
    const rc = requestContext(cache, schema, negotiated, aggregates);
    if (segments.length === 0) {
      if (method === 'GET' || method === 'HEAD') return openApi(cache, schema, app, rc);
      throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    }
    if (segments[0] === 'rpc' && segments.length === 2) {
      if (!['GET', 'HEAD', 'POST'].includes(method))
        throw pgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
      return planRpc(req, rc, decodeSegment(segments[1]));
    }
    if (segments.length !== 1) throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
    if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method))
      throw pgrstError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    const table = tableOf(cache, schema, decodeSegment(segments[0]));
    if (method === 'GET' || method === 'HEAD') return planRead(req, rc, table);
    return planWrite(req, rc, table);
  }

  return async (req) => {
    const resolved = await resolveCaller(app, req);
    if (!resolved.ok) return apiKeyFailure(resolved.failure) ?? jwtFailure(resolved.failure, req);
    const anonymous = resolved.caller.role === 'anon';
    try {
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
        return await runPlan(app, resolved.caller, planned);
      } catch (error) {
        // A table or function dropped since the cache was loaded.
        if (fromPgError(error, anonymous) && ['42P01', '42883'].includes((error as { code: string }).code))
          void store.reload().catch(() => {});
        throw error;
      }
    } catch (error) {
      if (error instanceof HttpError) return withProxyStatus(error);
      const mapped = fromPgError(error, anonymous);
      if (mapped) return withProxyStatus(mapped);
      throw error;
    }
  };
}
