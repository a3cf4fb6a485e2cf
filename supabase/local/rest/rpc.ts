/**
 * `/rpc/{fn}`: a function of the exposed schema called with named arguments (a JSON object on
 * POST, query parameters on GET/HEAD) or with the whole body for a single unnamed json/jsonb
 * parameter. The overload is chosen by argument names; the arguments are typed by
 * `json_to_record` with the catalog's types. Scalars come back as JSON scalars, a row as an
 * object, sets as arrays that take filters, order and limits; `void` is 204.
 */
import type { ApiRequest, ApiResponse } from '../app.ts';
import { invalidJson, pgrstError } from './errors.ts';
import { parseSelect } from './parse.ts';
import { applyParams, jsonBody, parseAccept, parsePrefer } from './request.ts';
import { buildLevel, newBuilder, pseudoTable, renderTop } from './query.ts';
import { applyRange } from './read.ts';
import { checkSingular, formatBody, readReply, JSON_TYPE, type Plan, type ResultRow } from './respond.ts';
import { SCHEMA, quoteIdent, type Func, type SchemaCache } from './schema.ts';

const RAW_BODY_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

function notFound(name: string, keys: string[], cache: SchemaCache): never {
  const withArgs = keys.length ? `with parameters ${keys.join(', ')}` : 'without parameters';
  const similar = [...cache.functions.keys()].find((f) => f.toLowerCase() === name.toLowerCase() && f !== name);
  throw pgrstError(
    404,
    'PGRST202',
    `Could not find the function ${SCHEMA}.${name}${keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${SCHEMA}.${name} ${withArgs} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    similar ? `Perhaps you meant to call the function ${SCHEMA}.${similar}` : null,
  );
}

interface Call {
  func: Func;
  /** The SQL of the call (`"public"."fn"(...)`) and the FROM items it needs. */
  args: string;
  from: string;
}

function chooseFunction(
  cache: SchemaCache,
  name: string,
  body: unknown,
  singleObject: boolean,
  addParam: (v: unknown) => string,
): Call {
  const funcs = cache.functions.get(name) ?? [];
  const args =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const keys = args ? Object.keys(args) : [];
  const named = args
    ? funcs.filter(
        (f) =>
          f.args.every((a) => a.name !== '' || a.hasDefault) &&
          keys.every((k) => f.args.some((a) => a.name === k)) &&
          f.args.every((a) => a.hasDefault || keys.includes(a.name)),
      )
    : [];
  const raw = funcs.filter(
    (f) => f.args.length === 1 && RAW_BODY_TYPES.has(f.args[0].type) && (f.args[0].name === '' || singleObject),
  );
  const matches = named.length ? named : raw;
  if (matches.length === 0) notFound(name, keys, cache);
  if (matches.length > 1) {
    throw pgrstError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches.map((f) => `${SCHEMA}.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const func = matches[0];
  const fn = `${quoteIdent(SCHEMA)}.${quoteIdent(name)}`;
  if (named.includes(func)) {
    const used = func.args.filter((a) => keys.includes(a.name));
    if (used.length === 0) return { func, args: `${fn}()`, from: '' };
    const record = `json_to_record(${addParam(JSON.stringify(args))}::json) AS "_a"(${used.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ')})`;
    return {
      func,
      args: `${fn}(${used.map((a) => `${quoteIdent(a.name)} := "_a".${quoteIdent(a.name)}`).join(', ')})`,
      from: record,
    };
  }
  const value =
    body === undefined ? null : typeof body === 'string' && func.args[0].type === 'text' ? body : JSON.stringify(body);
  return { func, args: `${fn}(${addParam(value)}::text::${func.args[0].type})`, from: '' };
}

export async function planRpc(req: ApiRequest, cache: SchemaCache, name: string): Promise<Plan> {
  const media = parseAccept(req);
  const prefer = parsePrefer(req);
  const b = newBuilder(cache);
  const readOnlyMethod = req.method === 'GET' || req.method === 'HEAD';
  let body: unknown;
  const skip = new Set<string>();
  if (readOnlyMethod) {
    const funcArgs = new Set((cache.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
    const args: Record<string, string> = {};
    for (const [key, value] of req.url.searchParams) {
      if (funcArgs.has(key)) {
        args[key] = value;
        skip.add(key);
      }
    }
    body = args;
  } else {
    body = await jsonBody(req);
    if (body === undefined) body = {};
    if (typeof body !== 'object' || body === null) {
      if (!(cache.functions.get(name) ?? []).some((f) => f.args.length === 1 && f.args[0].name === ''))
        throw invalidJson();
    }
  }
  const call = chooseFunction(cache, name, body, prefer.singleObject, (v) => b.params.add(v));
  const { func } = call;
  const from = call.from ? ` FROM ${call.from}` : '';
  const base = {
    params: b.params.values,
    readOnly: readOnlyMethod || func.volatility !== 'v',
    write: func.volatility === 'v' && !readOnlyMethod,
  };

  if (func.returnKind === 'void' || (func.returnKind === 'scalar' && !func.returnsSet)) {
    const sql = `SELECT NULL::bigint AS total, 1 AS n, to_json(${call.args})::text AS body${from}`;
    return {
      ...base,
      sql,
      reply(row: ResultRow): ApiResponse {
        if (func.returnKind === 'void') return { status: 204, headers: { 'content-range': '*/*' } };
        return {
          status: 200,
          headers: { 'content-type': JSON_TYPE, 'content-range': '*/*' },
          body: req.method === 'HEAD' ? undefined : (row.body ?? 'null'),
        };
      },
    };
  }

  if (func.returnKind === 'scalar') {
    const sql = `SELECT NULL::bigint AS total, count(*)::int AS n, coalesce(json_agg("_s"."v"), '[]')::text AS body FROM (SELECT ${call.args} AS "v"${from}) AS "_s"`;
    return {
      ...base,
      sql,
      check: (row) => checkSingular(media, row),
      reply: (row) => readReply(row, media, 0, req.method === 'HEAD'),
    };
  }

  const table = (func.resultTable && cache.tables.get(func.resultTable)) || pseudoTable(name, func.resultColumns);
  const root = buildLevel(b, table, parseSelect(req.url.searchParams.get('select') ?? '*'));
  applyParams(b, root, req.url.searchParams, skip);
  const offset = func.returnsSet ? applyRange(req, root) : 0;
  const source = `(SELECT "_f".* FROM ${call.from ? `${call.from}, LATERAL ` : ''}${call.args} AS "_f")`;
  const singular = !func.returnsSet;
  const sql = renderTop(b, root, {
    from: source,
    withCount: prefer.count && func.returnsSet,
    singular,
    stripNulls: media.stripNulls,
  });
  return {
    ...base,
    sql,
    check: (row) => checkSingular(media, row),
    reply(row: ResultRow): ApiResponse {
      if (singular) {
        const { body } = formatBody({ kind: 'object', stripNulls: false }, row);
        return {
          status: 200,
          headers: { 'content-type': JSON_TYPE, 'content-range': '*/*' },
          body: req.method === 'HEAD' ? undefined : body,
        };
      }
      return readReply(row, media, offset, req.method === 'HEAD');
    },
  };
}
