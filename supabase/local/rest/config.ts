/**
 * What a hosted project's PostgREST is configured with, read from the same places: the `[api]`
 * section of the Supabase project's `config.toml` (exposed `schemas`, `extra_search_path`,
 * `max_rows`, as `supabase start` and `supabase config push` read them), and the in-database
 * settings of the `authenticator` role (`pgrst.db_aggregates_enabled`, which is how aggregates
 * are switched on for a hosted project: `alter role authenticator set pgrst.db_aggregates_enabled
 * = 'true'`).
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import type { Queryable } from '../db.ts';

export interface ApiSettings {
  /** Exposed schemas; the first is the default for requests without a profile header. */
  schemas: string[];
  /** Schemas appended to each request's search_path after the request's schema. */
  extraSearchPath: string[];
  /** PostgREST's db-max-rows: the most rows a read or function call returns (null: no cap). */
  maxRows: number | null;
}

/** The Supabase CLI's defaults for a project without an `[api]` section. */
export const DEFAULT_API: ApiSettings = {
  schemas: ['public', 'graphql_public'],
  extraSearchPath: ['public', 'extensions'],
  maxRows: 1000,
};

function stringList(value: unknown, fallback: string[]): string[] {
  if (!Array.isArray(value)) return fallback;
  const list = value.filter((v): v is string => typeof v === 'string' && v !== '');
  return list.length ? list : fallback;
}

/** The `[api]` section of a config.toml text; defaults for what it does not set. */
export function apiSettingsFrom(text: string): ApiSettings {
  const doc = parse(text) as { api?: Record<string, unknown> };
  const api = doc.api ?? {};
  const maxRows = api.max_rows;
  return {
    schemas: stringList(api.schemas, DEFAULT_API.schemas),
    extraSearchPath: stringList(api.extra_search_path, DEFAULT_API.extraSearchPath),
    maxRows: typeof maxRows === 'number' && Number.isInteger(maxRows) && maxRows > 0 ? maxRows : DEFAULT_API.maxRows,
  };
}

/** The `[api]` settings of a config.toml file; the CLI's defaults without a file. */
export async function readApiSettings(configFile: string | null): Promise<ApiSettings> {
  const text = configFile ? await readFile(configFile, 'utf8').catch(() => null) : null;
  if (text === null) return { ...DEFAULT_API };
  try {
    return apiSettingsFrom(text);
  } catch (error) {
    console.error(`[rest] ${configFile} could not be read as TOML; the API exposes the default schemas:`, error);
    return { ...DEFAULT_API };
  }
}

/** PostgREST's in-database configuration: the `pgrst.*` settings of the authenticator role. */
export interface DbSettings {
  aggregatesEnabled: boolean;
}

const ROLE_SETTINGS_SQL = `
select coalesce(array_agg(setting order by s.setdatabase desc), '{}') as settings
  from pg_db_role_setting s
  join pg_roles r on r.oid = s.setrole
  cross join lateral unnest(s.setconfig) as setting
 where r.rolname = 'authenticator'
   and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
   and setting like 'pgrst.%'`;

/** Reads the authenticator's `pgrst.*` settings; a database-specific one wins over a global one. */
export async function readDbSettings(db: Queryable): Promise<DbSettings> {
  const { rows } = await db.query<{ settings: string[] }>(ROLE_SETTINGS_SQL);
  const values = new Map<string, string>();
  for (const entry of rows[0]?.settings ?? []) {
    const eq = entry.indexOf('=');
    const key = entry.slice(0, eq);
    if (!values.has(key)) values.set(key, entry.slice(eq + 1));
  }
  const flag = (values.get('pgrst.db_aggregates_enabled') ?? 'false').trim().toLowerCase();
  return { aggregatesEnabled: ['true', 'on', 'yes', '1'].includes(flag) };
}
