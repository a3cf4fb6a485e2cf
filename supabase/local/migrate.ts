/**
 * Brings a database to the state the app expects: the bootstrap of what a hosted project already
 * has, then each migration of `supabase/migrations/` once and in order (recorded as the Supabase
 * CLI records them), then the seed on a new database, then the Realtime capture triggers on every
 * table of the `supabase_realtime` publication.
 *
 * Every step is its own transaction, so a start that is killed part-way resumes where it stopped:
 * the bootstrap commits together with the mark that says the database is new and still owes its
 * seed, and the seed commits together with the removal of that mark. A database is therefore
 * never left without its seed by an interrupted first start, on PGlite or PostgreSQL alike.
 *
 * On PostgreSQL a killed start can leave its last step running on the server, which finishes a
 * query whose client is gone. Each step therefore takes a transaction-level advisory lock and
 * checks again that it is still owed: a step the other session committed meanwhile is skipped.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './db.ts';

export const BOOTSTRAP_VERSION = '3';

export interface MigrateOptions {
  migrationsDirs: string[];
  /** Applied once, on a new database (or on the next start, if the first was interrupted). */
  seedFile: string | null;
}

export interface MigrateResult {
  /** The database was created by this call (its bootstrap ran now). */
  isNew: boolean;
  /** Migration files applied by this call, in order. */
  applied: string[];
  /** The seed was applied by this call (on a new database, or resumed after an interrupted one). */
  seeded: boolean;
}

export async function migrate(db: Database, options: MigrateOptions): Promise<MigrateResult> {
  const isNew = !(await hasMeta(db, 'bootstrap_version'));
  if (isNew || (await getMeta(db, 'bootstrap_version')) !== BOOTSTRAP_VERSION) {
    const bootstrap = await readFile(new URL('./bootstrap.sql', import.meta.url), 'utf8');
    const marks = [setMeta('bootstrap_version', BOOTSTRAP_VERSION)];
    // The seed is owed from the moment the database exists: the mark commits with the bootstrap.
    if (isNew && options.seedFile) marks.push(setMeta('seed_pending', options.seedFile));
    const current = [
      `to_regclass('_local.meta') is not null`,
      `exists (select from _local.meta where key = 'bootstrap_version' and value = ${literal(BOOTSTRAP_VERSION)})`,
    ];
    await runStep(db, `${bootstrap}\n;\n${marks.join('\n')}`, 'supabase/local/bootstrap.sql', current);
  }

  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (row) => row.version,
    ),
  );
  const applied: string[] = [];
  for (const file of await migrationFiles(options.migrationsDirs)) {
    const version = path.basename(file).split('_')[0];
    if (done.has(version)) continue;
    const sql = await readFile(file, 'utf8');
    const name = path.basename(file, '.sql').slice(version.length + 1);
    const recorded = [`exists (select from supabase_migrations.schema_migrations where version = ${literal(version)})`];
    if (await runStep(db, `${sql}\n;\n${recordMigration(version, name)}`, file, recorded)) {
      applied.push(path.basename(file));
    }
  }

  let seeded = false;
  if (options.seedFile && (await getMeta(db, 'seed_pending')) !== null) {
    const seed = await readFile(options.seedFile, 'utf8').catch(() => '');
    const notOwed = [`not exists (select from _local.meta where key = 'seed_pending')`];
    seeded = await runStep(
      db,
      `${seed}\n;\ndelete from _local.meta where key = 'seed_pending';`,
      options.seedFile,
      notOwed,
    );
  }
  await syncCaptureTriggers(db);
  return { isNew, applied, seeded };
}

function setMeta(key: string, value: string): string {
  return `insert into _local.meta (key, value) values (${literal(key)}, ${literal(value)})
    on conflict (key) do update set value = excluded.value;`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

async function hasMeta(db: Database, key: string): Promise<boolean> {
  const { rows } = await db.query<{ exists: boolean }>(`select to_regclass('_local.meta') is not null as exists`);
  if (!rows[0]?.exists) return false;
  return (await getMeta(db, key)) !== null;
}

async function getMeta(db: Database, key: string): Promise<string | null> {
  const { rows } = await db.query<{ value: string }>('select value from _local.meta where key = $1', [key]);
  return rows[0]?.value ?? null;
}

/** The migration files of `dirs`, ordered by file name (their version), as they are applied. */
export async function migrationFiles(dirs: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (/^\d+_[\w-]+\.sql$/.test(name)) files.push(path.join(dir, name));
    }
  }
  return files.sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
}

function recordMigration(version: string, name: string): string {
  return `insert into supabase_migrations.schema_migrations (version, name) values (${literal(version)}, ${literal(name)});`;
}

/** Held by the session running a step; any number that no other code of ours locks. */
export const STEP_LOCK = 7_262_611_001;
/** The SQLSTATE a step raises when another session has done it meanwhile. */
const ALREADY_DONE = 'CCS01';

/**
 * Runs one step in its own transaction, under the step lock, unless every condition of `done` holds
 * once the lock is held (read in order, each only when the ones before it hold). Returns whether
 * the step ran.
 */
async function runStep(db: Database, sql: string, source: string, done: string[]): Promise<boolean> {
  const checks = done.map(
    (condition) => `execute ${literal(`select ${condition}`)} into holds;
  if not holds then return; end if;`,
  );
  const guard = `select pg_advisory_xact_lock(${STEP_LOCK});
do $guard$ declare holds boolean; begin
  ${checks.join('\n  ')}
  raise exception 'step already done' using errcode = '${ALREADY_DONE}';
end $guard$;`;
  try {
    await db.exec(`begin;\n${guard}\n${sql}\n;\ncommit;`);
    return true;
  } catch (error) {
    await db.exec('rollback').catch(() => {});
    if ((error as { code?: string }).code === ALREADY_DONE) return false;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${source}: ${message}`, { cause: error });
  }
}

/** Every table in the publication gets the trigger that logs its changes for Realtime. */
export async function syncCaptureTriggers(db: Database): Promise<void> {
  await db.exec(`
    do $$
    declare
      r record;
    begin
      perform pg_advisory_xact_lock(${STEP_LOCK});
      for r in
        select p.schemaname, p.tablename
        from pg_publication_tables p
        where p.pubname = 'supabase_realtime'
          and not exists (
            select from pg_trigger t
            join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace
            where t.tgname = '_local_realtime_capture'
              and n.nspname = p.schemaname and c.relname = p.tablename
          )
      loop
        execute format(
          'create trigger _local_realtime_capture after insert or update or delete on %I.%I '
          'for each row execute function _local.capture_change()',
          r.schemaname, r.tablename);
      end loop;
      for r in
        select n.nspname as schemaname, c.relname as tablename
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where t.tgname = '_local_realtime_capture'
          and not exists (
            select from pg_publication_tables p
            where p.pubname = 'supabase_realtime'
              and p.schemaname = n.nspname and p.tablename = c.relname
          )
      loop
        execute format('drop trigger _local_realtime_capture on %I.%I', r.schemaname, r.tablename);
      end loop;
    end
    $$;
  `);
}
