/**
 * SQL for a read plan, shaped as PostgREST 13 shapes it so that PostgreSQL answers the same
 * (including its errors: an unknown column is `column books_1.x does not exist`, embedding one
 * table twice under one name is 42712): the root selects from its table (or `pgrst_source`),
 * each embed is a LATERAL join named `<parent>_<embed>_<depth>` (`row_to_json` for to-one,
 * `json_agg` for to-many, both as jsonb), a name that is not a column reaches PostgreSQL as
 * `alias.name` (so a function taking the row is a computed field), and every value from the
 * request is a `$n` parameter of unknown type that PostgreSQL types by its context.
 */
import type { FieldRef } from './parse.ts';
import type { Filter } from './parse-filters.ts';
import { qualifierOf, type Cond, type OrderItem, type Range, type ReadNode, type SelectField } from './plan-types.ts';
import { relIsToOne } from './relationships.ts';
import { qiKey, qualified, quoteIdent, type QI, type SchemaCache } from './schema.ts';

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Ctx {
  cache: SchemaCache;
  params: Params;
}

const JSON_TYPES = new Set(['json', 'jsonb']);

function columnType(ctx: Ctx, table: QI, name: string): string | null {
  return ctx.cache.tables.get(qiKey(table))?.columns.get(name)?.type ?? null;
}

const column = (q: QI, name: string) => (name === '*' ? `${qualified(q)}.*` : `${qualified(q)}.${quoteIdent(name)}`);

/** A field of `q` (typed from `table` when known), with its JSON path. */
function fieldSql(ctx: Ctx, q: QI, table: QI | null, field: FieldRef, toJson = true): string {
  const base = column(q, field.name);
  if (field.path.length === 0) return base;
  const type = table ? columnType(ctx, table, field.name) : null;
  let sql = toJson && !(type && JSON_TYPES.has(type)) ? `to_jsonb(${base})` : base;
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key) ? `${ctx.params.add(step.key)}::int` : ctx.params.add(step.key);
    sql += `${step.arrow}${key}`;
  }
  return sql;
}

const cast = (type: string | undefined, sql: string) => (type ? `CAST( ${sql} AS ${type} )` : sql);
const as = (alias: string | undefined) => (alias !== undefined ? ` AS ${quoteIdent(alias)}` : '');

function selectItem(ctx: Ctx, node: ReadNode, s: SelectField): string {
  const q = qualifierOf(node);
  const value = s.fullRow ? quoteIdent(q.name) : fieldSql(ctx, q, node.from, s.field);
  const withCast = cast(s.cast, value);
  const aggregated = s.agg ? cast(s.aggCast, `${s.agg.toUpperCase()}(${withCast})`) : withCast;
  return aggregated + as(s.alias);
}

/** PostgreSQL's array literal for a list of text values. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

const SIMPLE: Record<string, string> = {
  neq: '<>',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const QUANT: Record<string, string> = {
  eq: '=',
  gte: '>=',
  gt: '>',
  lte: '<=',
  lt: '<',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
};
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const IS: Record<string, string> = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
};

function filterSql(ctx: Ctx, node: ReadNode, f: Filter): string {
  const q = qualifierOf(node);
  let field = fieldSql(ctx, q, node.from, f.field);
  const p = (v: string) => ctx.params.add(v);
  let rest: string;
  if (f.op === 'is') rest = ` IS ${IS[f.value as string]}`;
  else if (f.op === 'isdistinct') rest = ` IS DISTINCT FROM ${p(f.value as string)}`;
  else if (f.op === 'in') {
    const values = f.value as string[];
    rest =
      values.length === 0 || (values.length === 1 && values[0] === '')
        ? ` = ANY('{}')`
        : ` = ANY (${p(arrayLiteral(values))})`;
  } else if (f.op in FTS) {
    const lang = f.config !== undefined ? `${p(f.config)}, ` : '';
    if (columnType(ctx, node.from, f.field.name) !== 'tsvector' || f.field.path.length > 0)
      field = `to_tsvector(${lang}${field})`;
    rest = ` @@ ${FTS[f.op]}(${lang}${p(f.value as string)})`;
  } else if (f.op in SIMPLE) rest = ` ${SIMPLE[f.op]} ${p(f.value as string)}`;
  else {
    const value = p(f.value as string);
    rest = ` ${QUANT[f.op]} ${f.quant ? `${f.quant.toUpperCase()}(${value})` : value}`;
  }
  return `${f.negate ? 'NOT ' : ''}${field}${rest}`;
}

export function condSql(ctx: Ctx, node: ReadNode, cond: Cond): string {
  if (cond.kind === 'filter') return filterSql(ctx, node, cond.filter);
  if (cond.kind === 'nullEmbed')
    return `${quoteIdent(cond.aggAlias)} IS ${cond.negate ? '' : 'NOT '}DISTINCT FROM NULL`;
  const joined = cond.children.map((c) => condSql(ctx, node, c)).join(cond.op === 'and' ? ' AND ' : ' OR ');
  return `${cond.negate ? 'NOT ' : ''}(${joined})`;
}

function orderSql(ctx: Ctx, node: ReadNode, qualifier: QI, order: OrderItem[]): string {
  if (order.length === 0) return '';
  const terms = order.map((o) => {
    const field =
      o.relation !== undefined
        ? fieldSql(ctx, { schema: '', name: o.relation }, null, o.field, false)
        : fieldSql(ctx, qualifier, node.from, o.field);
    const dir = o.desc === undefined ? '' : o.desc ? ' DESC' : ' ASC';
    const nulls = o.nulls ? ` NULLS ${o.nulls.toUpperCase()}` : '';
    return `${field}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

export function limitSql(range: Range): string {
  if (range.offset === 0 && range.limit === null) return '';
  return ` LIMIT ${range.limit === null ? 'ALL' : range.limit} OFFSET ${range.offset}`;
}

function fromSql(node: ReadNode): string {
  const rel = node.rel;
  let from: string;
  if (rel?.computed)
    from = `${qualified(rel.fn)}(${quoteIdent(node.relTableAlias ?? rel.table.name)}::${qualified(rel.table)})`;
  else from = qualified(node.from);
  if (node.fromAlias !== null) from += ` AS ${quoteIdent(node.fromAlias)}`;
  if (rel && !rel.computed && rel.card.kind === 'm2m') from += `, ${qualified(rel.card.junction)}`;
  return ` FROM ${from}`;
}

function groupSql(node: ReadNode): string {
  const aggregated =
    node.select.some((s) => s.agg) || node.relSelect.some((r) => r.kind === 'spread' && r.sels.some((s) => s.agg));
  if (!aggregated) return '';
  const q = qualifierOf(node);
  const terms = [
    ...node.select
      .filter((s) => !s.agg)
      .map((s) => (s.alias !== undefined ? quoteIdent(s.alias) : column(q, s.field.name))),
    ...node.relSelect.flatMap((r) => {
      if (r.kind === 'json') return [quoteIdent(r.selName)];
      return r.sels.filter((s) => !s.agg).map((s) => `${quoteIdent(r.aggAlias)}.${quoteIdent(s.alias ?? s.name)}`);
    }),
  ];
  return terms.length ? ` GROUP BY ${terms.join(', ')}` : '';
}

const spreadItem = (aggAlias: string, name: string) =>
  name === '*' ? `${quoteIdent(aggAlias)}.*` : `${quoteIdent(aggAlias)}.${quoteIdent(name)}`;

export function readSql(ctx: Ctx, node: ReadNode): string {
  const q = qualifierOf(node);
  const selects =
    node.select.length === 0 && node.children.length === 0
      ? [column(q, '*')]
      : node.select.map((s) => selectItem(ctx, node, s));
  if (node.spread?.kind === 'toMany') {
    for (const extra of node.spread.extraSelects) {
      const qual = extra.qualifier !== null ? { schema: '', name: extra.qualifier } : q;
      const value = fieldSql(
        ctx,
        qual,
        extra.qualifier !== null ? null : node.from,
        extra.field.field,
        extra.qualifier === null,
      );
      selects.push(value + as(extra.field.alias));
    }
  }
  const joins: string[] = [];
  for (const r of node.relSelect) {
    const child = node.children.find((c) => c.aggAlias === r.aggAlias)!;
    const a = quoteIdent(r.aggAlias);
    const inner = child.joinType === 'inner';
    const lateral = (sub: string, on: string) =>
      ` ${inner ? 'INNER' : 'LEFT'} JOIN LATERAL ( ${sub} ) AS ${a} ON ${on}`;
    const onAgg = inner ? `${a} IS NOT NULL` : 'TRUE';
    const aggOf = (extra: string) =>
      `SELECT json_agg(${a})::jsonb AS ${a}${extra} FROM (${readSql(ctx, child)} ) AS ${a}`;
    if (r.kind === 'json') {
      const toOne = relIsToOne(child.rel!);
      joins.push(toOne ? lateral(readSql(ctx, child), 'TRUE') : lateral(aggOf(''), onAgg));
      if (!r.empty)
        selects.push(
          toOne
            ? `row_to_json(${a}.*)::jsonb AS ${quoteIdent(r.selName)}`
            : `COALESCE( ${a}.${a}, '[]') AS ${quoteIdent(r.selName)}`,
        );
      continue;
    }
    const spread = child.spread;
    if (spread?.kind === 'toMany') {
      const order = orderSql(ctx, child, { schema: '', name: r.aggAlias }, spread.order);
      const cols = r.sels.map(
        (s) =>
          `COALESCE(json_agg(${spreadItem(r.aggAlias, s.name)} ${order.trim()}),'[]')::jsonb AS ${quoteIdent(s.alias ?? s.name)}`,
      );
      joins.push(lateral(aggOf(cols.length ? `, ${cols.join(', ')}` : ''), onAgg));
    } else {
      joins.push(lateral(readSql(ctx, child), 'TRUE'));
    }
    for (const s of r.sels) {
      const item = spreadItem(r.aggAlias, s.name);
      selects.push((s.agg ? cast(s.aggCast, `${s.agg.toUpperCase()}(${item})`) : item) + as(s.alias));
    }
  }
  const where = [...node.where.map((c) => condSql(ctx, node, c)), ...node.joinConds.map(([a, b]) => `${a} = ${b}`)];
  let sql = `SELECT ${selects.join(', ')}${fromSql(node)}${joins.join('')}`;
  if (where.length) sql += ` WHERE ${where.join(' AND ')}`;
  sql += groupSql(node);
  sql += orderSql(ctx, node, q, node.order);
  sql += limitSql(node.range);
  return sql;
}

/** Counts the root's rows: its filters and joins, inner embeds as EXISTS, no limit. */
export function countSql(ctx: Ctx, node: ReadNode): string {
  const byAgg = (alias: string) => node.children.find((c) => c.aggAlias === alias);
  const cond = (c: Cond): string => {
    if (c.kind === 'nullEmbed') {
      const child = byAgg(c.aggAlias);
      return child ? `${c.negate ? '' : 'NOT '}EXISTS (${countSql(ctx, child)})` : '';
    }
    if (c.kind === 'logic')
      return `${c.negate ? 'NOT ' : ''}(${c.children.map(cond).join(c.op === 'and' ? ' AND ' : ' OR ')})`;
    return filterSql(ctx, node, c.filter);
  };
  const where = [
    ...node.where.map(cond),
    ...node.joinConds.map(([a, b]) => `${a} = ${b}`),
    ...node.children.filter((c) => c.joinType === 'inner').map((c) => `EXISTS (${countSql(ctx, c)} )`),
  ];
  return `SELECT 1${fromSql(node)}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
}
