/**
 * What the schema cache reads from the system catalog, in one transaction with an empty
 * search_path (so that every type and default prints schema-qualified): the tables and views of
 * the exposed schemas, every primary, unique and foreign key, the views whose columns may carry
 * those keys, the functions of the exposed schemas, and the functions that form computed
 * relationships.
 */
import type { Database } from '../db.ts';
import type { ApiSettings } from './config.ts';
import { viewKeyDependencies, type ViewKeyDependency } from './view-keys.ts';
import { qiKey, type Column, type QI, type Routine, type RoutineParam, type Table } from './schema.ts';

export interface Constraint {
  name: string;
  type: 'p' | 'u' | 'f';
  table: QI;
  tableOid: string;
  foreignTable: QI | null;
  foreignOid: string | null;
  keys: number[];
  foreignKeys: number[];
  cols: string[];
  foreignCols: string[];
}

export interface ComputedRel {
  fn: QI;
  table: QI;
  foreignTable: QI;
  toOne: boolean;
}

export interface Catalog {
  tables: Map<string, Table>;
  constraints: Constraint[];
  viewKeys: ViewKeyDependency[];
  routines: Routine[];
  computedRels: ComputedRel[];
  timezones: Set<string>;
}

const TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relkind in ('v', 'm') as is_view,
       (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and (pg_relation_is_updatable(c.oid::regclass, true) & 8) = 8)) as insertable,
       (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and (pg_relation_is_updatable(c.oid::regclass, true) & 4) = 4)) as updatable,
       (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and (pg_relation_is_updatable(c.oid::regclass, true) & 16) = 16)) as deletable,
       coalesce((select array_agg(a.attname::text order by a.attname)
                   from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
                  where k.conrelid = c.oid and k.contype = 'p' and c.relkind in ('r', 'p')), '{}') as pk_cols,
       coalesce((select json_agg(json_build_object(
                   'name', a.attname, 'type', format_type(a.atttypid, null), 'notNull', a.attnotnull,
                   'defaultExpr', case when a.attidentity <> '' then 'nextval(' || quote_literal(pg_get_serial_sequence(c.oid::regclass::text, a.attname)) || '::regclass)'
                                       when a.attgenerated <> '' then null
                                       else pg_get_expr(d.adbin, d.adrelid) end) order by a.attnum)
                   from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition`;

const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, n.nspname as schema, c.relname as table_name,
       con.conrelid::text as table_oid, fn.nspname as fschema, fc.relname as ftable, con.confrelid::text as foreign_oid,
       con.conkey::int[] as keys, coalesce(con.confkey::int[], '{}') as fkeys,
       array(select a.attname::text from unnest(con.conkey) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.i) as cols,
       array(select a.attname::text from unnest(coalesce(con.confkey, '{}')) with ordinality k(num, i)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.i) as fcols
  from pg_constraint con
  join pg_class c on c.oid = con.conrelid
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_class fc on fc.oid = con.confrelid
  left join pg_namespace fn on fn.oid = fc.relnamespace
 where con.contype in ('p', 'u', 'f') and (con.contype <> 'f' or con.conparentid = 0)
   and n.nspname not in ('pg_catalog', 'information_schema')
 order by con.conrelid, con.conname`;

const VIEWS_SQL = `
select c.oid::text as oid, n.nspname as schema, c.relname as name, r.ev_action::text as definition,
       coalesce((select json_object_agg(a.attnum, a.attname) from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '{}')::text as columns
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite r on r.ev_class = c.oid and r.ev_type = '1'
 where c.relkind in ('v', 'm') and n.nspname = any($1::text[])`;

const ROUTINES_SQL = `
select n.nspname as schema, p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
       p.provariadic <> 0 as has_variadic, p.pronargs as nargs, p.pronargdefaults as ndefaults,
       coalesce(p.proargnames, '{}')::text[] as arg_names, coalesce(p.proargmodes::text[], '{}') as arg_modes,
       array(select x::regtype::text from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i) order by i) as arg_types,
       tn.nspname as ret_schema, coalesce(rc.relname, t.typname) as ret_name,
       (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as ret_composite
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_type rt on rt.oid = p.prorettype
  join pg_type t on t.oid = case when rt.typtype = 'd' then rt.typbasetype else rt.oid end
  join pg_namespace tn on tn.oid = t.typnamespace
  left join pg_class rc on rc.oid = t.typrelid
 where n.nspname = any($1::text[]) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`;

const COMPUTED_RELS_SQL = `
select n.nspname as schema, p.proname as name, an.nspname as table_schema, ac.relname as table_name,
       rn.nspname as ftable_schema, rc.relname as ftable_name, (not p.proretset or p.prorows = 1) as to_one
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ('v', 'r', 'm', 'f', 'p')
  join pg_namespace an on an.oid = ac.relnamespace
  join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ('v', 'r', 'm', 'f', 'p')
  join pg_namespace rn on rn.oid = rc.relnamespace
 where p.pronargs = 1 and n.nspname = any($1::text[])`;

/** PostgREST casts arguments to the varying form of fixed-width types so that any length fits. */
const WIDENED: Record<string, string> = {
  bit: 'bit varying',
  'bit[]': 'bit varying[]',
  character: 'character varying',
  'character[]': 'character varying[]',
};

interface RoutineRow {
  schema: string;
  name: string;
  volatility: string;
  returns_set: boolean;
  has_variadic: boolean;
  nargs: number;
  ndefaults: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  ret_schema: string;
  ret_name: string;
  ret_composite: boolean;
}

const CALLABLE_UNNAMED = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/** A function as PostgREST sees it, or null when it cannot be called over HTTP. */
function toRoutine(row: RoutineRow): Routine | null {
  const modes = row.arg_modes.length ? row.arg_modes : row.arg_types.map(() => 'i');
  const params: RoutineParam[] = [];
  modes.forEach((mode, i) => {
    if (mode !== 'i' && mode !== 'b' && mode !== 'v') return;
    const type = row.arg_types[i];
    params.push({
      name: row.arg_names[i] ?? '',
      type,
      castType: WIDENED[type] ?? type,
      required: params.length < row.nargs - row.ndefaults,
      variadic: mode === 'v',
    });
  });
  const unnamed = params.filter((p) => p.name === '');
  // Several unnamed parameters cannot be passed by name; one only as the whole request body.
  if (unnamed.length > 1 || (unnamed.length === 1 && !CALLABLE_UNNAMED.has(unnamed[0].type))) return null;
  return {
    schema: row.schema,
    name: row.name,
    params,
    returnsSet: row.returns_set,
    returnType: { schema: row.ret_schema, name: row.ret_name, composite: row.ret_composite },
    volatility: row.volatility as Routine['volatility'],
    hasVariadic: row.has_variadic,
  };
}

export async function loadCatalog(db: Database, api: ApiSettings): Promise<Catalog> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('search_path', '', true)`);
    const schemas = api.schemas;
    const tableRows = await tx.query<{
      schema: string;
      name: string;
      is_view: boolean;
      insertable: boolean;
      updatable: boolean;
      deletable: boolean;
      pk_cols: string[];
      columns: string;
    }>(TABLES_SQL, [schemas]);
    const constraintRows = await tx.query<{
      name: string;
      type: 'p' | 'u' | 'f';
      schema: string;
      table_name: string;
      table_oid: string;
      fschema: string | null;
      ftable: string | null;
      foreign_oid: string;
      keys: number[];
      fkeys: number[];
      cols: string[];
      fcols: string[];
    }>(CONSTRAINTS_SQL);
    const viewRows = await tx.query<{ oid: string; schema: string; name: string; definition: string; columns: string }>(
      VIEWS_SQL,
      [[...schemas, ...api.extraSearchPath]],
    );
    const routineRows = await tx.query<RoutineRow>(ROUTINES_SQL, [schemas]);
    const computedRows = await tx.query<{
      schema: string;
      name: string;
      table_schema: string;
      table_name: string;
      ftable_schema: string;
      ftable_name: string;
      to_one: boolean;
    }>(COMPUTED_RELS_SQL, [schemas]);
    const zones = await tx.query<{ names: string[] }>(
      `select coalesce(array_agg(name), '{}') as names from pg_timezone_names`,
    );

    const tables = new Map<string, Table>();
    for (const row of tableRows.rows) {
      const cols = JSON.parse(row.columns) as Column[];
      tables.set(qiKey(row), {
        schema: row.schema,
        name: row.name,
        isView: row.is_view,
        insertable: row.insertable,
        updatable: row.updatable,
        deletable: row.deletable,
        columns: new Map(cols.map((c) => [c.name, c])),
        columnOrder: cols.map((c) => c.name),
        pkCols: row.pk_cols,
      });
    }
    const constraints: Constraint[] = constraintRows.rows.map((row) => ({
      name: row.name,
      type: row.type,
      table: { schema: row.schema, name: row.table_name },
      tableOid: row.table_oid,
      foreignTable: row.fschema !== null && row.ftable !== null ? { schema: row.fschema, name: row.ftable } : null,
      foreignOid: row.type === 'f' ? row.foreign_oid : null,
      keys: row.keys,
      foreignKeys: row.fkeys,
      cols: row.cols,
      foreignCols: row.fcols,
    }));
    const viewKeys = viewKeyDependencies(
      viewRows.rows.map((v) => ({
        oid: v.oid,
        qi: { schema: v.schema, name: v.name },
        exposed: schemas.includes(v.schema),
        definition: v.definition,
        columns: new Map(
          Object.entries(JSON.parse(v.columns) as Record<string, string>).map(([k, n]) => [Number(k), n]),
        ),
      })),
      constraints,
    );
    // A view inherits the primary key of its source table when it shows every key column.
    const viewPks = new Map<string, string[]>();
    for (const dep of viewKeys) {
      if (dep.type !== 'p') continue;
      const key = qiKey(dep.view);
      viewPks.set(key, [...(viewPks.get(key) ?? []), ...dep.cols.map(([, viewCols]) => viewCols[0])]);
    }
    for (const [key, cols] of viewPks) {
      const view = tables.get(key);
      if (view?.isView) view.pkCols = cols;
    }
    const routines = routineRows.rows.map(toRoutine).filter((r): r is Routine => r !== null);
    const computedRels = computedRows.rows.map((row) => ({
      fn: { schema: row.schema, name: row.name },
      table: { schema: row.table_schema, name: row.table_name },
      foreignTable: { schema: row.ftable_schema, name: row.ftable_name },
      toOne: row.to_one,
    }));
    return { tables, constraints, viewKeys, routines, computedRels, timezones: new Set(zones.rows[0]?.names ?? []) };
  });
}
