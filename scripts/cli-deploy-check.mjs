#!/usr/bin/env node
// The deploy path of a hosted project, checked with the real Supabase CLI (npm `supabase`, pinned):
// a new database on PostgreSQL 15 is prepared as a hosted project is (supabase/local/bootstrap.sql:
// the API roles, the auth, storage and extensions schemas, the supabase_realtime publication), then
//   supabase db push --db-url '<url>?sslmode=disable' --include-seed
//   supabase migration list --db-url '<url>?sslmode=disable'
// run against it as the README's hosted instructions run them against a project. The step fails on
// any error: a migration or the seed the CLI cannot apply, a migration missing from the remote
// history, a second push that is not a no-op, a seed that did not land.
//
// PostgreSQL: DATABASE_URL's server when set, otherwise Debian's started with scripts/pg15.sh
// (PG_TEST_PORT, PG_TEST_DIR), stopped again if this script started it. The database it makes is
// dropped at the end. Without PostgreSQL on the machine this is skipped with a warning on a
// developer's machine and is an error in CI (CI=true), as scripts/test-pg.mjs does.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules', '.bin', 'supabase');
// No usage reports from the CLI: CI reaches no network beyond the package registry.
const cliEnv = { ...process.env, DO_NOT_TRACK: '1' };

function fail(message) {
  console.error(`cli-deploy-check: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The PostgreSQL server to use, and whether this script started it (so stops it). */
async function server() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, started: false };
  const port = process.env.PG_TEST_PORT ?? '54329';
  const already = await reachable(`postgres://postgres@127.0.0.1:${port}/postgres`);
  const started = spawnSync('bash', ['scripts/pg15.sh', 'start'], { cwd: root, encoding: 'utf8' });
  if (started.status !== 0) {
    const message = `PostgreSQL could not be started: ${started.stderr.trim()}`;
    if (process.env.CI) fail(message);
    console.warn(`${message}\nSkipping the Supabase CLI check (install Debian's postgresql package to run it).`);
    return null;
  }
  return { adminUrl: started.stdout.trim(), started: !already };
}

/**
 * Runs the CLI, its output shown as it comes (or, with `capture`, kept and answered). Fails the
 * step on a non-zero exit.
 */
function supabase(args, { capture = false } = {}) {
  console.log(`$ supabase ${args.join(' ')}`);
  const result = spawnSync(cli, args, {
    cwd: root,
    env: cliEnv,
    encoding: 'utf8',
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
  });
  if (result.status !== 0) {
    if (capture) process.stderr.write(`${result.stdout}${result.stderr}`);
    fail(`supabase ${args.slice(0, 2).join(' ')} exited with ${result.status ?? result.signal}`);
  }
  return { stdout: result.stdout ?? '', all: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

async function main() {
  const pgServer = await server();
  if (!pgServer) return;
  const name = `crewcamp_cli_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgServer.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgServer.adminUrl);
  url.pathname = `/${name}`;
  url.search = '?sslmode=disable';
  const dbUrl = url.toString();
  try {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      // What a hosted project has before its first migration (roles, schemas, publication).
      await db.query(readFileSync(path.join(root, 'supabase', 'local', 'bootstrap.sql'), 'utf8'));
    } finally {
      await db.end();
    }

    supabase(['db', 'push', '--db-url', dbUrl, '--include-seed', '--yes']);
    supabase(['migration', 'list', '--db-url', dbUrl]);

    const listed = JSON.parse(
      supabase(['migration', 'list', '--db-url', dbUrl, '--output-format', 'json'], { capture: true }).stdout,
    );
    const local = readdirSync(path.join(root, 'supabase', 'migrations'))
      .filter((file) => /^\d+_[\w-]+\.sql$/.test(file))
      .map((file) => file.split('_')[0])
      .sort();
    const remote = new Set(listed.migrations.filter((m) => m.remote).map((m) => m.remote));
    const missing = local.filter((version) => !remote.has(version));
    if (missing.length > 0) fail(`not in the remote migration history: ${missing.join(', ')}`);
    if (listed.migrations.length !== local.length)
      fail(`the remote history has ${listed.migrations.length} migrations, the project ${local.length}`);

    const again = supabase(['db', 'push', '--db-url', dbUrl, '--include-seed', '--yes'], { capture: true });
    process.stdout.write(again.all);
    if (!again.all.includes('Remote database is up to date')) fail('a second db push was not a no-op');

    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    try {
      const { rows } = await check.query(
        `select count(*)::int as users from auth.users where email like '%@crewcamp.local'`,
      );
      if (!(rows[0].users > 0)) fail('the seed (supabase/seed.sql) did not land');
      console.log(
        `cli-deploy-check: ${local.length} migrations applied and listed, seed loaded (${rows[0].users} demo accounts)`,
      );
    } finally {
      await check.end();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    if (pgServer.started) spawnSync('bash', ['scripts/pg15.sh', 'stop'], { cwd: root, stdio: 'inherit' });
  }
}

main().catch((error) => {
  if (!process.exitCode) console.error(error);
  process.exitCode = 1;
});
