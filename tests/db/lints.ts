/**
 * The checks of Supabase's database linter (splinter, the "Security Advisor" and "Performance
 * Advisor" of a hosted project) that this schema must pass, as catalog queries that run on
 * PGlite and on PostgreSQL 15+. Each returns one row per finding, named by the object it is about,
 * so a test can assert there are none, and show what a planted mistake looks like.
 *
 * They follow splinter's lint views (0001, 0002, 0007, 0008, 0010, 0011, 0013, 0025, 0028, 0029):
 * the same catalog conditions and the same schemas left out. Two differ on purpose:
 * rls_disabled_in_public flags a table in an exposed schema without RLS even when no API role can
 * read it today (one grant away from exposed), and security_definer_function_executable reports
 * anon and authenticated in one query, for the test to hold against the allow-list of RPCs.
 */
import type { Queryable } from '../../supabase/local/db.ts';

/** The schemas PostgREST serves (supabase/local/rest, and a hosted project's default). */
export const EXPOSED_SCHEMAS = ['public', 'graphql_public'];

/**
 * Schemas splinter leaves out (owned by Supabase or extensions), plus `_local`: the local
 * backend's own machinery, which a hosted project does not have and the API never serves.
 */
const SKIPPED_SCHEMAS = [
  '_timescaledb_cache',
  '_timescaledb_catalog',
  '_timescaledb_config',
  '_timescaledb_internal',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgmq',
  'pgroonga',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'pgbouncer',
  'pg_catalog',
  'pg_toast',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'tiger',
  'topology',
  'vault',
  '_local',
];

const list = (names: string[]) => names.map((n) => `'${n}'`).join(', ');
const exposed = `(${list(EXPOSED_SCHEMAS)})`;
const skipped = `(${list(SKIPPED_SCHEMAS)})`;
const notFromExtension = (oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend e where e.objid = ${oid} and e.deptype = 'e')`;
const invokerView = `coalesce(c.reloptions::text[], '{}') && array['security_invoker=1', 'security_invoker=true',
  'security_invoker=yes', 'security_invoker=on']`;
const apiCanRead = `(pg_catalog.has_table_privilege('anon', c.oid, 'SELECT')
  or pg_catalog.has_table_privilege('authenticated', c.oid, 'SELECT'))`;

export interface Lint {
  name: string;
  /** What a finding means, for the failure message. */
  title: string;
  /** One row per finding: `object` names it. */
  sql: string;
}

export const LINTS: Lint[] = [
  {
    name: 'unindexed_foreign_keys',
    title: 'Foreign keys without an index starting with their columns (0001)',
    sql: `
      select format('%s.%s %s', n.nspname, cl.relname, ct.conname) as object
      from pg_catalog.pg_constraint ct
      join pg_catalog.pg_class cl on cl.oid = ct.conrelid
      join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
      where ct.contype = 'f' and n.nspname not in ${skipped} and ${notFromExtension('cl.oid')}
        and not exists (
          select 1 from pg_catalog.pg_index i
          where i.indrelid = ct.conrelid and i.indisvalid
            and (string_to_array(i.indkey::text, ' ')::smallint[])[1:array_length(ct.conkey, 1)] = ct.conkey
        )
      order by 1`,
  },
  {
    name: 'auth_users_exposed',
    title: 'Views in an exposed schema that show auth.users to the API roles (0002)',
    sql: `
      select distinct format('%s.%s', n.nspname, c.relname) as object
      from pg_catalog.pg_depend d
      join pg_catalog.pg_rewrite r on r.oid = d.objid
      join pg_catalog.pg_class c on c.oid = r.ev_class
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where d.refobjid = 'auth.users'::regclass and d.deptype = 'n' and c.oid <> 'auth.users'::regclass
        and n.nspname in ${exposed} and ${apiCanRead}
        and (c.relkind = 'm'
          or (c.relkind = 'v' and not (${invokerView}))
          or (c.relkind = 'v' and not (select u.relrowsecurity from pg_catalog.pg_class u where u.oid = 'auth.users'::regclass)))
      order by 1`,
  },
  {
    name: 'policy_exists_rls_disabled',
    title: 'Tables with policies but row-level security off, so the policies do nothing (0007)',
    sql: `
      select distinct format('%s.%s', n.nspname, c.relname) as object
      from pg_catalog.pg_policy p
      join pg_catalog.pg_class c on c.oid = p.polrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and not c.relrowsecurity and n.nspname not in ${skipped} and ${notFromExtension('c.oid')}
      order by 1`,
  },
  {
    name: 'rls_enabled_no_policy',
    title: 'Tables with row-level security on and no policy (0008)',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relrowsecurity and n.nspname not in ${skipped} and ${notFromExtension('c.oid')}
        and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = c.oid)
      order by 1`,
  },
  {
    name: 'security_definer_view',
    title: 'Views in an exposed schema that run as their owner, not the caller (0010)',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and n.nspname in ${exposed} and ${apiCanRead} and not (${invokerView})
        and ${notFromExtension('c.oid')}
      order by 1`,
  },
  {
    name: 'function_search_path_mutable',
    title: 'Functions without a fixed search_path (0011)',
    sql: `
      select p.oid::regprocedure::text as object
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ${skipped} and ${notFromExtension('p.oid')}
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')
      order by 1`,
  },
  {
    name: 'rls_disabled_in_public',
    title: 'Tables in an exposed schema without row-level security (0013)',
    sql: `
      select format('%s.%s', n.nspname, c.relname) as object
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relrowsecurity and n.nspname in ${exposed}
      order by 1`,
  },
  {
    name: 'public_bucket_allows_listing',
    title: 'Public buckets whose objects every client may select, i.e. list (0025)',
    sql: `
      select format('%s: %s', b.id, p.policyname) as object
      from storage.buckets b
      join pg_catalog.pg_policies p
        on p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
        and p.permissive = 'PERMISSIVE' and p.roles && array['public', 'anon', 'authenticated']::name[]
      where b.public
        and (p.qual is null
          or replace(replace(replace(lower(p.qual), ' ', ''), E'\\n', ''), E'\\t', '') in ('true', '(true)', '1=1', '(1=1)')
          or (regexp_match(p.qual, $re$\\A\\s*\\(*\\s*bucket_id\\s*=\\s*('(?:[^']|'')*')(\\s*::\\s*[[:alnum:]_\\.]+)?\\s*\\)*\\s*\\Z$re$, 'i'))[1]
            = '''' || replace(b.id, '''', '''''') || '''')
      order by 1`,
  },
  {
    name: 'security_definer_function_executable',
    title: 'Security definer functions the API serves to anon or authenticated (0028, 0029)',
    sql: `
      select format('%s %s.%s(%s)', r.role, n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid))
        as object
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      cross join (values ('anon'), ('authenticated')) as r(role)
      where p.prosecdef and n.nspname in ${exposed} and pg_catalog.has_function_privilege(r.role, p.oid, 'EXECUTE')
      order by 1`,
  },
];

/** Runs one lint; returns the objects it found. */
export async function runLint(db: Queryable, lint: Lint): Promise<string[]> {
  return (await db.query<{ object: string }>(lint.sql)).rows.map((row) => row.object);
}

/**
 * Not a splinter lint, but what moving a function needs: SQL and PL/pgSQL bodies name the
 * functions they call, and a call by a name that no longer exists fails only when that line runs.
 * Lists each `schema.name(` in a body of ours whose schema has no function (nor table or type,
 * as in `insert into public.events (...)`) of that name.
 */
export const DANGLING_CALLS_SQL = `
  select distinct format('%s calls %s.%s()', p.oid::regprocedure, m[1], m[2]) as object
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_language l on l.oid = p.prolang
  cross join lateral regexp_matches(p.prosrc, '\\m(public|private)\\.([a-z_][a-z0-9_]*)\\s*\\(', 'g') as m
  where l.lanname in ('sql', 'plpgsql') and n.nspname not in ${skipped}
    and not exists (
      select 1 from pg_catalog.pg_proc f join pg_catalog.pg_namespace fn on fn.oid = f.pronamespace
      where fn.nspname = m[1] and f.proname = m[2]
    )
    and not exists (
      select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace cn on cn.oid = c.relnamespace
      where cn.nspname = m[1] and c.relname = m[2]
    )
    and not exists (
      select 1 from pg_catalog.pg_type t join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace
      where tn.nspname = m[1] and t.typname = m[2]
    )
  order by 1`;
