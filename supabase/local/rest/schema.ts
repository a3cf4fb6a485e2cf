/**
 * PostgREST's schema cache: the tables and views of the exposed schemas (with the primary keys
 * views inherit from their source tables), the relationships between them (foreign keys, the
 * same keys seen through views, many-to-many junctions and computed relationships), the
 * functions of the exposed schemas, and the configuration it was loaded with. Every identifier
 * the REST API puts into SQL comes from the request (quoted) or from here. The cache is loaded
 * on first use and reloaded when a request names something it does not know.
 */
import type { Database } from '../db.ts';
import { loadCatalog } from './catalog.ts';
import { readApiSettings, type ApiSettings } from './config.ts';
import { buildRelationships, type Relationship } from './relationships.ts';

export interface QI {
  schema: string;
  name: string;
}

/** A map key for a qualified identifier (names may contain dots). */
export const qiKey = (qi: QI): string => `${qi.schema}\u0001${qi.name}`;
export const sameQi = (a: QI, b: QI): boolean => a.schema === b.schema && a.name === b.name;

export interface Column {
  name: string;
  /** The type as `format_type` prints it without a modifier, qualified outside pg_catalog. */
  type: string;
  notNull: boolean;
  /** The default expression as the catalog prints it (identity columns get a nextval()). */
  defaultExpr: string | null;
}

export interface Table extends QI {
  isView: boolean;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: Map<string, Column>;
  columnOrder: string[];
  /** Primary key columns in name order, as PostgREST keeps them; views inherit their table's. */
  pkCols: string[];
}

export interface RoutineParam {
  name: string;
  type: string;
  /** The type PostgREST casts arguments to (char and bit widened to their varying forms). */
  castType: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine extends QI {
  params: RoutineParam[];
  returnsSet: boolean;
  /** The returned type (domains resolved to their base type), and whether it is a row type. */
  returnType: QI & { composite: boolean };
  volatility: 'i' | 's' | 'v';
  hasVariadic: boolean;
}

export const returnsVoid = (r: Routine) =>
  !r.returnsSet && !r.returnType.composite && r.returnType.schema === 'pg_catalog' && r.returnType.name === 'void';
export const returnsScalar = (r: Routine) => !r.returnsSet && !r.returnType.composite;
export const returnsSetOfScalar = (r: Routine) => r.returnsSet && !r.returnType.composite;
export const returnsSingle = (r: Routine) => !r.returnsSet;
/** The name a function's rows are read under: its row type's name, else its own name. */
export const routineTableName = (r: Routine) => (r.returnType.composite ? r.returnType.name : r.name);

export interface SchemaCache {
  api: ApiSettings;
  tables: Map<string, Table>;
  /** Keyed by `relKey(origin table, schema of the other side)`. */
  relationships: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  /** Names `Prefer: timezone=` accepts. */
  timezones: Set<string>;
}

export const relKey = (table: QI, schema: string): string => `${qiKey(table)}\u0002${schema}`;

export function quoteIdent(name: string): string {
  // PostgREST cuts identifiers at a NUL character, which PostgreSQL could not accept anyway.
  const cut = name.indexOf('\u0000');
  return `"${(cut >= 0 ? name.slice(0, cut) : name).replace(/"/g, '""')}"`;
}

export function qualified(qi: QI): string {
  return qi.schema === '' ? quoteIdent(qi.name) : `${quoteIdent(qi.schema)}.${quoteIdent(qi.name)}`;
}

export async function loadSchema(db: Database, api: ApiSettings): Promise<SchemaCache> {
  const catalog = await loadCatalog(db, api);
  const relationships = buildRelationships(catalog, api.schemas);
  const routines = new Map<string, Routine[]>();
  for (const routine of catalog.routines) {
    const key = qiKey(routine);
    routines.set(key, [...(routines.get(key) ?? []), routine]);
  }
  // Overloads in PostgREST's order: fewer parameters first, then by parameter names and types.
  const key = (r: Routine) => r.params.map((p) => `${p.name}\u0000${p.type}`).join('\u0001');
  for (const list of routines.values())
    list.sort((a, b) => a.params.length - b.params.length || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { api, tables: catalog.tables, relationships, routines, timezones: catalog.timezones };
}

/**
 * The schema cache of one backend: loaded once, reloaded on demand (coalescing concurrent
 * loads). The `[api]` settings are read from the backend's config.toml (the one whose auth hooks
 * the auth server follows) on every load, so that a reload also picks up a changed
 * configuration, as PostgREST's `reload config` does.
 */
export class SchemaStore {
  private current: SchemaCache | null = null;
  private loading: Promise<SchemaCache> | null = null;

  constructor(
    private readonly db: Database,
    private readonly configFile: string | null,
  ) {}

  async get(): Promise<SchemaCache> {
    return this.current ?? this.reload();
  }

  reload(): Promise<SchemaCache> {
    this.loading ??= readApiSettings(this.configFile)
      .then((api) => loadSchema(this.db, api))
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
