#!/usr/bin/env node
// `npm run bench`: runs every `bench:*` script of package.json in turn, then prints one table of
// all their results (each writes bench/results/<name>.json).
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const names = Object.keys(pkg.scripts).filter((name) => name.startsWith('bench:'));
const table = {};
let failed = false;
for (const name of names) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
  const file = `bench/results/${name.slice('bench:'.length)}.json`;
  if (existsSync(file)) {
    for (const [key, value] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) table[`${name}: ${key}`] = value;
  }
}
console.log('\n=== all benchmarks ===');
console.table(table);
process.exit(failed ? 1 : 0);
