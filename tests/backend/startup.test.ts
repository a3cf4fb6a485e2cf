/**
 * The first start of the real backend process (`npm run backend`), interrupted: `kill -9` at
 * several points of a first start, then a start again, gives the seeded database with every
 * migration recorded once. On PGlite the points cover the building of the template (its migrations
 * and seed) and the copy into the data folder; on PostgreSQL (DATABASE_URL) the bootstrap, the
 * migrations and the seed. And a data folder the backend cannot write is refused with a message
 * naming it and saying what to do.
 */
import { cp, chmod, chown, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET, configFromEnv } from '../../supabase/local/config.ts';
import { JwtKeys } from '../../supabase/local/jwt.ts';
import { BOOTSTRAP_VERSION, STEP_LOCK, migrationFiles } from '../../supabase/local/migrate.ts';
import { startBackend } from '../../supabase/local/server.ts';
import { pgliteTemplate } from '../../supabase/local/template.ts';
import { spawnBackend, urlOf } from '../support/backend-process.ts';

const adminUrl = process.env.DATABASE_URL;
let work: string;
let migrations: number;
let anonKey: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-startup-'));
  // The folder is made by mkdtemp with mode 0700: the unprivileged user of the last tests must enter it.
  await chmod(work, 0o755);
  migrations = (await migrationFiles([configFromEnv().migrationsDir])).length;
  anonKey = await new JwtKeys(DEFAULT_JWT_SECRET).apiKey('anon');
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Milliseconds from spawning to the ready line of a start that is not interrupted. */
async function timedStart(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const backend = spawnBackend(env);
  await backend.ready;
  const ms = performance.now() - started;
  await backend.stop();
  return ms;
}

/** Starts, and kills with SIGKILL after `ms` (or at once when it is ready sooner). */
async function killAfter(env: Record<string, string>, ms: number): Promise<void> {
  const backend = spawnBackend(env);
  const timer = setTimeout(() => backend.child.kill('SIGKILL'), ms);
  await backend.ready.catch(() => {});
  backend.child.kill('SIGKILL');
  clearTimeout(timer);
  await backend.exited;
}

/** Starts again and checks the demo data is there: the seed's admin signs in with its password. */
async function expectSeeded(env: Record<string, string>, where: string): Promise<string> {
  const backend = spawnBackend(env);
  try {
    const line = await backend.ready;
    const response = await fetch(`${urlOf(line)}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@crewcamp.local', password: 'crewcamp-admin' }),
    });
    expect(response.status, `${where}: the seed's admin signs in (${line})`).toBe(200);
    return line;
  } finally {
    await backend.stop();
  }
}

describe('kill -9 during the first start', () => {
  // The database the run targets: PGlite in a data folder, or PostgreSQL when DATABASE_URL is set.
  it('at any point yields the seeded database on the next start', { timeout: 15 * 60_000 }, async () => {
    if (adminUrl) await killPostgresStarts(adminUrl);
    else await killPgliteStarts();
  });
});

/** On PGlite the points cover the template's initdb, its migrations and seed, and the copy. */
async function killPgliteStarts() {
  const env = (data: string, templates: string) => ({
    DATABASE_URL: '',
    LOCAL_SUPABASE_DATA: path.join(work, data),
    LOCAL_SUPABASE_TEMPLATES: path.join(work, templates),
  });

  /** Every migration recorded once: a new database got them all, an existing one needs none. */
  const expectLedger = (line: string, where: string) => {
    const match = /(new database|existing database)[^)]*?, (\d+) migration\(s\) applied/.exec(line);
    expect(match, `${where}: ${line}`).not.toBeNull();
    const [, kind, count] = match!;
    expect(Number(count), `${where}: ${line}`).toBe(kind === 'new database' ? migrations : 0);
  };

  const check = async (data: string, templates: string, where: string) => {
    expectLedger(await expectSeeded(env(data, templates), where), where);
    const left = (await readdir(path.join(work, data))).filter((name) => name.includes('.new-'));
    expect(left, `${where}: no unfinished copy is left`).toEqual([]);
    const builds = (await readdir(path.join(work, templates)).catch(() => [] as string[])).filter((name) =>
      name.startsWith('.build-'),
    );
    expect(builds, `${where}: no abandoned template build is left`).toEqual([]);
  };

  // The layers the points start from, taken from the usual cache (made there if missing): PGlite's
  // initdb alone, and the whole template of these migrations and this seed.
  const config = configFromEnv();
  const template = await pgliteTemplate(config.templateCacheDir ?? path.join(work, 'shared'), {
    migrationsDirs: [config.migrationsDir],
    seedFile: config.seedFile,
  });
  const shared = path.dirname(path.dirname(template.dataDir));
  const layer = (await readdir(shared)).find((name) => name.startsWith('initdb-'))!;
  const cache = async (name: string, withTemplate: boolean) => {
    await mkdir(path.join(work, name));
    await cp(path.join(shared, layer), path.join(work, name, layer), { recursive: true });
    if (withTemplate) {
      const dir = path.dirname(template.dataDir);
      await cp(dir, path.join(work, name, path.basename(dir)), { recursive: true });
    }
  };

  // No template yet: killed while it is built (its copy of the initdb layer, the migrations and the
  // seed) or while it is copied into the data folder, each time with a cache of its own.
  await cache('cache-build', false);
  const build = await timedStart(env('build', 'cache-build'));
  for (const fraction of [0.2, 0.45, 0.7, 0.95]) {
    const name = `build-${fraction}`;
    await cache(`cache-${name}`, false);
    await killAfter(env(name, `cache-${name}`), build * fraction);
    await check(name, `cache-${name}`, `killed at ${Math.round(build * fraction)} of ${Math.round(build)} ms`);
  }

  // The template is there: killed while it is copied into the new data folder, or opened.
  await cache('cache-copy', true);
  const copy = await timedStart(env('copy', 'cache-copy'));
  for (const fraction of [0.4, 0.8]) {
    const name = `copy-${fraction}`;
    await killAfter(env(name, 'cache-copy'), copy * fraction);
    await check(name, 'cache-copy', `killed at ${Math.round(copy * fraction)} of ${Math.round(copy)} ms (copy)`);
  }
}

/** On PostgreSQL the points cover the bootstrap, the migrations and the seed. */
async function killPostgresStarts(serverUrl: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const made: string[] = [];
  const newDatabase = async (label: string) => {
    const name = `startup_${process.pid}_${label}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    made.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return { DATABASE_URL: url.toString(), LOCAL_SUPABASE_DATA: path.join(work, name) };
  };
  try {
    // The killed start's last step can still be running on the server, which finishes a query
    // whose client is gone: the next start waits for it and does not do it a second time.
    const orphaned = await newDatabase('orphan');
    const orphan = new pg.Client({ connectionString: orphaned.DATABASE_URL });
    await orphan.connect();
    try {
      const bootstrap = await readFile(new URL('../../supabase/local/bootstrap.sql', import.meta.url), 'utf8');
      await orphan.query(`begin; select pg_advisory_xact_lock(${STEP_LOCK}); ${bootstrap};
        insert into _local.meta (key, value) values ('bootstrap_version', '${BOOTSTRAP_VERSION}'),
          ('seed_pending', '${configFromEnv().seedFile}');`);
      const next = spawnBackend(orphaned);
      const waiting = async () =>
        (
          await admin.query(
            `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'advisory' and not l.granted and a.datname = $1`,
            [new URL(orphaned.DATABASE_URL).pathname.slice(1)],
          )
        ).rowCount;
      for (let i = 0; i < 200 && !(await waiting()); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await waiting(), 'the next start waits for the running step').toBe(1);
      await orphan.query('commit');
      await next.ready;
      await next.stop();
    } finally {
      await orphan.end();
    }
    await expectSeeded(orphaned, 'after a step left running');

    const full = await timedStart(await newDatabase('full'));
    for (const fraction of [0.15, 0.35, 0.55, 0.75, 0.95]) {
      const env = await newDatabase(`at${Math.round(fraction * 100)}`);
      await killAfter(env, full * fraction);
      await expectSeeded(env, `killed at ${Math.round(full * fraction)} of ${Math.round(full)} ms`);
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      try {
        const ledger = await db.query('select version from supabase_migrations.schema_migrations');
        expect(ledger.rowCount).toBe(migrations);
        const owed = await db.query(`select 1 from _local.meta where key = 'seed_pending'`);
        expect(owed.rowCount).toBe(0);
      } finally {
        await db.end();
      }
    }
  } finally {
    for (const name of made) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

describe('a data folder the backend cannot write', () => {
  // Root writes anywhere: as root the backend runs as `nobody` for these tests.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? { uid: 65534, gid: 65534 } : {};

  const expectRefused = async (dataDir: string, named: string) => {
    const backend = spawnBackend({ DATABASE_URL: '', LOCAL_SUPABASE_DATA: dataDir }, user);
    expect(await backend.exited).toBe(1);
    const output = backend.output();
    expect(output).toContain(`Could not start the local backend: The data folder ${named} is not writable`);
    expect(output).toContain('LOCAL_SUPABASE_DATA');
    expect(output).not.toMatch(/^\s+at /m);
  };

  it('is refused with its name and what to do, before anything is created', { timeout: 120_000 }, async () => {
    const dataDir = path.join(work, 'read-only');
    await mkdir(dataDir);
    await chmod(dataDir, 0o555);
    await expectRefused(dataDir, dataDir);
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('holding a database made read-only is refused the same way', { timeout: 120_000 }, async () => {
    const dataDir = path.join(work, 'read-only-database');
    const made = await startBackend({ port: 0, dataDir, databaseUrl: null, seedFile: null, quiet: true });
    await made.close();
    if (asRoot) await chownTree(dataDir, 65534, 65534);
    const database = path.join(dataDir, 'pglite');
    await chmodTree(database, 0o555, 0o444);
    await expectRefused(dataDir, database);
  });
});

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(file, uid, gid);
    else await chown(file, uid, gid);
  }
}

async function chmodTree(dir: string, dirMode: number, fileMode: number): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(file, dirMode, fileMode);
    else await chmod(file, fileMode);
  }
  await chmod(dir, dirMode);
}
