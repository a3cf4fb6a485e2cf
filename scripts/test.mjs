#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure: lint, formatting,
// types, the unit and integration suites on embedded PGlite, then the integration suites again
// on a real PostgreSQL (Debian's, started by scripts/pg15.sh and stopped again) so nothing depends
// on PGlite, the hosted deploy path with the real Supabase CLI (db push, migration list) against a
// database of its own on that server, then the browser tests in Debian's Chromium against the
// built app and local backends (one per Playwright worker). Every step stops the servers it
// starts; the run ends with the time each step took.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['unit + integration (PGlite)', 'npx', ['vitest', 'run']],
  ['integration (PostgreSQL)', 'node', ['scripts/test-pg.mjs']],
  ['Supabase CLI deploy path (PostgreSQL)', 'node', ['scripts/cli-deploy-check.mjs']],
  ['browser (Playwright, Chromium)', 'npx', ['playwright', 'test']],
];

const times = [];
const summary = () => {
  console.log('\n=== time per step ===');
  for (const [name, seconds, outcome] of times) console.log(`${name.padEnd(40)} ${seconds.padStart(7)} s  ${outcome}`);
};
const started = Date.now();
for (const [name, command, args] of steps) {
  const stepStarted = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    times.push([name, seconds, 'failed']);
    summary();
    console.error(`\n${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  times.push([name, seconds, 'ok']);
  console.log(`${name}: ok in ${seconds} s`);
}
times.push(['total', ((Date.now() - started) / 1000).toFixed(1), '']);
summary();
