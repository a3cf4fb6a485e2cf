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

/** A cache of table, schema and privilege look-ups (kept for a second: see `CatalogCache`). */
export class Catalog {
  private readonly tables = new Map<string, Promise<TableInfo | null>>();
  private readonly schemas = new Map<string, Promise<boolean>>();
  private readonly privileges = new Map<string, Promise<Set<string>>>();

  constructor(readonly db: Queryable) {}

  schemaExists(schema: string): Promise<boolean> {
    let found = this.schemas.get(schema);
    if (!found) {
      found = schemaExists(this.db, schema);
      this.schemas.set(schema, found);
    }
    return found;
  }

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

/**
 * The catalog look-ups of the last second, shared by joins and deliveries: a burst of joins or
 * changes asks the database once, and a table or grant changed by a migration is seen a second
 * later at most.
 */
export class CatalogCache {
  private catalog: Catalog;
  private since = 0;

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 1000,
  ) {
    this.catalog = new Catalog(db);
  }

  current(): Catalog {
    const now = performance.now();
    if (now - this.since > this.ttlMs) {
      this.catalog = new Catalog(this.db);
      this.since = now;
    }
    return this.catalog;
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
