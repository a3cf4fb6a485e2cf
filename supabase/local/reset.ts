/**
 * `npm run backend:reset`: removes the local backend's data folder, so the next start is new (a
 * copy of the template database, seeded). The template cache stays: it holds no one's data, only
 * the state of a new database for a migration set.
 */
import { rm } from 'node:fs/promises';
import { configFromEnv } from './config.ts';

const { dataDir, databaseUrl } = configFromEnv();
if (databaseUrl) {
  console.log('DATABASE_URL is set: drop and recreate that database yourself; only the data folder is removed.');
}
if (dataDir) {
  await rm(dataDir, { recursive: true, force: true });
  console.log(`Removed ${dataDir}`);
}
