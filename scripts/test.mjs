#!/usr/bin/env node
// `npm test`: every check CI runs, stopping at the first failure: lint, formatting and types (side
// by side, each one process: on a fresh clone with two cores 136 s for the three, 155 s one after
// another), then in order the unit and integration suites on embedded PGlite, the integration suites again
// on a real PostgreSQL (Debian's, started by scripts/pg15.sh and stopped again) so nothing depends
// on PGlite, the hosted deploy path with the real Supabase CLI (db push, migration list) against a
// database of its own on that server, then the browser tests in Debian's Chromium against the
// built app and local backends (one per Playwright worker). Every step stops the servers it
// starts; the run ends with the time each step took.
import { spawn } from 'node:child_process';

/** Run together; each one's output is printed whole once it ends, so the three do not interleave. */
const checks = [
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
];
const steps = [
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

/** Runs one step; `quiet` keeps its output and hands it back instead of printing it as it comes. */
function run(command, args, quiet) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        seconds: ((Date.now() - started) / 1000).toFixed(1),
        output: Buffer.concat(output).toString(),
      }),
    );
  });
}

function record(name, { code, seconds }) {
  times.push([name, seconds, code === 0 ? 'ok' : 'failed']);
  if (code === 0) {
    console.log(`${name}: ok in ${seconds} s`);
    return;
  }
  summary();
  console.error(`\n${name} failed after ${seconds} s`);
  process.exit(code);
}

const started = Date.now();
const results = await Promise.all(checks.map(([, command, args]) => run(command, args, true)));
checks.forEach(([name], i) => {
  console.log(`\n=== ${name} ===`);
  process.stdout.write(results[i].output);
});
checks.forEach(([name], i) => record(name, results[i]));
for (const [name, command, args] of steps) {
  console.log(`\n=== ${name} ===`);
  record(name, await run(command, args, false));
}
times.push(['total', ((Date.now() - started) / 1000).toFixed(1), '']);
summary();
