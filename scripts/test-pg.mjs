#!/usr/bin/env node
// The integration suites against a real PostgreSQL: uses DATABASE_URL when set, otherwise starts
// Debian's PostgreSQL with scripts/pg15.sh. Without PostgreSQL on the machine this is skipped with
// a warning on a developer's machine and is an error in CI (CI=true).
import { spawnSync } from 'node:child_process';

let url = process.env.DATABASE_URL;
if (!url) {
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
  url = started.stdout.trim();
}
console.log(`DATABASE_URL=${url}`);
const result = spawnSync('npx', ['vitest', 'run', 'tests/backend', 'tests/db'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
