/**
 * The `postgres_changes` bindings of a `phx_join`: parsed from the join payload, checked against
 * the catalog (schema, table and filter column exist, the filter value fits the column's type),
 * given the ids the join reply carries, and matched against captured changes (event, schema,
 * table, and a filter `col=op.value` with eq, neq, lt, lte, gt, gte or in.(a,b)).
 */
import type { Queryable } from '../db.ts';
import { quoteIdent, type Catalog, type TableInfo } from './catalog.ts';

export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE';
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  op: FilterOp;
  values: string[];
}

export interface Binding {
  id: number;
  /** The binding as the client sent it, echoed with its id in the join reply. */
  params: Record<string, unknown>;
  event: '*' | ChangeEvent;
  schema: string;
  /** null: every table of the schema (or of every schema). */
  table: string | null;
  filter: Filter | null;
  /** Set by `validateBindings` when the binding names one table. */
  info: TableInfo | null;
  /** Why the binding cannot be subscribed (reported after the join, as the hosted server does). */
  invalid: string | null;
}

const OPS: Record<FilterOp, string> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: 'in' };
const MAX_IN_VALUES = 100;

/** Phoenix's `:erlang.phash2` plays this role on the hosted server: equal params, equal ids. */
function bindingId(params: Record<string, unknown>): number {
  const text = JSON.stringify(params);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7ffffff;
}

export function parseFilter(text: string): Filter | string {
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(text);
  if (!match) return `Error parsing filter params: ${text}`;
  const [, column, op, raw] = match;
  if (op !== 'in') return { column, op: op as FilterOp, values: [raw] };
  if (!raw.startsWith('(') || !raw.endsWith(')')) return `Error parsing filter params: ${text}`;
  const values = raw
    .slice(1, -1)
    .split(',')
    .map((value) => value.trim().replace(/^"(.*)"$/s, '$1'));
  if (values.length > MAX_IN_VALUES) return `Error parsing filter params: too many values in ${text}`;
  return { column, op: 'in', values };
}

/** Parses the join payload's `config.postgres_changes`; a string when it is not a list of objects. */
export function parseBindings(config: unknown): Binding[] | string {
  if (config === undefined || config === null) return [];
  if (!Array.isArray(config)) return 'postgres_changes must be a list';
  const bindings: Binding[] = [];
  for (const entry of config) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'Invalid postgres_changes binding';
    const params = entry as Record<string, unknown>;
    const event = typeof params.event === 'string' ? params.event.toUpperCase() : '';
    const table = params.table;
    const filterText = params.filter;
    let invalid: string | null = null;
    let filter: Filter | null = null;
    if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) invalid = `Invalid event: ${String(params.event)}`;
    else if (typeof params.schema !== 'string' || params.schema === '') invalid = 'A schema is required';
    else if (table !== undefined && table !== null && typeof table !== 'string') invalid = 'Invalid table';
    else if (filterText !== undefined && filterText !== null && typeof filterText !== 'string')
      invalid = 'Invalid filter';
    else if (typeof filterText === 'string' && filterText !== '') {
      const parsed = parseFilter(filterText);
      if (typeof parsed === 'string') invalid = parsed;
      else filter = parsed;
    }
    bindings.push({
      id: bindingId(params),
      params,
      event: (invalid ? '*' : event) as Binding['event'],
      schema: typeof params.schema === 'string' ? params.schema : '',
      table: typeof table === 'string' && table !== '' && table !== '*' ? table : null,
      filter,
      info: null,
      invalid,
    });
  }
  return bindings;
}

/** Checks the bindings against the catalog; the error message when one cannot be subscribed. */
export async function validateBindings(catalog: Catalog, bindings: Binding[]): Promise<string | null> {
  const { db } = catalog;
  for (const binding of bindings) {
    if (binding.invalid) return binding.invalid;
    const failure = () =>
      `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${binding.event}, schema: ${binding.schema}, table: ${binding.table ?? '*'}, filters: ${binding.filter ? `[${binding.filter.column}, ${binding.filter.op}, ${binding.filter.values.join(',')}]` : '[]'}]`;
    if (binding.schema !== '*' && !(await catalog.schemaExists(binding.schema))) return failure();
    if (binding.table === null) {
      if (binding.filter) return failure();
      continue;
    }
    if (binding.schema === '*') return failure();
    const info = await catalog.table(binding.schema, binding.table);
    if (!info) return failure();
    binding.info = info;
    if (binding.filter) {
      const { column, values } = binding.filter;
      if (!info.columns.some((c) => c.name === column)) return failure();
      try {
        for (const value of values) await db.query(`select ${typedValue(info, column, '$1')}`, [value]);
      } catch {
        return failure();
      }
    }
  }
  return null;
}

/** SQL for a text parameter read as the column's type, through the table's own row type. */
function typedValue(info: TableInfo, column: string, param: string): string {
  return `(jsonb_populate_record(null::${info.qualified}, jsonb_build_object(${literal(column)}, ${param}::text))).${quoteIdent(column)}`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Whether a binding listens to this kind of change on this table (filters aside). */
export function bindingMatches(binding: Binding, event: ChangeEvent, schema: string, table: string): boolean {
  if (binding.event !== '*' && binding.event !== event) return false;
  if (binding.schema !== '*' && binding.schema !== schema) return false;
  return binding.table === null || binding.table === table;
}

/**
 * Evaluates filters against rows (each the jsonb of a table row), all in one statement: for each
 * row, one boolean per filter, false when the comparison is null.
 */
export async function evaluateFilters(
  db: Queryable,
  info: TableInfo,
  rows: unknown[],
  filters: Filter[],
): Promise<boolean[][]> {
  if (filters.length === 0 || rows.length === 0) return rows.map(() => []);
  const params: unknown[] = [JSON.stringify(rows)];
  const expressions = filters.map((filter) => {
    const left = `r.${quoteIdent(filter.column)}`;
    const rights = filter.values.map((value) => {
      params.push(value);
      return typedValue(info, filter.column, `$${params.length}`);
    });
    const test = filter.op === 'in' ? `${left} in (${rights.join(', ')})` : `${left} ${OPS[filter.op]} ${rights[0]}`;
    return `coalesce(${test}, false)`;
  });
  const result = await db.query<Record<string, boolean | number>>(
    `select r.ordinality::int as i, ${expressions.map((e, i) => `${e} as f${i}`).join(', ')}
       from jsonb_populate_recordset(null::${info.qualified}, $1::text::jsonb) with ordinality as r`,
    params,
  );
  const answers = rows.map(() => filters.map(() => false));
  for (const row of result.rows) {
    const i = Number(row.i) - 1;
    filters.forEach((_, f) => {
      if (answers[i]) answers[i][f] = Boolean(row[`f${f}`]);
    });
  }
  return answers;
}
