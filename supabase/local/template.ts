/**
 * Template databases: a new database is a copy of one made earlier for the same migration set,
 * instead of PGlite's initdb (about 11 s) plus every migration and the seed (4 s or more on a busy
 * machine) each time.
 *
 * A template is keyed by a hash of everything that shapes it: the bootstrap, the start-up code,
 * PGlite's version, each migration file (name and content), the seed and, when there is a seed, the
 * day (the seed writes dates relative to now()). A changed migration therefore gets a new template;
 * an unchanged set reuses the one made before.
 *
 * PGlite: a template is a closed data folder in the cache (node_modules/.cache by default), copied
 * next to the target (copy-tree.ts: many files at once, 3-7x quicker than fs.cp's one at a time)
 * and renamed into place, so a new data folder appears whole or not at all.
 * Templates are built under a lock file by one process at a time, in a folder of their own, and
 * published by a rename; a build that is killed leaves only a folder that the next build removes.
 * The first layer (PGlite's initdb, which depends on nothing of ours) is cached on its own, so a
 * new migration set costs a copy and the migrations, not initdb again.
 *
 * PostgreSQL: `CREATE DATABASE … TEMPLATE` of a database made once per key on that server.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, open, readFile, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { copyTree } from './copy-tree.ts';
import { isPgError, openPglite, openPostgres } from './db.ts';
import { migrate, migrationFiles, type MigrateOptions } from './migrate.ts';

/** Bumped when the layout of the cache changes. */
const FORMAT = '1';
/** Templates kept in a cache (the most recently used); older ones are removed. */
const KEEP = 8;

export interface PgliteTemplate {
  /** The PGlite data folder to copy. */
  dataDir: string;
  /** The migration files applied to it, in order. */
  applied: string[];
  /** Whether this call built it (false: it was in the cache). */
  created: boolean;
}

let cachedPgliteVersion: string | null = null;

/** PGlite's version: its data folders are only read by the version that wrote them. */
function pgliteVersion(): string {
  if (cachedPgliteVersion) return cachedPgliteVersion;
  // The package exports no ./package.json: find it above the resolved entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version: string };
      if (name === '@electric-sql/pglite') return (cachedPgliteVersion = version);
    }
    if (path.dirname(dir) === dir) throw new Error('The version of @electric-sql/pglite could not be found');
    dir = path.dirname(dir);
  }
}

/** The key of the database that `spec` makes: equal keys, equal databases. */
export async function templateKey(spec: MigrateOptions, now = new Date()): Promise<string> {
  const hash = createHash('sha256');
  const add = (label: string, data: string | Buffer) => {
    hash.update(`${label}\0`);
    hash.update(data);
    hash.update('\0');
  };
  add('format', FORMAT);
  add('pglite', pgliteVersion());
  for (const file of ['bootstrap.sql', 'migrate.ts', 'template.ts']) {
    add(file, await readFile(new URL(`./${file}`, import.meta.url)));
  }
  for (const file of await migrationFiles(spec.migrationsDirs)) add(path.basename(file), await readFile(file));
  const seed = spec.seedFile ? await readFile(spec.seedFile).catch(() => null) : null;
  if (seed) {
    add('seed', seed);
    add('day', now.toISOString().slice(0, 10));
  }
  return hash.digest('hex').slice(0, 24);
}

/** The PGlite template for `spec` in `cacheDir`, built (once, under the cache's lock) if missing. */
export async function pgliteTemplate(
  cacheDir: string,
  spec: MigrateOptions,
  onBuild: () => void = () => {},
): Promise<PgliteTemplate> {
  await mkdir(cacheDir, { recursive: true });
  const dir = path.join(cacheDir, await templateKey(spec));
  const cached = await readTemplate(dir);
  if (cached) return cached;
  return withLock(path.join(cacheDir, '.lock'), async () => {
    const built = await readTemplate(dir);
    if (built) return built;
    onBuild();
    await removeAbandoned(cacheDir);
    const initdb = await initdbLayer(cacheDir);
    const work = workFolder(cacheDir);
    try {
      await copyTree(initdb, path.join(work, 'pglite'));
      const db = await openPglite(path.join(work, 'pglite'));
      let applied: string[];
      try {
        applied = (await migrate(db, spec)).applied;
      } finally {
        await db.close();
      }
      await writeFile(path.join(work, 'template.json'), JSON.stringify({ applied, created: new Date() }, null, 2));
      await publish(work, dir);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    await prune(cacheDir, dir);
    const template = await readTemplate(dir);
    if (!template) throw new Error(`The database template ${dir} could not be read back`);
    return { ...template, created: true };
  });
}

/**
 * Makes `target` (a PGlite data folder that must not exist) a copy of `template`: copied beside it
 * and renamed, so that `target` exists only once it is complete.
 */
export async function copyPgliteTemplate(template: PgliteTemplate, target: string): Promise<void> {
  const work = `${target}.new-${process.pid}`;
  await rm(work, { recursive: true, force: true });
  try {
    await copyTree(template.dataDir, work);
    await rename(work, target);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Folders `<target>.new-<pid>` left by a copy that was killed. */
export async function removeUnfinishedCopies(target: string): Promise<void> {
  const parent = path.dirname(target);
  const prefix = `${path.basename(target)}.new-`;
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    if (name.startsWith(prefix)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

async function readTemplate(dir: string): Promise<PgliteTemplate | null> {
  const info = path.join(dir, 'template.json');
  try {
    const { applied } = JSON.parse(await readFile(info, 'utf8')) as { applied: string[] };
    // The modification time records the last use, for pruning.
    const now = new Date();
    await utimes(info, now, now).catch(() => {});
    return { dataDir: path.join(dir, 'pglite'), applied, created: false };
  } catch {
    return null;
  }
}

/** A PGlite data folder just after initdb (nothing of ours in it), shared by every template. */
async function initdbLayer(cacheDir: string): Promise<string> {
  const dir = path.join(cacheDir, `initdb-${pgliteVersion()}-${FORMAT}`);
  if (await exists(dir)) return dir;
  const work = workFolder(cacheDir);
  try {
    const db = await openPglite(work);
    await db.close();
    await publish(work, dir);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return dir;
}

/** A folder to build in, named after this process so that an abandoned one can be told apart. */
function workFolder(cacheDir: string): string {
  return path.join(cacheDir, `.build-${process.pid}-${Date.now()}`);
}

/** Moves a finished build into place; if another process published the same key first, keeps that. */
async function publish(work: string, dir: string): Promise<void> {
  try {
    await rename(work, dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ENOTEMPTY' || code === 'EEXIST') && (await exists(dir))) return;
    throw error;
  }
}

/** Build folders of processes that no longer run (killed while building). */
async function removeAbandoned(cacheDir: string): Promise<void> {
  for (const name of await readdir(cacheDir)) {
    const match = /^\.build-(\d+)-/.exec(name);
    if (match && !isRunning(Number(match[1]))) {
      await rm(path.join(cacheDir, name), { recursive: true, force: true });
    }
  }
}

/** Keeps the current initdb layer and the KEEP most recently used templates. */
async function prune(cacheDir: string, keep: string): Promise<void> {
  const initdb = `initdb-${pgliteVersion()}-${FORMAT}`;
  const templates: Array<{ dir: string; used: number }> = [];
  for (const name of await readdir(cacheDir)) {
    const dir = path.join(cacheDir, name);
    if (name.startsWith('initdb-') && name !== initdb) {
      await rm(dir, { recursive: true, force: true });
    } else if (/^[0-9a-f]{24}$/.test(name) && dir !== keep) {
      const info = await stat(path.join(dir, 'template.json')).catch(() => null);
      templates.push({ dir, used: info?.mtimeMs ?? 0 });
    }
  }
  templates.sort((a, b) => b.used - a.used);
  for (const { dir } of templates.slice(KEEP - 1)) await rm(dir, { recursive: true, force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Runs `fn` while holding `lockFile` (created exclusively, holding the pid). A lock whose process
 * is gone (killed) is taken over. The lock only saves duplicate work: builds publish by rename, so
 * two builders at once still leave one whole template.
 */
async function withLock<T>(lockFile: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lockFile, 'utf8').catch(() => ''));
      const age = Date.now() - ((await stat(lockFile).catch(() => null))?.mtimeMs ?? 0);
      // An empty file is a lock being written this very moment, unless it has been so for a while.
      if ((holder && !isRunning(holder)) || (!holder && age > 5000)) {
        await rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`Waited too long for ${lockFile} (held by process ${holder})`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockFile, { force: true });
  }
}

/** Serialises template builds on one PostgreSQL server (pg_advisory_lock's key). */
const PG_LOCK = 727_001;
const PG_PREFIX = 'crewcamp_tpl_';

/**
 * Creates database `name` on the server of `adminUrl` as a copy of the template for `spec` (made
 * on that server first if missing), and answers its URL. The template is migrated and seeded
 * exactly as a new database would be, then renamed into place; no one connects to it afterwards,
 * as CREATE DATABASE … TEMPLATE requires.
 */
export async function createPostgresDatabase(adminUrl: string, name: string, spec: MigrateOptions): Promise<string> {
  const template = `${PG_PREFIX}${await templateKey(spec)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const present = async (db: string) =>
      (await admin.query('select 1 from pg_database where datname = $1', [db])).rowCount === 1;
    if (!(await present(template))) {
      await admin.query('select pg_advisory_lock($1)', [PG_LOCK]);
      try {
        if (!(await present(template))) await buildPostgresTemplate(admin, adminUrl, template, spec);
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [PG_LOCK]);
      }
    }
    await whenFree(() => admin.query(`create database ${ident(name)} template ${ident(template)}`));
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

/** Drops database `name` (one createPostgresDatabase made) on the server of `adminUrl`, connections and all. */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${ident(name)} with (force)`);
  } finally {
    await admin.end();
  }
}

async function buildPostgresTemplate(admin: pg.Client, adminUrl: string, template: string, spec: MigrateOptions) {
  // Under the lock, a half-built template is one whose builder was killed.
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
    `${PG_PREFIX}new_%`,
  ]);
  for (const row of rows) await admin.query(`drop database if exists ${ident(row.datname)} with (force)`);
  const work = `${PG_PREFIX}new_${process.pid}`;
  await admin.query(`create database ${ident(work)}`);
  const db = await openPostgres(databaseUrl(adminUrl, work));
  try {
    await migrate(db, spec);
  } finally {
    await db.close();
  }
  await whenFree(() => admin.query(`alter database ${ident(work)} rename to ${ident(template)}`));
  await admin.query(`comment on database ${ident(template)} is ${literal(new Date().toISOString())}`);
  const old = await admin.query<{ datname: string }>(
    `select d.datname from pg_database d
     where d.datname like $1 and d.datname <> $2 and d.datname not like $3
     order by coalesce(shobj_description(d.oid, 'pg_database'), '') desc offset $4`,
    [`${PG_PREFIX}%`, template, `${PG_PREFIX}new_%`, KEEP - 1],
  );
  for (const row of old.rows) await admin.query(`drop database if exists ${ident(row.datname)} with (force)`);
}

/** Retries `fn` while the database it needs is still in use (a closed pool's sessions ending). */
async function whenFree<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!isPgError(error) || error.code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  return name;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
