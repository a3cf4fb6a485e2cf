/**
 * What Realtime needs to know about a table, read from the catalog: its columns with their type
 * names (as `pg_type.typname`, which realtime-js's transformers read), its primary key, whether
 * row-level security is on, and which columns a role may select. Identifiers used in SQL by the
 * other Realtime modules come from here, never from what a client sent.
 */
import type { Queryable } from '../db.ts';

export interface TableInfo {
  schema: string;
  table: string;
  columns: Array<{ name: string; type: string }>;
  primaryKey: string[];
  rls: boolean;
  /** The quoted `"schema"."table"`. */
  qualified: string;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Per-dispatch cache of table and privilege look-ups. */
export class Catalog {
  private readonly tables = new Map<string, Promise<TableInfo | null>>();
  private readonly privileges = new Map<string, Promise<Set<string>>>();

  constructor(private readonly db: Queryable) {}

  table(schema: string, table: string): Promise<TableInfo | null> {
    const key = JSON.stringify([schema, table]);
    let found = this.tables.get(key);
    if (!found) {
      found = loadTable(this.db, schema, table);
      this.tables.set(key, found);
    }
    return found;
  }

  /** The columns of the table `role` may select (empty when it may select none). */
  selectable(role: string, info: TableInfo): Promise<Set<string>> {
    const key = JSON.stringify([role, info.schema, info.table]);
    let found = this.privileges.get(key);
    if (!found) {
      found = this.db
        .query<{ name: string }>(
          `select a.attname::text as name
             from pg_attribute a
            where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
              and has_column_privilege($2::text, a.attrelid, a.attnum, 'SELECT')`,
          [info.qualified, role],
        )
        .then((result) => new Set(result.rows.map((row) => row.name)))
        .catch(() => new Set<string>());
      this.privileges.set(key, found);
    }
    return found;
  }
}

export async function loadTable(db: Queryable, schema: string, table: string): Promise<TableInfo | null> {
  const { rows } = await db.query<{ oid: number; rls: boolean }>(
    `select c.oid::int8 as oid, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, table],
  );
  const found = rows[0];
  if (!found) return null;
  const columns = await db.query<{ name: string; type: string; pk: boolean }>(
    `select a.attname::text as name, t.typname::text as type,
            coalesce(a.attnum = any(i.indkey), false) as pk
       from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
      where a.attrelid = $1::int8::oid and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [found.oid],
  );
  return {
    schema,
    table,
    columns: columns.rows.map(({ name, type }) => ({ name, type })),
    primaryKey: columns.rows.filter((row) => row.pk).map((row) => row.name),
    rls: Boolean(found.rls),
    qualified: `${quoteIdent(schema)}.${quoteIdent(table)}`,
  };
}

/** Whether a schema exists. */
export async function schemaExists(db: Queryable, schema: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from pg_namespace where nspname = $1', [schema]);
  return rows.length > 0;
}
