#!/usr/bin/env node
// The integration suites (every suite that starts the backend through tests/support/backend.ts)
// against a real PostgreSQL: uses DATABASE_URL when set, otherwise Debian's PostgreSQL through
// scripts/pg15.sh, which this script stops again afterwards if it started it (also on Ctrl-C).
// Without PostgreSQL on the machine this is skipped with a warning on a developer's machine and is
// an error in CI (CI=true).
import { spawn, spawnSync } from 'node:child_process';

const SUITES = ['tests/backend', 'tests/db', 'tests/sync-integration', 'tests/access'];

let url = process.env.DATABASE_URL;
let startedHere = false;
if (!url) {
  const running = spawnSync('bash', ['scripts/pg15.sh', 'status']).status === 0;
  const started = spawnSync('bash', ['scripts/pg15.sh', 'start'], { encoding: 'utf8' });
  if (started.status !== 0) {
    const message = `PostgreSQL could not be started: ${started.stderr.trim()}`;
    if (process.env.CI) {
      console.error(message);
      process.exit(1);
    }
    console.warn(`${message}\nSkipping the PostgreSQL run (install Debian's postgresql package to run it).`);
    process.exit(0);
  }
  startedHere = !running;
  url = started.stdout.trim();
}

function stopServer() {
  if (startedHere) spawnSync('bash', ['scripts/pg15.sh', 'stop'], { stdio: 'inherit' });
  startedHere = false;
}

console.log(`DATABASE_URL=${url}`);
// Files or folders given on the command line replace the default suites.
const targets = process.argv.length > 2 ? process.argv.slice(2) : SUITES;
const vitest = spawn('npx', ['vitest', 'run', ...targets], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    vitest.kill(signal);
  });
}
vitest.on('exit', (code, signal) => {
  stopServer();
  process.exit(code ?? (signal ? 1 : 0));
});
