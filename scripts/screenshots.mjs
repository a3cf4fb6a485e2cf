#!/usr/bin/env node
// `npm run screenshots`: refreshes docs/screenshots on purpose. The browser tests take the same
// shots on every run but write them under test-results/screenshots (ignored); here the specs that
// take screenshots run with E2E_SCREENSHOT_DIR=docs/screenshots, then the page-tour scripts
// beside the shots. Arguments go to Playwright (e.g. one spec file, --project=phone).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const specs =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync('e2e')
        .filter((name) => name.endsWith('.spec.ts') && /screenshot/i.test(readFileSync(`e2e/${name}`, 'utf8')))
        .map((name) => `e2e/${name}`);

const run = (command, args, env = {}) => {
  console.log(`\n=== ${command} ${args.join(' ')} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npx', ['playwright', 'test', ...specs], { E2E_SCREENSHOT_DIR: 'docs/screenshots' });
if (process.argv.length <= 2) {
  run('npx', ['tsx', 'docs/screenshots/take-screenshots.ts']);
  run('npx', ['tsx', 'docs/screenshots/take-data-screenshots.ts']);
  // Every page at 360 and 1280 px wide (page-<route>-<width>.png).
  run('npx', ['tsx', 'docs/screenshots/take-page-tour.ts']);
}
