/**
 * Reads what the type generator needs of the `public` schema from pg_catalog: tables and views
 * with their columns, foreign keys, functions (but trigger functions), enums and composite types.
 * Every list comes sorted by name, so the generated file is stable.
 */
import type { Queryable } from '../local/db.ts';

/** A PostgreSQL type as the generator maps it to TypeScript. */
export interface PgType {
  /** `typname`, e.g. `text`, `_uuid` (array), `event_status`. */
  name: string;
  schema: string;
  /** b: base, e: enum, c: composite, p: pseudo, d: domain. */
  kind: string;
  /** For arrays, the element type. */
  element: PgType | null;
  /** For composite types: the relation it is the row type of, and that relation's kind. */
  relation: { name: string; kind: string } | null;
}

export interface Column {
  name: string;
  type: PgType;
  isNullable: boolean;
  hasDefault: boolean;
  isIdentity: boolean;
  isGenerated: boolean;
}

interface Relation {
  name: string;
  kind: 'table' | 'view';
  isUpdatable: boolean;
  columns: Column[];
}

interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  referencedRelation: string;
  referencedColumns: string[];
  isOneToOne: boolean;
}

export interface FunctionArg {
  name: string;
  type: PgType;
  hasDefault: boolean;
}

export interface FunctionDef {
  name: string;
  args: FunctionArg[];
  returns: PgType;
  returnsSet: boolean;
  /** `returns table (…)`: its columns, in order. */
  table: FunctionArg[] | null;
}

export interface Catalog {
  relations: Relation[];
  foreignKeys: ForeignKey[];
  functions: FunctionDef[];
  enums: Array<{ name: string; values: string[] }>;
  composites: Array<{ name: string; attributes: Array<{ name: string; type: PgType }> }>;
}

interface TypeRow {
  oid: number;
  name: string;
  schema: string;
  kind: string;
  elem: number;
  rel_name: string | null;
  rel_kind: string | null;
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export async function readCatalog(db: Queryable): Promise<Catalog> {
  const typeRows = (
    await db.query<TypeRow>(
      `select t.oid::int as oid, t.typname as name, n.nspname as schema, t.typtype as kind,
              t.typelem::int as elem, c.relname as rel_name, c.relkind::text as rel_kind
         from pg_type t
         join pg_namespace n on n.oid = t.typnamespace
         left join pg_class c on c.oid = t.typrelid`,
    )
  ).rows;
  const types = new Map(typeRows.map((row) => [row.oid, row]));
  const typeOf = (oid: number): PgType => {
    const row = types.get(oid);
    if (!row) return { name: 'unknown', schema: '', kind: 'p', element: null, relation: null };
    const isArray = row.name.startsWith('_') && row.elem !== 0;
    return {
      name: row.name,
      schema: row.schema,
      kind: row.kind,
      element: isArray ? typeOf(row.elem) : null,
      relation: row.rel_name ? { name: row.rel_name, kind: row.rel_kind ?? '' } : null,
    };
  };

  const relationRows = (
    await db.query<{ name: string; kind: string; is_updatable: boolean }>(
      `select c.relname as name, c.relkind::text as kind,
              (c.relkind in ('r', 'p') or pg_relation_is_updatable(c.oid::regclass, false) & 20 = 20) as is_updatable
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    )
  ).rows;
  const columnRows = (
    await db.query<{
      relation: string;
      name: string;
      type: number;
      nullable: boolean;
      has_default: boolean;
      identity: string;
      generated: string;
    }>(
      `select c.relname as relation, a.attname as name, a.atttypid::int as type, not a.attnotnull as nullable,
              a.atthasdef as has_default, a.attidentity::text as identity, a.attgenerated::text as generated
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0 and not a.attisdropped`,
    )
  ).rows;
  const columnsOf = (relation: string): Column[] =>
    columnRows
      .filter((row) => row.relation === relation)
      .map((row) => ({
        name: row.name,
        type: typeOf(row.type),
        isNullable: row.nullable,
        hasDefault: row.has_default,
        isIdentity: row.identity !== '',
        isGenerated: row.generated !== '',
      }))
      .sort(byName);
  const relations: Relation[] = relationRows
    .map((row) => ({
      name: row.name,
      kind: row.kind === 'r' || row.kind === 'p' ? ('table' as const) : ('view' as const),
      isUpdatable: row.is_updatable,
      columns: columnsOf(row.name),
    }))
    .sort(byName);

  const foreignKeys = (
    await db.query<{
      name: string;
      table: string;
      columns: string[];
      referenced_relation: string;
      referenced_columns: string[];
      one_to_one: boolean;
    }>(
      `select con.conname as name, cl.relname as table,
              array(select attname from unnest(con.conkey) with ordinality k(num, ord)
                      join pg_attribute on attrelid = con.conrelid and attnum = k.num order by k.ord) as columns,
              rcl.relname as referenced_relation,
              array(select attname from unnest(con.confkey) with ordinality k(num, ord)
                      join pg_attribute on attrelid = con.confrelid and attnum = k.num order by k.ord) as referenced_columns,
              exists (select 1 from pg_constraint u
                       where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                         and (select array_agg(x order by x) from unnest(u.conkey) x)
                           = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
         from pg_constraint con
         join pg_class cl on cl.oid = con.conrelid
         join pg_namespace n on n.oid = cl.relnamespace
         join pg_class rcl on rcl.oid = con.confrelid
         join pg_namespace rn on rn.oid = rcl.relnamespace
        where con.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'`,
    )
  ).rows
    .map((row) => ({
      name: row.name,
      table: row.table,
      columns: row.columns,
      referencedRelation: row.referenced_relation,
      referencedColumns: row.referenced_columns,
      isOneToOne: row.one_to_one,
    }))
    .sort(byName);

  const functionRows = (
    await db.query<{
      name: string;
      arg_names: string[] | null;
      arg_modes: string[] | null;
      all_arg_types: number[] | null;
      arg_types: number[];
      defaults: number;
      returns: number;
      returns_set: boolean;
      identity: string;
    }>(
      `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
              p.proallargtypes::int[] as all_arg_types, p.proargtypes::int[] as arg_types,
              p.pronargdefaults as defaults, p.prorettype::int as returns, p.proretset as returns_set,
              pg_get_function_identity_arguments(p.oid) as identity
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
          and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`,
    )
  ).rows.sort((a, b) => (a.name === b.name ? (a.identity < b.identity ? -1 : 1) : a.name < b.name ? -1 : 1));
  const functions: FunctionDef[] = functionRows.map((row) => {
    const types = row.all_arg_types ?? row.arg_types;
    const modes = row.arg_modes ?? types.map(() => 'i');
    const names = row.arg_names ?? [];
    const inputs: FunctionArg[] = [];
    const table: FunctionArg[] = [];
    types.forEach((oid, i) => {
      const arg = { name: names[i] ?? '', type: typeOf(oid), hasDefault: false };
      if (modes[i] === 't') table.push(arg);
      else if (modes[i] === 'i' || modes[i] === 'b' || modes[i] === 'v') inputs.push(arg);
    });
    inputs.forEach((arg, i) => (arg.hasDefault = i >= inputs.length - row.defaults));
    return {
      name: row.name,
      args: inputs,
      returns: typeOf(row.returns),
      returnsSet: row.returns_set,
      table: table.length ? table : null,
    };
  });

  const enumRows = (
    await db.query<{ name: string; value: string }>(
      `select t.typname as name, e.enumlabel as value
         from pg_enum e join pg_type t on t.oid = e.enumtypid join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' order by t.typname, e.enumsortorder`,
    )
  ).rows;
  const enums = [...new Set(enumRows.map((row) => row.name))]
    .map((name) => ({ name, values: enumRows.filter((row) => row.name === name).map((row) => row.value) }))
    .sort(byName);

  const compositeNames = (
    await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'c'`,
    )
  ).rows;
  const composites = compositeNames
    .map(({ name }) => ({ name, attributes: columnsOf(name).map(({ name: n, type }) => ({ name: n, type })) }))
    .sort(byName);

  return { relations, foreignKeys, functions, enums, composites };
}
