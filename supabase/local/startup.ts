/**
 * Opens the backend's database and brings it up to date: a real PostgreSQL (DATABASE_URL), PGlite
 * in memory, or PGlite in the data folder. A new data folder is a copy of the template database
 * for the current migrations and seed (see template.ts), renamed into place when whole, so the
 * first start is fast and atomic: a start killed at any point leaves either no database (the next
 * start begins again) or a complete, seeded one.
 */
import { constants } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackendConfig } from './config.ts';
import { openPglite, openPostgres, type Database } from './db.ts';
import { migrate, type MigrateOptions, type MigrateResult } from './migrate.ts';
import { copyPgliteTemplate, pgliteTemplate, removeUnfinishedCopies, type PgliteTemplate } from './template.ts';

export interface Startup extends MigrateResult {
  /** How a new PGlite data folder was made: from a template built now, or one from the cache. */
  template: 'created' | 'copied' | null;
}

/** A data folder that cannot be used, said in words an operator can act on. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

export async function openDatabase(
  config: BackendConfig,
  extraMigrationsDirs: string[] = [],
): Promise<{ db: Database; startup: Startup }> {
  const spec: MigrateOptions = {
    migrationsDirs: [config.migrationsDir, ...extraMigrationsDirs],
    seedFile: config.seedFile,
  };
  // The data folder holds stored objects even when the database is a PostgreSQL server.
  if (config.dataDir) await ensureWritable(config.dataDir);
  if (config.databaseUrl || !config.dataDir) {
    const db = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(null);
    return { db, startup: { ...(await migrated(db, spec)), template: null } };
  }

  const target = path.join(config.dataDir, 'pglite');
  await removeUnfinishedCopies(target);
  let made: PgliteTemplate | null = null;
  if (await isNewDatabaseFolder(target)) {
    const onBuild = () => {
      if (!config.quiet)
        console.log('Making the template database for this migration set (once: later new data folders copy it)…');
    };
    const cached = config.templateCacheDir
      ? await pgliteTemplate(config.templateCacheDir, spec, onBuild).catch((error: NodeJS.ErrnoException) => {
          if (!error.code || !WRITE_ERRORS.has(error.code)) throw error;
          console.warn(`The template cache ${config.templateCacheDir} is not writable (${error.code}): building here.`);
          return null;
        })
      : null;
    if (cached) {
      made = cached;
      await copyPgliteTemplate(made, target);
    } else {
      // Without a cache the template is built inside the data folder and moved into place.
      const own = path.join(config.dataDir, '.template');
      await rm(own, { recursive: true, force: true });
      made = await pgliteTemplate(own, spec, onBuild);
      await rename(made.dataDir, target);
      await rm(own, { recursive: true, force: true });
    }
  } else {
    await ensureWritableTree(target);
  }

  const db = await openPgliteIn(target);
  const result = await migrated(db, spec);
  if (!made) return { db, startup: { ...result, template: null } };
  return {
    db,
    startup: {
      isNew: true,
      applied: [...made.applied, ...result.applied],
      seeded: Boolean(config.seedFile) || result.seeded,
      template: made.created ? 'created' : 'copied',
    },
  };
}

async function migrated(db: Database, spec: MigrateOptions): Promise<MigrateResult> {
  try {
    return await migrate(db, spec);
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** No database yet: the folder is missing or empty (an initdb that never finished leaves files). */
async function isNewDatabaseFolder(target: string): Promise<boolean> {
  const entries = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (entries === null) return true;
  if (entries.length === 0) {
    await rm(target, { recursive: true });
    return true;
  }
  if (!(await stat(path.join(target, 'PG_VERSION')).catch(() => null))) {
    throw new DataFolderError(
      `${target} is not a database folder (it has no PG_VERSION): move it away, or run ` +
        '`npm run backend:reset` to delete the data folder and start over.',
    );
  }
  return false;
}

async function openPgliteIn(target: string): Promise<Database> {
  try {
    return await openPglite(target);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new DataFolderError(
      `The database in ${target} could not be opened (${message}). Is another backend using this data folder? ` +
        'Stop it; if the folder is damaged, move it away or run `npm run backend:reset` to start over (this deletes its data).',
      { cause: error },
    );
  }
}

function unwritable(folder: string, error: NodeJS.ErrnoException, file = folder): DataFolderError {
  const what = file === folder ? (error.code ?? error.message) : `${error.code ?? error.message} on ${file}`;
  return new DataFolderError(
    `The data folder ${folder} is not writable (${what}). The local backend keeps its ` +
      'database there: give this user write access to it (for example `chown -R "$(id -un)" ' +
      `${folder}\`), or set LOCAL_SUPABASE_DATA to a writable folder.`,
    { cause: error },
  );
}

const WRITE_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS']);

/** Creates the data folder and proves it writable by writing a file (access() is true for root). */
async function ensureWritable(folder: string): Promise<void> {
  const probe = path.join(folder, `.write-check-${process.pid}`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException;
    if (failure.code && WRITE_ERRORS.has(failure.code)) throw unwritable(folder, failure);
    if (failure.code === 'ENOTDIR' || failure.code === 'EEXIST') {
      throw new DataFolderError(`The data folder ${folder} is not a folder: set LOCAL_SUPABASE_DATA to a folder.`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Every folder and file of an existing database must be writable: PostgreSQL writes them in place. */
async function ensureWritableTree(folder: string): Promise<void> {
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      await access(file, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
        throw unwritable(folder, error, file);
      });
      if (entry.isDirectory()) await walk(file);
    }
  };
  await access(folder, constants.R_OK | constants.W_OK | constants.X_OK).catch((error: NodeJS.ErrnoException) => {
    throw unwritable(folder, error);
  });
  await walk(folder);
}
