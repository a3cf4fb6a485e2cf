/**
 * The one statement each request runs, as PostgREST's `prepareRead`, `prepareWrite` and
 * `prepareCall` build it: the rows in a `pgrst_source` CTE, then a single result row with the
 * total (with `count=exact`), the number of rows, the body in the negotiated format, the Location
 * keys of an insert, how many rows an upsert inserted, and the `response.headers` and
 * `response.status` settings a function may have set to shape the reply.
 */
import type { ResultRow } from './respond.ts';
import { countSql, readSql, type Ctx } from './sql.ts';
import type { ReadNode } from './plan-types.ts';
import type { Queryable } from '../db.ts';

/** What a function may set to shape the reply (`response.headers`, `response.status`). */
const GUCS =
  `nullif(current_setting('response.headers', true), '') AS response_headers, ` +
  `nullif(current_setting('response.status', true), '') AS response_status`;

/** How the body is aggregated (`none` for HEAD and writes without a representation). */
export type Handler = 'json' | 'single' | 'csv' | 'none';

/** What a function returns, for the body: rows, one row, a scalar or a set of scalars. */
export type CallShape = 'rows' | 'row' | 'scalar' | 'scalars';

export interface BodyOptions {
  handler: Handler;
  stripNulls: boolean;
  shape?: CallShape;
}

function bodySql(o: BodyOptions): string {
  const strip = (sql: string) => (o.stripNulls ? `json_strip_nulls(${sql})` : sql);
  if (o.handler === 'none') return `''::text`;
  if (o.handler === 'csv')
    return (
      `(SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k FROM ` +
      `(SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a) || '\n' || ` +
      `coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), '')`
    );
  const scalar = '_postgrest_t.pgrst_scalar';
  const one = (value: string) => `coalesce(${strip(`json_agg(${value})->0`)}, 'null')::text`;
  const many = (value: string) => `coalesce(${strip(`json_agg(${value})`)}, '[]')::text`;
  if (o.handler === 'single') return one(o.shape === 'scalar' ? scalar : '_postgrest_t');
  if (o.shape === 'row') return one('_postgrest_t');
  if (o.shape === 'scalar') return one(scalar);
  if (o.shape === 'scalars') return many(scalar);
  return many('_postgrest_t');
}

export function readStatement(
  ctx: Ctx,
  root: ReadNode,
  exactCount: boolean,
  countLimit: number | null,
  body: BodyOptions,
): string {
  const limit = countLimit !== null ? ` LIMIT ${countLimit}` : '';
  const count = exactCount ? `, pgrst_source_count AS (${countSql(ctx, root)}${limit})` : '';
  const total = exactCount ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint';
  return (
    `WITH pgrst_source AS ( ${readSql(ctx, root)} )${count} ` +
    `SELECT ${total} AS total, pg_catalog.count(_postgrest_t)::int AS n, ${bodySql(body)} AS body, ` +
    `null::text[] AS location, null::int AS inserted, ${GUCS} FROM ( SELECT * FROM pgrst_source ) _postgrest_t`
  );
}

export function callStatement(
  ctx: Ctx,
  callSql: string,
  root: ReadNode,
  exactCount: boolean,
  single: boolean,
  body: BodyOptions,
): string {
  const count = exactCount ? `, pgrst_source_count AS (${countSql(ctx, root)})` : '';
  const total = exactCount ? '(SELECT pg_catalog.count(*) FROM pgrst_source_count)' : 'null::bigint';
  return (
    `WITH pgrst_source AS (${callSql})${count} ` +
    `SELECT ${total} AS total, ${single ? '1' : 'pg_catalog.count(_postgrest_t)::int'} AS n, ${bodySql(body)} AS body, ` +
    `null::text[] AS location, null::int AS inserted, ${GUCS} FROM (${readSql(ctx, root)}) _postgrest_t`
  );
}

export function writeStatement(
  ctx: Ctx,
  mutateSql: string,
  root: ReadNode,
  body: BodyOptions,
  locationKeys: string[] | null,
  trackInserted: boolean,
): string {
  const select = body.handler === 'none' ? 'SELECT * FROM pgrst_source' : readSql(ctx, root);
  const keys = (locationKeys ?? []).map((k) => `'${k.replace(/'/g, "''")}'`).join(', ');
  const location =
    locationKeys && locationKeys.length
      ? `CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN (WITH data AS (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) ` +
        `SELECT array_agg(json_data.key || '=' || coalesce('eq.' || json_data.value, 'is.null')) ` +
        `FROM data CROSS JOIN json_each_text(data.row) AS json_data WHERE json_data.key IN (${keys})) END`
      : 'null::text[]';
  const inserted = trackInserted ? `nullif(current_setting('pgrst.inserted', true), '')::int` : 'null::int';
  return (
    `WITH pgrst_source AS (${mutateSql}) ` +
    `SELECT null::bigint AS total, pg_catalog.count(_postgrest_t)::int AS n, ${bodySql(body)} AS body, ` +
    `${location} AS location, ${inserted} AS inserted, ${GUCS} FROM (${select}) _postgrest_t`
  );
}

/** PostgreSQL's estimate of the rows the count query would return (`count=planned`). */
export async function plannedCount(tx: Queryable, sql: string, params: unknown[]): Promise<number | null> {
  const { rows } = await tx.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const raw = rows[0] ? Object.values(rows[0])[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }> | null;
  const estimate = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof estimate === 'number' ? estimate : null;
}

export type { ResultRow };
