/**
 * `/rpc/{fn}`: a function of the request's schema, called as PostgREST 13 calls it. POST takes
 * its arguments from a JSON object (the keys choose the overload; only those are passed), the
 * whole body for a single unnamed json/jsonb/text/xml/bytea parameter, or a form; GET and HEAD
 * from query parameters without an operator (the others filter the result, which can be ordered,
 * paged, counted and embedded like a table's rows). Scalars come back as JSON scalars, a row as
 * an object, sets as arrays; `void` is 204. `Prefer: tx=rollback` and `max-affected` apply as
 * they do to table writes.
 */
import type { ApiRequest, ApiResponse } from '../app.ts';
import type { RequestContext } from './context.ts';
import { invalidJson, pgrstError } from './errors.ts';
import { readPlan } from './plan.ts';
import type { ReadNode } from './plan-types.ts';
import { parseQueryParams } from './query-params.ts';
import { checkStrict, jsonBody, negotiate, parsePrefer, preferenceApplied, topRange } from './request.ts';
import { checkSingular, rowsReply, totalOf, type ResultRow } from './respond.ts';
import { findRoutine, type BodyType } from './rpc-resolve.ts';
import type { Plan } from './run.ts';
import {
  qualified,
  quoteIdent,
  returnsScalar,
  returnsSetOfScalar,
  returnsSingle,
  returnsVoid,
  routineTableName,
  type Routine,
} from './schema.ts';
import { Params, type Ctx } from './sql.ts';
import { callStatement, type CallShape } from './statement.ts';

function bodyType(req: ApiRequest): BodyType | null {
  const type = (req.header('content-type') ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/plain') return 'text';
  if (type === 'text/xml') return 'xml';
  if (type === 'application/octet-stream') return 'bytea';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

/** Argument values from a query string or form: repeated values only for a variadic parameter. */
function directArgs(routine: Routine, pairs: Array<[string, string]>): Map<string, string | string[]> {
  const args = new Map<string, string | string[]>();
  for (const [key, value] of pairs) {
    const variadic = routine.params.some((p) => p.name === key && p.variadic);
    const seen = args.get(key);
    if (variadic) args.set(key, [...((seen as string[] | undefined) ?? []), value]);
    else if (seen === undefined) args.set(key, value);
  }
  return args;
}

function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** PostgREST's `inferColsEmbedNeeds` for a call, plus the columns its filters use. */
function returnedColumns(root: ReadNode): string {
  const names = new Set<string>();
  if (root.select.some((s) => s.field.name === '*') || root.children.some((c) => c.rel?.computed))
    return 'pgrst_call.*';
  root.select.forEach((s) => names.add(s.field.name));
  for (const child of root.children) {
    const rel = child.rel;
    if (!rel || rel.computed) continue;
    (rel.card.kind === 'm2m' ? rel.card.colsSource : rel.card.cols).forEach(([c]) => names.add(c));
  }
  const walk = (node: ReadNode) => {
    const visit = (c: ReadNode['where'][number]): void => {
      if (c.kind === 'filter') names.add(c.filter.field.name);
      else if (c.kind === 'logic') c.children.forEach(visit);
      else names.add(c.aggAlias);
    };
    node.where.forEach(visit);
    node.children.forEach(walk);
  };
  walk(root);
  if (names.size === 0) return '*';
  return [...names].map((c) => `pgrst_call.${quoteIdent(c)}`).join(', ');
}

export async function planRpc(req: ApiRequest, rc: RequestContext, name: string): Promise<Plan> {
  const { cache } = rc;
  const media = negotiate(req);
  const prefer = parsePrefer(req, cache.timezones);
  const get = req.method === 'GET' || req.method === 'HEAD';
  const params = parseQueryParams(req.url.searchParams, get);
  const type = get ? 'json' : bodyType(req);
  if (type === null)
    throw pgrstError(400, 'PGRST102', `Content-Type not acceptable: ${req.header('content-type') ?? ''}`);
  let pairs: Array<[string, string]> = params.rpcArgs;
  let json: string | null = null;
  let raw: Buffer | null = null;
  let keys: string[];
  if (get) keys = pairs.map(([k]) => k);
  else if (type === 'form') {
    pairs = [...new URLSearchParams((await req.body()).toString('utf8'))];
    keys = pairs.map(([k]) => k);
  } else if (type !== 'json') {
    raw = await req.body();
    keys = [];
  } else {
    const body = (await jsonBody(req)) ?? {};
    if (Array.isArray(body)) {
      const first = body[0] as unknown;
      if (first !== undefined && (typeof first !== 'object' || first === null || Array.isArray(first)))
        throw invalidJson('All object keys must match');
      const objects = body as Array<Record<string, unknown>>;
      const firstKeys = first ? Object.keys(first) : [];
      if (objects.some((o) => Object.keys(o).length !== firstKeys.length || firstKeys.some((k) => !(k in o))))
        throw invalidJson('All object keys must match');
      keys = firstKeys;
      json = JSON.stringify(body);
    } else if (typeof body === 'object' && body !== null) {
      keys = Object.keys(body);
      json = JSON.stringify(body);
    } else {
      // PostgREST truncates any other JSON value to an empty array.
      keys = [];
      json = '[]';
    }
  }
  if (params.columns !== null && type === 'json') keys = params.columns;
  const routine = findRoutine(cache, rc.schema, name, new Set(keys), !get, type);
  const tableName = routineTableName(routine);
  const range = topRange(req, params.ranges.get(''));
  const root = readPlan(
    cache,
    { schema: routine.schema, name: tableName },
    params,
    { action: 'call', aggregatesEnabled: rc.aggregatesEnabled, maxRows: cache.api.maxRows },
    range,
  );
  checkStrict(prefer);
  const strictMax = prefer.handling === 'strict' && prefer.maxAffected !== null;
  if (strictMax && returnsSingle(routine))
    throw pgrstError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );

  const ctx: Ctx = { cache, params: new Params() };
  const fn = qualified(routine);
  const scalar = returnsScalar(routine) || returnsSetOfScalar(routine);
  const callIt = (args: string) =>
    scalar ? `(SELECT ${fn}(${args}) pgrst_scalar) pgrst_call` : `${fn}(${args}) pgrst_call`;
  const used = routine.params.filter((p) => keys.includes(p.name));
  let from: string;
  if (routine.params.length === 1 && routine.params[0].name === '') {
    const param = routine.params[0];
    const value = raw !== null ? (param.type === 'bytea' ? raw : raw.toString('utf8')) : json;
    from = `FROM ${callIt(param.type === 'bytea' ? ctx.params.add(value) : `${ctx.params.add(value)}::${param.type}`)}`;
  } else if (used.length === 0) {
    from = `FROM ${callIt('')}`;
  } else if (json === null) {
    const args = directArgs(routine, pairs);
    const list = used.map((p) => {
      const value = args.get(p.name)!;
      const literal = ctx.params.add(Array.isArray(value) ? arrayLiteral(value) : value);
      return `${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := ${literal}::${p.castType}`;
    });
    from = `FROM ${callIt(list.join(', '))}`;
  } else {
    const record = json.trimStart().startsWith('{') ? 'json_to_record' : 'json_to_recordset';
    const typed = used.map((p) => `${quoteIdent(p.name)} ${p.castType}`).join(', ');
    const named = used.map((p) => quoteIdent(p.name)).join(', ');
    const passed = used.map(
      (p) => `${p.variadic ? 'VARIADIC ' : ''}${quoteIdent(p.name)} := pgrst_body.${quoteIdent(p.name)}`,
    );
    from =
      `FROM (SELECT ${ctx.params.add(json)}::json AS json_data) pgrst_payload, ` +
      `LATERAL (SELECT ${named} FROM ${record}(pgrst_payload.json_data) AS _(${typed}) LIMIT 1) pgrst_body, ` +
      `LATERAL ${callIt(passed.join(', '))}`;
  }
  const callSql = `SELECT ${scalar ? 'pgrst_call.pgrst_scalar' : returnedColumns(root)} ${from}`;
  const head = req.method === 'HEAD';
  const shape: CallShape = returnsScalar(routine)
    ? 'scalar'
    : returnsSetOfScalar(routine)
      ? 'scalars'
      : returnsSingle(routine)
        ? 'row'
        : 'rows';
  const exact = prefer.count === 'exact' || prefer.count === 'estimated';
  const sql = callStatement(ctx, callSql, root, exact, returnsSingle(routine), {
    handler: head ? 'none' : media.kind === 'object' ? 'single' : media.kind,
    stripNulls: media.stripNulls,
    shape,
  });
  const writes = !get && routine.volatility === 'v';
  const prefs = preferenceApplied(prefer, ['count', 'tx', 'handling', 'timezone', 'maxAffected']);
  return {
    sql,
    params: ctx.params.values,
    readOnly: !writes,
    write: writes,
    rollback: prefer.tx === 'rollback',
    settings: rc.settings(prefer),
    check(row: ResultRow) {
      checkSingular(media, row);
      if (strictMax && Number(row.n) > prefer.maxAffected!)
        throw pgrstError(
          400,
          'PGRST124',
          'Query result exceeds max-affected preference constraint',
          `The query affects ${row.n} rows`,
        );
    },
    reply(row: ResultRow): ApiResponse {
      const reply = rowsReply(row, { media, profile: rc.profile, head }, range.offset, totalOf(row), prefs);
      if (!returnsVoid(routine) || reply.status === 416) return reply;
      return { status: 204, headers: { 'content-range': reply.headers!['content-range'], ...prefs } };
    },
  };
}
