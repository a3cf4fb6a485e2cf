/**
 * Turns a parsed `select` tree, filters, order and limits into one SQL statement, as PostgREST
 * does: each embedded resource is a LATERAL subquery (to-one: `row_to_json`, to-many:
 * `json_agg`), the response body is built by `json_agg` in SQL, identifiers come only from the
 * schema cache and every value is a `$n` parameter cast to the column's type.
 */
import { pgrstError, unknownColumn } from './errors.ts';
import type { Condition, FieldRef, Filter, OrderTerm, SelectItem } from './parse.ts';
import { findRelationship, joinCondition, type Relationship } from './relationships.ts';
import { qualified, quoteIdent, type Column, type SchemaCache, type Table } from './schema.ts';

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Embed {
  key: string;
  name: string;
  rel: Relationship;
  level: Level;
  inner: boolean;
  spread: boolean;
  /** Not in the output (`author!inner()`), only used for filtering. */
  hidden: boolean;
  joinAlias: string;
}

export interface Level {
  table: Table;
  alias: string;
  outputs: Array<{ key: string; expr: string; aggregate: boolean }>;
  embeds: Embed[];
  conds: string[];
  order: string[];
  limit?: number;
  offset?: number;
}

export interface Builder {
  cache: SchemaCache;
  params: Params;
  aliases: number;
}

export function newBuilder(cache: SchemaCache): Builder {
  return { cache, params: new Params(), aliases: 0 };
}

const nextAlias = (b: Builder, prefix: string) => `${prefix}${b.aliases++}`;

/** A pseudo-table for the rows of a function without a table row type. */
export function pseudoTable(name: string, columns: Column[]): Table {
  return {
    name,
    kind: 'f',
    columns: new Map(columns.map((c) => [c.name, c])),
    columnOrder: columns.map((c) => c.name),
    primaryKey: [],
    uniques: [],
  };
}

function columnOf(level: Level, name: string): Column {
  const column = level.table.columns.get(name);
  if (!column) throw unknownColumn(level.table.name, name);
  return column;
}

const JSON_TYPES = new Set(['json', 'jsonb']);

/** The SQL of a column with an optional JSON path, and the type of its value. */
function fieldExpr(b: Builder, level: Level, field: FieldRef): { sql: string; type: string } {
  const column = columnOf(level, field.name);
  let sql = `${quoteIdent(level.alias)}.${quoteIdent(column.name)}`;
  let type = column.type;
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key) ? `${Number(step.key)}` : `${b.params.add(step.key)}::text`;
    sql = `${sql}${step.arrow}${key}`;
    type = step.arrow === '->>' ? 'text' : JSON_TYPES.has(column.type) ? column.type : 'jsonb';
  }
  return { sql, type };
}

export function buildLevel(b: Builder, table: Table, items: SelectItem[], depth = 0): Level {
  const level: Level = { table, alias: nextAlias(b, 't'), outputs: [], embeds: [], conds: [], order: [] };
  for (const item of items) {
    if (item.kind === 'star') {
      for (const name of table.columnOrder) {
        level.outputs.push({ key: name, expr: `${quoteIdent(level.alias)}.${quoteIdent(name)}`, aggregate: false });
      }
    } else if (item.kind === 'count') {
      if (item.bare && table.columns.has('count')) {
        level.outputs.push({
          key: item.alias ?? 'count',
          expr: `${quoteIdent(level.alias)}."count"`,
          aggregate: false,
        });
      } else {
        level.outputs.push({ key: item.alias ?? 'count', expr: 'count(*)', aggregate: true });
      }
    } else if (item.kind === 'column') {
      const { sql } = fieldExpr(b, level, item.field);
      const last = item.field.path.at(-1);
      const key = item.alias ?? (last ? last.key : item.field.name);
      level.outputs.push({ key, expr: item.cast ? `CAST(${sql} AS ${item.cast})` : sql, aggregate: false });
    } else {
      const rel = findRelationship(b.cache, table.name, item.name, item.hint);
      const target = b.cache.tables.get(rel.target)!;
      const child = buildLevel(b, target, item.items, depth + 1);
      if (item.spread && rel.toMany) {
        throw pgrstError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          "'" + table.name + "' and '" + item.name + "' do not form a many-to-one or one-to-one relationship",
        );
      }
      level.embeds.push({
        key: item.alias ?? item.name,
        name: item.name,
        rel,
        level: child,
        inner: item.inner,
        spread: item.spread,
        hidden: item.items.length === 0,
        joinAlias: nextAlias(b, 'j'),
      });
    }
  }
  return level;
}

/** The level an embed path (`author.books`) points at. */
export function levelAt(root: Level, path: string[]): Level {
  let level = root;
  for (const key of path) {
    const embed = level.embeds.find((e) => e.key === key) ?? level.embeds.find((e) => e.name === key);
    if (!embed) {
      throw pgrstError(
        400,
        'PGRST108',
        `'${key}' is not an embedded resource in this request`,
        null,
        `Verify that '${key}' is included in the 'select' query parameter.`,
      );
    }
    level = embed.level;
  }
  return level;
}

function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const FTS_FN: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const IS: Record<string, string> = {
  null: 'IS NULL',
  not_null: 'IS NOT NULL',
  true: 'IS TRUE',
  false: 'IS FALSE',
  unknown: 'IS UNKNOWN',
};

function typed(b: Builder, value: string, type: string): string {
  const p = b.params.add(value);
  return type === 'text' ? `${p}::text` : `${p}::text::${type}`;
}

function filterSql(b: Builder, level: Level, f: Filter): string {
  // `embed=is.null` / `embed=not.is.null` filter the parent by whether the embed is empty.
  if (f.field.path.length === 0 && !level.table.columns.has(f.field.name)) {
    const embed = level.embeds.find((e) => e.key === f.field.name);
    if (embed && f.op === 'is' && (f.value === 'null' || f.value === 'not_null')) {
      const isNull = (f.value === 'null') !== f.negate;
      const probe = embed.rel.toMany
        ? `${quoteIdent(embed.joinAlias)}."v"`
        : `row_to_json(${quoteIdent(embed.joinAlias)}.*)`;
      return `${probe} ${isNull ? 'IS NULL' : 'IS NOT NULL'}`;
    }
  }
  const { sql: col, type } = fieldExpr(b, level, f.field);
  const value = f.value;
  let sql: string;
  if (f.op === 'is') sql = `${col} ${IS[value as string]}`;
  else if (f.op === 'isdistinct') sql = `${col} IS DISTINCT FROM ${typed(b, value as string, type)}`;
  else if (f.op === 'in') sql = `${col} = ANY(${b.params.add(pgArray(value as string[]))}::text::${type}[])`;
  else if (f.op in FTS_FN) {
    const config = f.config ? `${b.params.add(f.config)}::text::regconfig, ` : '';
    const vector = type === 'tsvector' ? col : `to_tsvector(${config}${col})`;
    sql = `${vector} @@ ${FTS_FN[f.op]}(${config}${b.params.add(value)}::text)`;
  } else if (f.quant) {
    const elemType = ['like', 'ilike', 'match', 'imatch'].includes(f.op) ? 'text' : type;
    sql = `${col} ${COMPARE[f.op]} ${f.quant.toUpperCase()}(${b.params.add(pgArray(value as string[]))}::text::${elemType}[])`;
  } else if (['like', 'ilike', 'match', 'imatch'].includes(f.op)) {
    sql = `${col} ${COMPARE[f.op]} ${b.params.add(value)}::text`;
  } else {
    let v = value as string;
    if (f.op === 'ov' && type.endsWith('[]') && v.startsWith('(') && v.endsWith(')')) v = `{${v.slice(1, -1)}}`;
    sql = `${col} ${COMPARE[f.op]} ${typed(b, v, type)}`;
  }
  return f.negate ? `NOT (${sql})` : sql;
}

export function conditionSql(b: Builder, level: Level, cond: Condition): string {
  if (cond.kind === 'filter') return filterSql(b, level, cond);
  const parts = cond.children.map((c) => conditionSql(b, level, c));
  const joined = parts.length
    ? `(${parts.join(cond.op === 'and' ? ' AND ' : ' OR ')})`
    : cond.op === 'and'
      ? 'TRUE'
      : 'FALSE';
  return cond.negate ? `NOT ${joined}` : joined;
}

export function orderSql(b: Builder, level: Level, terms: OrderTerm[]): string[] {
  return terms.map((term) => {
    let expr: string;
    if (term.embed !== undefined) {
      const embed = level.embeds.find((e) => e.key === term.embed) ?? level.embeds.find((e) => e.name === term.embed);
      if (!embed || embed.rel.toMany) {
        throw pgrstError(
          400,
          'PGRST118',
          `A related order on '${term.embed}' is not possible`,
          `'${level.table.name}' and '${term.embed}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const alias = nextAlias(b, 'o');
      const inner: Level = { ...embed.level, alias };
      const { sql } = fieldExpr(b, inner, term.field);
      const cond = joinCondition(embed.rel, level.alias, alias, nextAlias(b, 'x'));
      expr = `(SELECT ${sql} FROM ${qualified(embed.level.table.name)} AS ${quoteIdent(alias)} WHERE ${cond} LIMIT 1)`;
    } else {
      expr = fieldExpr(b, level, term.field).sql;
    }
    const nulls = term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : '';
    return `${expr} ${term.desc ? 'DESC' : 'ASC'}${nulls}`;
  });
}

export interface RenderOptions {
  /** The FROM of the level: a table (default), `pgrst_source`, or a function call. */
  from?: string;
  /** Only count rows: no outputs, order or limit. */
  countOnly?: boolean;
  joinCond?: string;
}

/** One level as a SELECT with its embeds as LATERAL joins. */
export function renderLevel(b: Builder, level: Level, options: RenderOptions = {}): string {
  const a = quoteIdent(level.alias);
  const outputs: string[] = options.countOnly ? [] : level.outputs.map((o) => `${o.expr} AS ${quoteIdent(o.key)}`);
  const joins: string[] = [];
  for (const embed of level.embeds) {
    const needed =
      !options.countOnly || embed.inner || level.conds.some((c) => c.includes(quoteIdent(embed.joinAlias)));
    if (!needed) continue;
    const child = renderLevel(b, embed.level, {
      joinCond: joinCondition(embed.rel, level.alias, embed.level.alias, nextAlias(b, 'x')),
    });
    const j = quoteIdent(embed.joinAlias);
    const kind = embed.inner ? 'INNER' : 'LEFT';
    if (embed.rel.toMany) {
      const r = quoteIdent(`${embed.joinAlias}_r`);
      joins.push(
        `${kind} JOIN LATERAL (SELECT json_agg(${r}) AS "v" FROM (${child}) AS ${r}) AS ${j} ON ${embed.inner ? `${j}."v" IS NOT NULL` : 'TRUE'}`,
      );
      if (!embed.hidden) outputs.push(`COALESCE(${j}."v", '[]'::json) AS ${quoteIdent(embed.key)}`);
    } else {
      joins.push(`${kind} JOIN LATERAL (${child}) AS ${j} ON TRUE`);
      if (embed.hidden) continue;
      if (embed.spread)
        for (const o of embed.level.outputs) outputs.push(`${j}.${quoteIdent(o.key)} AS ${quoteIdent(o.key)}`);
      else outputs.push(`row_to_json(${j}.*) AS ${quoteIdent(embed.key)}`);
    }
  }
  const where = [options.joinCond, ...level.conds].filter(Boolean);
  let sql = `SELECT ${outputs.join(', ') || (options.countOnly ? '1' : '')} FROM ${options.from ?? qualified(level.table.name)} AS ${a}`;
  if (joins.length) sql += ` ${joins.join(' ')}`;
  if (where.length) sql += ` WHERE ${where.join(' AND ')}`;
  if (options.countOnly) return sql;
  if (level.outputs.some((o) => o.aggregate)) {
    const groups = level.outputs.filter((o) => !o.aggregate).map((o) => o.expr);
    if (groups.length) sql += ` GROUP BY ${groups.join(', ')}`;
  }
  if (level.order.length) sql += ` ORDER BY ${level.order.join(', ')}`;
  if (level.limit !== undefined) sql += ` LIMIT ${level.limit}`;
  if (level.offset) sql += ` OFFSET ${level.offset}`;
  return sql;
}

export interface TopOptions {
  source?: { cte: string };
  from?: string;
  withCount: boolean;
  singular: boolean;
  stripNulls: boolean;
}

/**
 * The whole statement: rows of the root level aggregated to one JSON text (`body`), their number
 * (`n`) and, with `withCount`, the total without limit/offset (`total`).
 */
export function renderTop(b: Builder, root: Level, options: TopOptions): string {
  const rows = renderLevel(b, root, { from: options.from });
  const total = options.withCount
    ? `(SELECT count(*) FROM (${renderLevel(b, root, { from: options.from, countOnly: true })}) AS "_c")`
    : 'NULL';
  const row = options.stripNulls ? 'json_strip_nulls(row_to_json("_t"))' : '"_t"';
  const cte = options.source ? `WITH pgrst_source AS (${options.source.cte}) ` : '';
  return `${cte}SELECT ${total}::bigint AS total, count(*)::int AS n, coalesce(json_agg(${row}), '[]')::text AS body FROM (${rows}) AS "_t"`;
}
