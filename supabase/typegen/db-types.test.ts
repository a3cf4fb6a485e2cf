/**
 * The committed database types and row schemas match the migrations: a migration that changes the
 * schema without `npm run db:types` fails here (and so in CI), naming the command to run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generateDatabaseFiles } from './db-types.ts';

it('src/db/database.types.ts and database.schemas.ts are what npm run db:types writes from the migrations', async () => {
  for (const [file, generated] of await generateDatabaseFiles()) {
    const committed = await readFile(file, 'utf8');
    const name = path.basename(file);
    expect(committed === generated, `src/db/${name} is stale: run npm run db:types and commit it`).toBe(true);
  }
}, 120_000);
