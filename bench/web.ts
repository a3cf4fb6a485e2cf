/**
 * `npm run bench:web`: builds the app, serves it with `vite preview` beside a fresh local backend
 * (the e2e setup), then for /landing, /login and /join?id=… (signed out) and /dashboard (signed in):
 * - the gzipped JavaScript the page loads: every script Chromium fetched while loading it, gzipped
 *   from the build output, the main thread's (goals: 150 KB for /login, 250 KB for /dashboard) apart
 *   from the sync worker's (src/app/sync-worker.ts, signed in only);
 * - Lighthouse's mobile scores (performance, accessibility, best practices) in Debian's Chromium
 *   (goals: performance 95 for the public pages, 92 for /dashboard; the others 100).
 * Prints a table; writes bench/results/web.json.
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serviceClient } from '../e2e/backend.ts';
import { APP_URL } from '../e2e/env.ts';
import { startStack } from '../e2e/stack.ts';

const root = path.resolve(import.meta.dirname, '..');
// Chromium's DevTools port for Lighthouse; set BENCH_DEBUG_PORT when several benches share a machine.
const DEBUG_PORT = Number(process.env.BENCH_DEBUG_PORT ?? 9347);
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--headless=new',
];

const stack = await startStack();
const profileDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-bench-chrome-'));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [...CHROME_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
  viewport: { width: 412, height: 823 },
});

/** Gzipped bytes of every script the page loaded from the app: the main thread's, and its workers'. */
async function scriptBytes(pathname: string, hasWorker = false): Promise<{ main: number; worker: number }> {
  const page = await context.newPage();
  const scripts = new Set<string>();
  const workerScripts = new Set<string>();
  // A worker's own script is not listed among the page's requests.
  page.on('worker', (worker) => {
    workerScripts.add(new URL(worker.url()).pathname);
    scripts.add(new URL(worker.url()).pathname);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === APP_URL && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  const worker = hasWorker ? page.waitForEvent('worker', { timeout: 15_000 }) : null;
  await page.goto(`${APP_URL}${pathname}`, { waitUntil: 'networkidle' });
  await worker; // a signed-in page starts its sync worker once the first screen is drawn
  await page.waitForTimeout(500);
  await page.close();
  const total = { main: 0, worker: 0 };
  const sizes: [string, number][] = [];
  for (const script of scripts) {
    if (script === '/sw.js') continue; // the service worker is not the page's
    const bytes = gzipSync(await readFile(path.join(stack.distDir, script))).length;
    sizes.push([script, bytes]);
    total[workerScripts.has(script) ? 'worker' : 'main'] += bytes;
  }
  // BENCH_SCRIPTS=1 lists each script with its gzipped size, largest first.
  if (process.env.BENCH_SCRIPTS) {
    console.log(`${pathname}:`);
    for (const [script, bytes] of sizes.sort((a, b) => b[1] - a[1])) {
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${script}`);
    }
  }
  return total;
}

async function scores(pathname: string, keepStorage: boolean) {
  // BENCH_JS_ONLY=1 skips Lighthouse (a quicker look at the script sizes).
  if (process.env.BENCH_JS_ONLY) return { performance: NaN, accessibility: NaN, bestPractices: NaN };
  const result = await lighthouse(
    `${APP_URL}${pathname}`,
    { port: DEBUG_PORT, output: 'json', logLevel: 'error', disableStorageReset: keepStorage },
    {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['performance', 'accessibility', 'best-practices'], formFactor: 'mobile' },
    },
  );
  // BENCH_LHR_DIR=<folder> keeps each full Lighthouse report (JSON), to look into a score.
  if (process.env.BENCH_LHR_DIR && result) {
    const file = path.join(process.env.BENCH_LHR_DIR, `${pathname.replace(/\W+/g, '') || 'root'}.json`);
    await writeFile(file, JSON.stringify(result.lhr));
  }
  const categories = result?.lhr.categories;
  const score = (key: string) => Math.round((categories?.[key]?.score ?? 0) * 100);
  // The metrics behind the performance score, printed to see what a score is made of.
  const metric = (key: string) => Math.round((result?.lhr.audits[key]?.numericValue ?? NaN) * 1000) / 1000;
  console.log(
    `${pathname}: FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms,`,
    `TBT ${metric('total-blocking-time')} ms, SI ${metric('speed-index')} ms, CLS ${metric('cumulative-layout-shift')}`,
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
  };
}

try {
  // Signed out: the public pages (the waitlist off, as a fresh site with open registration has it).
  await stack.setWaitlist(false);
  const { data: joinable, error } = await serviceClient().from('events').select('id').limit(1).single();
  if (error) throw error;
  const publicPages = ['/landing', '/login', `/join?id=${joinable.id as string}`];
  const signedOut: Record<string, { js: { main: number }; scores: Awaited<ReturnType<typeof scores>> }> = {};
  for (const pathname of publicPages)
    signedOut[pathname] = { js: await scriptBytes(pathname), scores: await scores(pathname, false) };

  // Signed in: sign in once in this profile, then keep its storage for Lighthouse.
  const page = await context.newPage();
  await page.goto(`${APP_URL}/login`);
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill('noah@crewcamp.local');
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Password').fill('crewcamp-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${APP_URL}/dashboard`);
  await page.close();
  const dashboardJs = await scriptBytes('/dashboard', true);
  const dashboard = await scores('/dashboard', true);

  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const results: Record<string, number> = {};
  for (const [pathname, page] of Object.entries(signedOut)) {
    const name = pathname.split('?')[0];
    results[`${name} gzipped JS (KB${name === '/login' ? ', goal <= 150' : ''})`] = kb(page.js.main);
    results[`${name} Lighthouse performance (goal 95)`] = page.scores.performance;
    results[`${name} Lighthouse accessibility / best practices (goal 100)`] = Math.min(
      page.scores.accessibility,
      page.scores.bestPractices,
    );
  }
  results['/dashboard main-thread gzipped JS (KB, goal <= 250)'] = kb(dashboardJs.main);
  results['/dashboard sync worker gzipped JS (KB)'] = kb(dashboardJs.worker);
  results['/dashboard Lighthouse performance (goal 92)'] = dashboard.performance;
  results['/dashboard Lighthouse accessibility / best practices (goal 100)'] = Math.min(
    dashboard.accessibility,
    dashboard.bestPractices,
  );
  console.table(results);
  await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
  await writeFile(path.join(root, 'bench', 'results', 'web.json'), JSON.stringify(results, null, 2));
} finally {
  await context.close();
  await rm(profileDir, { recursive: true, force: true });
  await stack.stop();
}
