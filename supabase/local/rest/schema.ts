/**
 * PostgREST's schema cache: the tables and views of the exposed schema with their columns, keys
 * and foreign keys, and its functions with their arguments, volatility and result shape, read
 * from the catalog. Every identifier the REST API puts into SQL comes from here. The cache is
 * loaded on first use and reloaded when a request names something it does not know.
 */
import type { Database } from '../db.ts';

export const SCHEMA = 'public';

export interface Column {
  name: string;
  /** The type as `regtype` prints it (usable in a cast), e.g. `integer`, `text[]`, `public.mood`. */
  type: string;
  notNull: boolean;
  /** The default expression as the catalog prints it (identity columns get a nextval()). */
  defaultExpr: string | null;
  generated: boolean;
}

export interface Table {
  name: string;
  kind: string;
  columns: Map<string, Column>;
  columnOrder: string[];
  primaryKey: string[];
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FuncArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Func {
  name: string;
  args: FuncArg[];
  volatility: 'i' | 's' | 'v';
  returnsSet: boolean;
  returnType: string;
  /** void, a scalar, or rows with `resultColumns` (a table's row type gives `resultTable`). */
  returnKind: 'void' | 'scalar' | 'composite';
  resultTable: string | null;
  resultColumns: Column[];
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, Func[]>;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: string): string {
  return `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`;
}

const COLUMNS_SQL = `
select c.relname as table_name, c.relkind::text as kind, a.attname as name,
       a.atttypid::regtype::text as type, a.attnotnull as not_null,
       case when a.attidentity <> '' then 'nextval(' || quote_literal(pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname)) || '::regclass)'
            else pg_get_expr(d.adbin, d.adrelid) end as default_expr,
       (a.attgenerated <> '' or a.attidentity = 'a') as generated
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum and a.attgenerated = ''
 where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
 order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as kind, c.relname as table_name, rc.relname as ref_table,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as columns,
       array(select a.attname::text from unnest(coalesce(con.confkey, '{}')) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i) as ref_columns
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_class rc on rc.oid = con.confrelid
  left join pg_namespace rn on rn.oid = rc.relnamespace
 where n.nspname = $1 and con.contype in ('p', 'u', 'f') and (con.contype <> 'f' or rn.nspname = $1)
 order by con.conname`;

const FUNCTIONS_SQL = `
select p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
       p.prorettype::regtype::text as return_type, t.typtype::text as typtype,
       rc.relname as return_table, rn.nspname as return_table_schema,
       coalesce(p.proargnames, '{}')::text[] as arg_names,
       coalesce(p.proargmodes::text[], '{}') as arg_modes,
       array(select x::regtype::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i) order by i) as arg_types,
       p.pronargdefaults as n_defaults,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', a.atttypid::regtype::text) order by a.attnum)::text
                   from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]') as ret_columns
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type t on t.oid = p.prorettype
  left join pg_class rc on rc.oid = t.typrelid
  left join pg_namespace rn on rn.oid = rc.relnamespace
 where n.nspname = $1 and p.prokind = 'f'`;

interface ColumnRow {
  table_name: string;
  kind: string;
  name: string;
  type: string;
  not_null: boolean;
  default_expr: string | null;
  generated: boolean;
}

interface ConstraintRow {
  name: string;
  kind: string;
  table_name: string;
  ref_table: string | null;
  columns: string[];
  ref_columns: string[];
}

interface FunctionRow {
  name: string;
  volatility: string;
  returns_set: boolean;
  return_type: string;
  typtype: string;
  return_table: string | null;
  return_table_schema: string | null;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  n_defaults: number;
  ret_columns: string;
}

function column(name: string, type: string): Column {
  return { name, type, notNull: false, defaultExpr: null, generated: false };
}

export async function loadSchema(db: Database): Promise<SchemaCache> {
  const columns = await db.query<ColumnRow>(COLUMNS_SQL, [SCHEMA]);
  const constraints = await db.query<ConstraintRow>(CONSTRAINTS_SQL, [SCHEMA]);
  const functions = await db.query<FunctionRow>(FUNCTIONS_SQL, [SCHEMA]);

  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = {
        name: row.table_name,
        kind: row.kind,
        columns: new Map(),
        columnOrder: [],
        primaryKey: [],
        uniques: [],
      };
      tables.set(row.table_name, table);
    }
    table.columns.set(row.name, {
      name: row.name,
      type: row.type,
      notNull: row.not_null,
      defaultExpr: row.default_expr,
      generated: row.generated,
    });
    table.columnOrder.push(row.name);
  }

  const foreignKeys: ForeignKey[] = [];
  for (const row of constraints.rows) {
    const table = tables.get(row.table_name);
    if (!table) continue;
    if (row.kind === 'p') {
      table.primaryKey = row.columns;
      table.uniques.push(row.columns);
    } else if (row.kind === 'u') {
      table.uniques.push(row.columns);
    } else if (row.ref_table && tables.has(row.ref_table)) {
      foreignKeys.push({
        name: row.name,
        table: row.table_name,
        columns: row.columns,
        refTable: row.ref_table,
        refColumns: row.ref_columns,
      });
    }
  }

  const funcs = new Map<string, Func[]>();
  for (const row of functions.rows) {
    const modes = row.arg_modes.length ? row.arg_modes : row.arg_types.map(() => 'i');
    const inputs: FuncArg[] = [];
    const outputs: Column[] = [];
    modes.forEach((mode, i) => {
      const name = row.arg_names[i] ?? '';
      const type = row.arg_types[i] ?? 'text';
      if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false });
      if (mode === 'o' || mode === 'b' || mode === 't') outputs.push(column(name, type));
    });
    for (let i = inputs.length - row.n_defaults; i < inputs.length; i++) if (i >= 0) inputs[i].hasDefault = true;

    let returnKind: Func['returnKind'] = 'scalar';
    let resultColumns: Column[] = [];
    let resultTable: string | null = null;
    if (row.return_type === 'void') {
      returnKind = 'void';
    } else if (outputs.length > 1 || (outputs.length === 1 && modes.includes('t'))) {
      returnKind = 'composite';
      resultColumns = outputs;
    } else if (row.typtype === 'c') {
      returnKind = 'composite';
      const parsed = JSON.parse(row.ret_columns) as Array<{ name: string; type: string }>;
      resultColumns = parsed.map((c) => column(c.name, c.type));
      if (row.return_table_schema === SCHEMA && row.return_table && tables.has(row.return_table)) {
        resultTable = row.return_table;
      }
    }
    const func: Func = {
      name: row.name,
      args: inputs,
      volatility: row.volatility as Func['volatility'],
      returnsSet: row.returns_set,
      returnType: row.return_type,
      returnKind,
      resultTable,
      resultColumns,
    };
    const list = funcs.get(row.name) ?? [];
    list.push(func);
    funcs.set(row.name, list);
  }

  return { tables, foreignKeys, functions: funcs };
}

/** The schema cache of one backend: loaded once, reloaded on demand (coalescing concurrent loads). */
export class SchemaStore {
  private current: SchemaCache | null = null;
  private loading: Promise<SchemaCache> | null = null;

  constructor(private readonly db: Database) {}

  async get(): Promise<SchemaCache> {
    return this.current ?? this.reload();
  }

  reload(): Promise<SchemaCache> {
    this.loading ??= loadSchema(this.db)
      .then((cache) => {
        this.current = cache;
        return cache;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}

/** The closest known name, for PostgREST's "Perhaps you meant" hints. */
export function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

function distance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return a === b ? 0 : Infinity;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
