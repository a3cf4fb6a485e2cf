/**
 * The database under the local backend: embedded PGlite (one connection, persisted in the data
 * folder) or, with DATABASE_URL, a pool against a real PostgreSQL. Both are reached through the
 * same small interface, and every API request runs in `asCaller`: one transaction with the
 * caller's role and the `request.*` settings a hosted project sets, so that RLS and functions
 * decide exactly as they would there.
 */
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons, without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The error fields both drivers give, as PostgREST and GoTrue read them. */
export interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const db = await PGlite.create(dataDir ?? undefined, {
    extensions: { pgcrypto, uuid_ossp },
  });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await db.query<T>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            const result = await tx.query<R>(sql, params);
            return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
          },
        }),
      );
    },
    async close() {
      await db.close();
    },
  };
}

/**
 * Column values as PGlite gives them, so that code and tests see the same types on both drivers:
 * bigint (count(*), bigserial ids, minor-unit amounts) as a number, not node-postgres' string.
 */
type TypeId = Parameters<typeof pg.types.getTypeParser>[0];
const INT8 = pg.types.builtins.INT8;
const INT8_ARRAY = 1016 as TypeId;
const sameTypesAsPglite = {
  getTypeParser(oid: TypeId, format?: 'text' | 'binary') {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === INT8_ARRAY) {
      const parse = pg.types.getTypeParser(oid, 'text') as (value: string) => unknown;
      const toNumbers = (item: unknown): unknown =>
        Array.isArray(item) ? item.map(toNumbers) : item === null ? null : Number(item);
      return (value: string) => toNumbers(parse(value));
    }
    return pg.types.getTypeParser(oid, format);
  },
} as unknown as pg.CustomTypesConfig;

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, types: sameTypesAsPglite });
  // An idle client that loses its server must not take the process down.
  pool.on('error', () => {});
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** Who is calling and how, as a hosted project exposes it to SQL. */
export interface CallerContext {
  role: ApiRole;
  claims: Record<string, unknown>;
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * Runs `fn` in one transaction as the caller: `role` switched to the caller's database role and
 * `request.jwt.claims`, `request.method`, `request.path` and `request.headers` set (plus the older
 * `request.jwt.claim.*` settings), all local to the transaction.
 */
export function asCaller<T>(db: Database, caller: CallerContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true),
              set_config('request.path', $4, true),
              set_config('request.headers', $5, true),
              set_config('request.jwt.claim.sub', $6, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.jwt.claim.email', $7, true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        caller.method,
        caller.path,
        JSON.stringify(caller.headers),
        typeof caller.claims.sub === 'string' ? caller.claims.sub : '',
        typeof caller.claims.email === 'string' ? caller.claims.email : '',
      ],
    );
    return fn(tx);
  });
}
