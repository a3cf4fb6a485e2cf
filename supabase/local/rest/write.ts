/**
 * POST (insert, upsert), PATCH (update) and DELETE on a table, as PostgREST plans them: the JSON
 * body becomes rows through `json_populate_record` (typed by the table's row type), filters
 * choose the rows to change, and the representation is selected from the changed rows (with
 * embeds) in the same statement. Statuses and `Prefer` handling follow PostgREST v12.
 */
import type { ApiRequest, ApiResponse } from '../app.ts';
import { invalidJson, pgrstError, unknownPayloadColumn } from './errors.ts';
import { parseSelect, type SelectItem } from './parse.ts';
import { applyParams, jsonBody, parseAccept, parseColumns, parsePrefer, type Prefer } from './request.ts';
import { buildLevel, newBuilder, renderTop, type Builder, type Level } from './query.ts';
import { checkSingular, formatBody, type Plan, type ResultRow } from './respond.ts';
import { qualified, quoteIdent, type SchemaCache, type Table } from './schema.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the write statement returns: only the columns the representation reads (selected columns,
 * and the key columns embeds join on), as PostgREST does, so that a table whose columns are
 * granted one by one can be written by a role that may not read all of them. With no
 * representation only the primary key comes back (the rows are counted, not read).
 */
function returningList(cache: SchemaCache, table: Table, alias: string, items: SelectItem[] | null): string {
  if (items?.some((item) => item.kind === 'star')) return `${alias}.*`;
  const names = new Set<string>(table.primaryKey);
  if (items) {
    for (const item of items) {
      if (item.kind === 'column' && table.columns.has(item.field.name)) names.add(item.field.name);
      if (item.kind === 'count' && item.bare && table.columns.has('count')) names.add('count');
    }
    if (items.some((item) => item.kind === 'embed')) {
      for (const fk of cache.foreignKeys) {
        if (fk.table === table.name) fk.columns.forEach((c) => names.add(c));
        if (fk.refTable === table.name) fk.refColumns.forEach((c) => names.add(c));
      }
    }
  }
  if (names.size === 0) return `${alias}.*`;
  return [...names].map((c) => `${alias}.${quoteIdent(c)}`).join(', ');
}

function checkColumns(table: Table, columns: string[]): void {
  for (const c of columns) if (!table.columns.has(c)) throw unknownPayloadColumn(table.name, c);
}

/** Columns of an insert: `columns=` when given, else the (identical) keys of every object. */
function insertColumns(req: ApiRequest, table: Table, rows: Array<Record<string, unknown>>): string[] {
  const param = req.url.searchParams.get('columns');
  if (param !== null) {
    const columns = parseColumns(param);
    checkColumns(table, columns);
    return columns;
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

function insertSql(
  b: Builder,
  req: ApiRequest,
  table: Table,
  rows: Array<Record<string, unknown>>,
  prefer: Prefer,
  returning: (alias: string) => string,
): string {
  const columns = insertColumns(req, table, rows);
  const t = qualified(table.name);
  const data = b.params.add(JSON.stringify(rows));
  const exprs = columns.map((c) => {
    const value = `"_r".${quoteIdent(c)}`;
    if (!prefer.missingDefault) return value;
    const fallback = table.columns.get(c)!.defaultExpr ?? 'NULL';
    return `CASE WHEN "_e"."j" -> ${b.params.add(c)}::text IS NOT NULL THEN ${value} ELSE ${fallback} END`;
  });
  let sql = `INSERT INTO ${t} AS "pgrst_target"`;
  sql += columns.length ? ` (${columns.map(quoteIdent).join(', ')})` : '';
  sql += ` SELECT ${exprs.join(', ')} FROM json_array_elements(${data}::json) WITH ORDINALITY AS "_e"("j", "i"),`;
  sql += ` LATERAL json_populate_record(NULL::${t}, "_e"."j") AS "_r" ORDER BY "_e"."i"`;
  if (prefer.resolution) {
    const param = req.url.searchParams.get('on_conflict');
    const target = param !== null ? parseColumns(param) : table.primaryKey;
    checkColumns(table, target);
    const conflict = target.length ? ` (${target.map(quoteIdent).join(', ')})` : '';
    const updates = columns.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`);
    if (prefer.resolution === 'merge-duplicates' && updates.length && conflict) {
      sql += ` ON CONFLICT${conflict} DO UPDATE SET ${updates.join(', ')}`;
    } else {
      sql += ` ON CONFLICT${conflict} DO NOTHING`;
    }
  }
  return `${sql} RETURNING ${returning('"pgrst_target"')}`;
}

/** Filters of PATCH and DELETE, with `limit`/`order` applied through the row's ctid. */
function whereOf(b: Builder, req: ApiRequest, filterLevel: Level): string {
  applyParams(b, filterLevel, req.url.searchParams);
  const conds = [...filterLevel.conds];
  if (filterLevel.limit !== undefined || filterLevel.offset !== undefined) {
    const a = quoteIdent(filterLevel.alias);
    let inner = `SELECT ${a}.ctid FROM ${qualified(filterLevel.table.name)} AS ${a}`;
    if (conds.length) inner += ` WHERE ${conds.join(' AND ')}`;
    if (filterLevel.order.length) inner += ` ORDER BY ${filterLevel.order.join(', ')}`;
    if (filterLevel.limit !== undefined) inner += ` LIMIT ${filterLevel.limit}`;
    if (filterLevel.offset) inner += ` OFFSET ${filterLevel.offset}`;
    return ` WHERE ${a}.ctid IN (${inner})`;
  }
  return conds.length ? ` WHERE ${conds.join(' AND ')}` : '';
}

export async function planWrite(req: ApiRequest, cache: SchemaCache, table: Table): Promise<Plan> {
  const media = parseAccept(req);
  const prefer = parsePrefer(req);
  const b = newBuilder(cache);
  const t = qualified(table.name);
  const representation = prefer.return === 'representation';
  const items = representation ? parseSelect(req.url.searchParams.get('select') ?? '*') : null;
  const returning = (alias: string) => returningList(cache, table, alias, items);
  let cte: string;

  if (req.method === 'POST') {
    const body = await jsonBody(req);
    const rows = Array.isArray(body) ? body : [body];
    if (body === undefined || !rows.every(isObject)) throw invalidJson();
    cte = insertSql(b, req, table, rows as Array<Record<string, unknown>>, prefer, returning);
  } else if (req.method === 'PATCH') {
    const body = await jsonBody(req);
    if (!isObject(body)) throw invalidJson();
    const columns = Object.keys(body);
    checkColumns(table, columns);
    const filterLevel = buildLevel(b, table, []);
    const a = quoteIdent(filterLevel.alias);
    const where = whereOf(b, req, filterLevel);
    if (columns.length === 0) {
      cte = `SELECT ${returning(a)} FROM ${t} AS ${a} WHERE FALSE`;
    } else {
      const sets = columns.map((c) => `${quoteIdent(c)} = "_r".${quoteIdent(c)}`).join(', ');
      cte = `UPDATE ${t} AS ${a} SET ${sets} FROM json_populate_record(NULL::${t}, ${b.params.add(JSON.stringify(body))}::json) AS "_r"${where} RETURNING ${returning(a)}`;
    }
  } else {
    const filterLevel = buildLevel(b, table, []);
    const a = quoteIdent(filterLevel.alias);
    cte = `DELETE FROM ${t} AS ${a}${whereOf(b, req, filterLevel)} RETURNING ${returning(a)}`;
  }

  const root = buildLevel(b, table, items ?? []);
  const sql = renderTop(b, root, {
    source: { cte },
    from: 'pgrst_source',
    withCount: false,
    singular: false,
    stripNulls: media.stripNulls,
  });

  return {
    sql,
    params: b.params.values,
    readOnly: false,
    write: true,
    rollback: prefer.rollback,
    check(row: ResultRow) {
      checkSingular(media, row);
      if (prefer.strict && prefer.maxAffected !== null && Number(row.n) > prefer.maxAffected) {
        throw pgrstError(
          400,
          'PGRST124',
          'Query result exceeds max-affected preference constraint',
          `The query affects ${row.n} rows`,
        );
      }
    },
    reply(row: ResultRow): ApiResponse {
      const n = Number(row.n);
      const range =
        req.method === 'POST' ? `*/${prefer.count ? n : '*'}` : `${n ? `0-${n - 1}` : '*'}/${prefer.count ? n : '*'}`;
      const headers: Record<string, string> = { 'content-range': range };
      if (prefer.return) headers['preference-applied'] = `return=${prefer.return}`;
      const created = req.method === 'POST';
      if (!representation) return { status: created ? 201 : 204, headers };
      const { body, type } = formatBody(media, row);
      headers['content-type'] = type;
      return { status: created ? 201 : 200, headers, body };
    },
  };
}
