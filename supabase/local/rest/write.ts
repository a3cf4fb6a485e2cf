/**
 * POST (insert, upsert), PUT (upsert of one row named by its key), PATCH (update) and DELETE on
 * a table or view, as PostgREST 13 plans them: the JSON body becomes rows through
 * `json_populate_record` (typed by the relation's row type), the top-level filters choose the rows to change (`limit`/`offset` do not: PostgREST 13
 * dropped limited updates and deletes), the statement returns only what the representation and
 * its embeds need, and the reply's status, Content-Range, Location and Preference-Applied follow
 * PostgREST's. An upsert counts the rows it inserts through the `pgrst.inserted` setting, as
 * PostgREST does, so that one that only updated answers 200.
 */
import type { ApiRequest, ApiResponse } from '../app.ts';
import { invalidJson, pgrstError, unknownPayloadColumn } from './errors.ts';
import { readPlan } from './plan.ts';
import type { ReadNode } from './plan-types.ts';
import { parseQueryParams, type QueryParams } from './query-params.ts';
import {
  checkStrict,
  jsonBody,
  negotiate,
  parsePrefer,
  preferenceApplied,
  type MediaType,
  type Prefer,
} from './request.ts';
import type { Filter } from './parse-filters.ts';
import { checkSingular, contentRange, type ResultRow } from './respond.ts';
import type { Plan } from './run.ts';
import { conditionsSql, type RequestContext } from './context.ts';
import { Params, type Ctx } from './sql.ts';
import { writeStatement } from './statement.ts';
import { qualified, quoteIdent, type Table } from './schema.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** PostgREST's `inferColsEmbedNeeds`: the selected columns, the keys embeds join on, the key. */
function returning(root: ReadNode, table: Table, representation: boolean): string {
  if (!representation) return 'RETURNING 1';
  const names = new Set<string>();
  if (root.select.some((s) => s.field.name === '*') || root.children.some((c) => c.rel?.computed)) names.add('*');
  else {
    root.select.forEach((s) => names.add(s.field.name));
    for (const child of root.children) {
      const rel = child.rel;
      if (!rel || rel.computed) continue;
      const cols = rel.card.kind === 'm2m' ? rel.card.colsSource : rel.card.cols;
      cols.forEach(([c]) => names.add(c));
    }
    table.pkCols.forEach((c) => names.add(c));
  }
  if (root.select.length === 0 && root.children.length === 0) names.add('*');
  const t = qualified(table);
  return `RETURNING ${[...names].map((c) => (c === '*' ? `${t}.*` : `${t}.${quoteIdent(c)}`)).join(', ')}`;
}

function checkColumns(table: Table, columns: string[]): void {
  for (const c of columns) if (!table.columns.has(c)) throw unknownPayloadColumn(table.name, c);
}

function insertColumns(columnsParam: string[] | null, table: Table, rows: Array<Record<string, unknown>>): string[] {
  if (columnsParam !== null) {
    checkColumns(table, columnsParam);
    return columnsParam;
  }
  const first = rows.length ? Object.keys(rows[0]) : [];
  for (const row of rows.slice(1)) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || keys.some((k) => !first.includes(k)))
      throw invalidJson('All object keys must match');
  }
  checkColumns(table, first);
  return first;
}

const INSERTED = `coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0)`;

function insertSql(
  p: Params,
  table: Table,
  rows: Array<Record<string, unknown>>,
  columns: string[],
  prefer: Prefer,
  conflict: string[],
  returningSql: string,
  putWhere = '',
): string {
  const t = qualified(table);
  const data = p.add(JSON.stringify(rows));
  const exprs = columns.map((c) => {
    const value = `"_r".${quoteIdent(c)}`;
    if (prefer.missing !== 'default') return value;
    const fallback = table.columns.get(c)!.defaultExpr ?? 'NULL';
    return `CASE WHEN "_e"."j" -> ${p.add(c)}::text IS NOT NULL THEN ${value} ELSE ${fallback} END`;
  });
  const merge = prefer.resolution === 'merge-duplicates';
  let sql = `INSERT INTO ${t}${columns.length ? ` (${columns.map(quoteIdent).join(', ')})` : ''}`;
  sql += ` SELECT ${exprs.join(', ')} FROM json_array_elements(${data}::json) WITH ORDINALITY AS "_e"("j", "i"),`;
  sql += ` LATERAL json_populate_record(NULL::${t}, "_e"."j") AS "_r"`;
  if (merge) sql += ` WHERE set_config('pgrst.inserted', (${INSERTED} + 1)::text, true) <> '0'${putWhere}`;
  sql += ` ORDER BY "_e"."i"`;
  if (prefer.resolution && conflict.length) {
    sql += ` ON CONFLICT(${conflict.map(quoteIdent).join(', ')}) `;
    if (!merge || columns.length === 0) sql += 'DO NOTHING';
    else {
      sql += `DO UPDATE SET ${columns.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`).join(', ')}`;
      sql += ` WHERE set_config('pgrst.inserted', (${INSERTED} - 1)::text, true) <> '-1'`;
    }
  }
  return `${sql} ${returningSql}`;
}

/** PUT names one row by its whole primary key, each column with `eq` (PGRST105 otherwise). */
function putFilters(params: QueryParams, table: Table): Array<{ filter: Filter }> {
  if (params.ranges.size)
    throw pgrstError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  const keys = new Set(params.filters.map((f) => [...f.path, f.filter.field.name].join('.')));
  const pk = table.pkCols;
  const valid =
    params.logic.length === 0 &&
    pk.length > 0 &&
    keys.size === pk.length &&
    pk.every((c) => keys.has(c)) &&
    params.filters.every(
      (f) =>
        f.path.length === 0 &&
        f.filter.op === 'eq' &&
        !f.filter.negate &&
        !f.filter.quant &&
        f.filter.field.path.length === 0,
    );
  if (!valid)
    throw pgrstError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
  return params.filters.map((f) => ({ filter: f.filter }));
}

function putReply(row: ResultRow, prefer: Prefer, media: MediaType, profile: Record<string, string>): ApiResponse {
  const headers = preferenceApplied(prefer, ['return', 'count', 'tx', 'handling', 'timezone']);
  if (prefer.return !== 'representation') return { status: 204, headers };
  return {
    status: row.inserted !== null && row.inserted > 0 ? 201 : 200,
    headers: { ...headers, 'content-type': media.contentType, ...profile },
    body: row.body,
  };
}

export async function planWrite(req: ApiRequest, rc: RequestContext, table: Table): Promise<Plan> {
  const { cache } = rc;
  const media = negotiate(req);
  const prefer = parsePrefer(req, cache.timezones);
  const params = parseQueryParams(req.url.searchParams, false);
  const representation = prefer.return === 'representation';
  const headersOnly = prefer.return === 'headers-only';
  const root = readPlan(
    cache,
    table,
    { ...params, select: representation || headersOnly ? params.select : [] },
    { action: 'mutate', aggregatesEnabled: rc.aggregatesEnabled, maxRows: null },
    { offset: 0, limit: null },
  );
  checkStrict(prefer);
  const ctx: Ctx = { cache, params: new Params() };
  const t = qualified(table);
  const returningSql = returning(root, table, representation || headersOnly);
  const rootFilters = [
    ...params.logic.filter((l) => l.path.length === 0),
    ...params.filters.filter((f) => f.path.length === 0),
  ];
  // Built only where used: every parameter of the statement must appear in it.
  const where = () => conditionsSql(ctx, table, rootFilters);
  let mutate: string;
  let conflictKeys: string[] = [];
  if (req.method === 'POST') {
    const body = await jsonBody(req);
    const rows = Array.isArray(body) ? body : [body];
    if (body === undefined || !rows.every(isObject)) throw invalidJson();
    const columns = insertColumns(params.columns, table, rows as Array<Record<string, unknown>>);
    conflictKeys = params.onConflict ?? table.pkCols;
    checkColumns(table, conflictKeys);
    mutate = insertSql(
      ctx.params,
      table,
      rows as Array<Record<string, unknown>>,
      columns,
      prefer,
      conflictKeys,
      returningSql,
    );
  } else if (req.method === 'PUT') {
    const body = await jsonBody(req);
    const rows = Array.isArray(body) ? body : [body];
    if (body === undefined || !rows.every(isObject)) throw invalidJson();
    const putConditions = putFilters(params, table);
    const columns = insertColumns(params.columns, table, rows as Array<Record<string, unknown>>);
    const mergePut = { ...prefer, resolution: 'merge-duplicates' as const };
    const conditions = conditionsSql(ctx, { schema: '', name: '_r' }, putConditions).replace(' WHERE ', ' AND ');
    mutate = insertSql(
      ctx.params,
      table,
      rows as Array<Record<string, unknown>>,
      columns,
      mergePut,
      table.pkCols,
      returningSql,
      conditions,
    );
  } else if (req.method === 'PATCH') {
    const body = await jsonBody(req);
    if (!isObject(body)) throw invalidJson();
    const columns = params.columns ?? Object.keys(body);
    checkColumns(table, columns);
    if (columns.length === 0) {
      const cols = returningSql === 'RETURNING 1' ? 'NULL' : returningSql.slice('RETURNING '.length);
      mutate = `SELECT ${cols} FROM ${t} WHERE false`;
    } else {
      const sets = columns.map((c) => `${quoteIdent(c)} = "pgrst_body".${quoteIdent(c)}`).join(', ');
      const data = ctx.params.add(JSON.stringify(body));
      mutate = `UPDATE ${t} SET ${sets} FROM json_populate_record(NULL::${t}, ${data}::json) AS "pgrst_body"${where()} ${returningSql}`;
    }
  } else {
    mutate = `DELETE FROM ${t}${where()} ${returningSql}`;
  }

  const put = req.method === 'PUT';
  const insert = req.method === 'POST';
  const merge = put || (insert && prefer.resolution === 'merge-duplicates');
  const sql = writeStatement(
    ctx,
    mutate,
    root,
    {
      handler: representation ? (media.kind === 'object' ? 'single' : media.kind) : 'none',
      stripNulls: media.stripNulls,
    },
    insert && headersOnly ? table.pkCols : null,
    merge,
  );
  const strictMax = prefer.handling === 'strict' && prefer.maxAffected !== null;
  return {
    sql,
    params: ctx.params.values,
    readOnly: false,
    write: true,
    rollback: prefer.tx === 'rollback',
    settings: rc.settings(prefer),
    check(row: ResultRow) {
      if (put && Number(row.n) !== 1)
        throw pgrstError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
      checkSingular(media, row);
      if (!insert && strictMax && Number(row.n) > prefer.maxAffected!)
        throw pgrstError(
          400,
          'PGRST124',
          'Query result exceeds max-affected preference constraint',
          `The query affects ${row.n} rows`,
        );
    },
    reply(row: ResultRow): ApiResponse {
      if (put) return putReply(row, prefer, media, rc.profile);
      const n = Number(row.n);
      const count = prefer.count === 'exact' || prefer.count === 'estimated' ? n : null;
      const range = req.method === 'PATCH' ? contentRange(0, n - 1, count) : contentRange(1, 0, count);
      const applied = insert
        ? { ...prefer, resolution: conflictKeys.length ? prefer.resolution : null }
        : { ...prefer, resolution: null };
      const keys: Array<keyof Prefer> = insert
        ? ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'timezone']
        : ['missing', 'return', 'count', 'tx', 'handling', 'timezone', 'maxAffected'];
      const headers: Record<string, string> = { 'content-range': range, ...preferenceApplied(applied, keys) };
      if (insert && row.location?.length) {
        const query = row.location.map((kv) => {
          const eq = kv.indexOf('=');
          return `${encodeURIComponent(kv.slice(0, eq))}=${encodeURIComponent(kv.slice(eq + 1))}`;
        });
        headers.location = `/${table.name}?${query.join('&')}`;
      }
      let status = insert ? 201 : 204;
      if (merge && (row.inserted === null || row.inserted <= 0)) status = 200;
      if (!representation) return { status: insert ? status : 204, headers };
      return {
        status: insert ? status : 200,
        headers: { ...headers, 'content-type': media.contentType, ...rc.profile },
        body: row.body,
      };
    },
  };
}
