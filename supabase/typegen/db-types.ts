/**
 * `npm run db:types`: the database types of the `public` schema in the format of the Supabase
 * CLI's `supabase gen types typescript` (postgres-meta's generator: `Database` with Tables (Row,
 * Insert, Update, Relationships), Views, Functions (Args, Returns), Enums and CompositeTypes, the
 * helper types `Tables<>`, `TablesInsert<>`, `TablesUpdate<>`, `Enums<>`, `CompositeTypes<>` and
 * `Constants`). The CLI needs Docker for this; here the migrations run on a throwaway in-memory
 * PGlite through the local backend's own migrate step, and the catalog is read directly. Output is
 * sorted by name, so the file only changes when the schema does.
 *
 * It also writes the tables' rows as Zod schemas (src/db/database.schemas.ts, render-schemas.ts),
 * which the device's row schemas are made from.
 *
 *   tsx supabase/typegen/db-types.ts            writes src/db/database.types.ts and database.schemas.ts
 *   tsx supabase/typegen/db-types.ts --check    exits 1 when a committed file is stale
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, type Queryable } from '../local/db.ts';
import { migrate } from '../local/migrate.ts';
import { renderDatabase, type Catalog } from './render.ts';
import { renderSchemas } from './render-schemas.ts';
import { readCatalog } from './catalog.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TYPES_FILE = path.join(root, 'src', 'db', 'database.types.ts');
export const SCHEMAS_FILE = path.join(root, 'src', 'db', 'database.schemas.ts');

/** The migrated schema's generated files by path, as their text (formatted as prettier leaves it). */
export async function generateDatabaseFiles(): Promise<Map<string, string>> {
  const db = await openPglite(null);
  try {
    await migrate(db, { migrationsDirs: [path.join(root, 'supabase', 'migrations')], seedFile: null });
    const catalog: Catalog = await readCatalog(db as Queryable);
    return new Map([
      [TYPES_FILE, await format(renderDatabase(catalog), TYPES_FILE)],
      [SCHEMAS_FILE, await format(renderSchemas(catalog), SCHEMAS_FILE)],
    ]);
  } finally {
    await db.close();
  }
}

async function format(source: string, file: string): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(source, { ...options, filepath: file });
}

async function main(): Promise<void> {
  const files = await generateDatabaseFiles();
  const isCheck = process.argv.includes('--check');
  let isStale = false;
  for (const [file, text] of files) {
    const name = path.relative(root, file);
    if (!isCheck) {
      await writeFile(file, text);
      console.log(`Wrote ${name}`);
    } else if ((await readFile(file, 'utf8').catch(() => '')) !== text) {
      console.error(`${name} is stale: run npm run db:types and commit it.`);
      isStale = true;
    } else console.log(`${name} matches the migrations.`);
  }
  if (isStale) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
