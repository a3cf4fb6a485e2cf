/**
 * The app as the browser tests see it. The run builds the web app once, pointed at a placeholder
 * backend URL, and makes sure the seeded template database exists (global-setup.ts). Each
 * Playwright worker then gets its own stack (fixtures.ts): a copy of that build with the
 * placeholder rewritten to the worker's backend, served by `vite preview` on the worker's app port,
 * and its own backend (a fresh data folder copied from the template) on the worker's backend port.
 * No test sees another worker's data or site switches. The app's origin differs per worker, so its
 * service worker, storage and caches are the worker's own too.
 *
 * `startStack()` is the same for one slot, for the benchmarks and the screenshot scripts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { configFromEnv } from '../supabase/local/config.ts';
import { pgliteTemplate } from '../supabase/local/template.ts';
import { ANON_KEY, APP_PORT, APP_URL, BACKEND_PORT, BACKEND_URL, SLOT } from './env.ts';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

/**
 * The backend URL the shared build is made with, rewritten per worker. Port 1 is never a backend;
 * matched with its host and not followed by a digit, it cannot be confused with a real port.
 */
const PLACEHOLDER = { url: 'http://127.0.0.1:1', pattern: /127\.0\.0\.1:1(?!\d)/g };
/** Files that cannot hold the URL; every other file of the build is text (code, HTML, `_headers`, JSON). */
const BINARY_FILES = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|gz|br|zip|wasm)$/i;

/** The folders of one run, made by `prepareRun` and handed to the workers through the environment. */
export interface Run {
  workDir: string;
  /** The build with the placeholder backend URL. */
  buildDir: string;
}

export function runFromEnv(): Run {
  const workDir = process.env.E2E_WORK_DIR;
  if (!workDir) throw new Error('E2E_WORK_DIR is not set: the e2e global setup (e2e/global-setup.ts) did not run');
  return { workDir, buildDir: path.join(workDir, 'build') };
}

function waitForLine(child: ChildProcess, pattern: RegExp, name: string, timeoutMs = 180_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      // Colours are on when CI is set (picocolors).
      output += stripVTControlCharacters(chunk.toString());
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Builds the web app into `outDir` against `backendUrl`; `buildId` marks the build (a deployed update). */
export function buildApp(outDir: string, backendUrl: string, buildId?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const build = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      env: {
        ...process.env,
        VITE_SUPABASE_URL: backendUrl,
        VITE_SUPABASE_ANON_KEY: ANON_KEY,
        ...(buildId ? { CREWCAMP_BUILD_ID: buildId } : {}),
      },
      stdio: 'inherit',
    });
    build.once('error', reject);
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code})`))));
  });
}

/** The seeded template database the workers' backends copy, made now if this migration set has none. */
async function ensureTemplate(): Promise<void> {
  const config = configFromEnv();
  if (!config.templateCacheDir) return;
  await pgliteTemplate(config.templateCacheDir, {
    migrationsDirs: [config.migrationsDir],
    seedFile: config.seedFile,
  });
}

/** Once per run: a work folder, the shared build and the template, made side by side. */
export async function prepareRun(): Promise<Run> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-e2e-'));
  const run = { workDir, buildDir: path.join(workDir, 'build') };
  try {
    await Promise.all([buildApp(run.buildDir, PLACEHOLDER.url), ensureTemplate()]);
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_WORK_DIR = workDir;
  return run;
}

/** Copies the shared build to `distDir`, pointed at `backendUrl`. */
async function copyBuild(buildDir: string, distDir: string, backendUrl: string): Promise<void> {
  await rm(distDir, { recursive: true, force: true });
  await cp(buildDir, distDir, { recursive: true });
  const host = new URL(backendUrl).host;
  const files = await readdir(distDir, { recursive: true, withFileTypes: true });
  for (const file of files) {
    if (!file.isFile() || BINARY_FILES.test(file.name)) continue;
    const full = path.join(file.parentPath, file.name);
    const text = await readFile(full, 'utf8');
    const rewritten = text.replace(PLACEHOLDER.pattern, host);
    if (rewritten !== text) await writeFile(full, rewritten);
  }
}

/** Waits until nothing listens on `port` (a stack of the same slot may still be stopping). */
async function portFree(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return;
    if (Date.now() > deadline) throw new Error(`Port ${port} is in use: is another e2e run using the same ports?`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface Servers {
  /** The folder the app is served from (a deployed update goes here). */
  distDir: string;
  stop(): Promise<void>;
}

/** The backend and the app server of this process's slot (env.ts: ports of SLOT). */
export async function startServers(run: Run): Promise<Servers> {
  const distDir = path.join(run.workDir, `app-${SLOT}`);
  const dataDir = path.join(run.workDir, `backend-${SLOT}`);
  await Promise.all([portFree(BACKEND_PORT), portFree(APP_PORT)]);
  await rm(dataDir, { recursive: true, force: true });
  await copyBuild(run.buildDir, distDir, BACKEND_URL);
  // The specs (deployNewBuild) find the served folder here.
  process.env.E2E_DIST_DIR = distDir;

  const backend = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOCAL_SUPABASE_PORT: String(BACKEND_PORT),
      LOCAL_SUPABASE_DATA: dataDir,
      LOCAL_SUPABASE_QUIET: '1',
      SITE_URL: APP_URL,
      MAINTENANCE_INTERVAL_MS: '0',
      // Every test signs in (many sign up), all from one address, and recovery mails go out back
      // to back: no rate limits here.
      AUTH_RATE_LIMIT_SIGNIN: '100000',
      AUTH_RATE_LIMIT_SIGNUP: '100000',
      AUTH_RATE_LIMIT_VERIFY: '100000',
      AUTH_RATE_LIMIT_RECOVER: '100000',
      AUTH_EMAIL_MAX_FREQUENCY: '0',
    },
    // The IPC channel ends the backend when this process ends, however it ends.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const backendReady = waitForLine(backend, /CrewCamp local Supabase backend on/, `backend on ${BACKEND_URL}`);
  let preview: Awaited<ReturnType<typeof startPreview>> | null = null;
  try {
    preview = await startPreview(distDir);
    await backendReady;
  } catch (error) {
    await Promise.all([stopChild(backend), preview?.close()]);
    throw error;
  }
  // The channel must not keep this process alive; it only tells the backend when we are gone.
  backend.channel?.unref();
  return {
    distDir,
    async stop() {
      await Promise.all([stopChild(backend), preview?.close()]);
      await Promise.all([rm(dataDir, { recursive: true, force: true }), rm(distDir, { recursive: true, force: true })]);
    },
  };
}

/** `vite preview` of `distDir` in this process, with the project's preview settings, on APP_PORT. */
async function startPreview(distDir: string) {
  const { preview } = await import('vite');
  return preview({
    root,
    logLevel: 'warn',
    build: { outDir: distDir },
    preview: { host: '127.0.0.1', port: APP_PORT, strictPort: true, open: false },
  });
}

/**
 * Deploys a new build of the app into the folder this worker's app is served from (E2E_DIST_DIR)
 * while it keeps serving: built beside it, then copied over, as a static host's deployment would
 * (the old hashed files stay). Answers the new build id.
 */
export async function deployNewBuild(distDir = process.env.E2E_DIST_DIR): Promise<string> {
  if (!distDir) throw new Error('E2E_DIST_DIR is not set: is the e2e stack running?');
  const buildId = `e2e-${Date.now()}`;
  const next = `${distDir}-next`;
  await buildApp(next, BACKEND_URL, buildId);
  await cp(next, distDir, { recursive: true, force: true });
  await rm(next, { recursive: true, force: true });
  return buildId;
}

export interface Stack {
  distDir: string;
  /** Turns the waitlist switch on or off (as the admin, through toggle_feature). */
  setWaitlist(enabled: boolean): Promise<void>;
  /** Deploys a new build (another build id) into the served folder; answers its id. */
  rebuild(): Promise<string>;
  stop(): Promise<void>;
}

/** The whole stack for one slot, outside Playwright (benchmarks, screenshot scripts). */
export async function startStack(): Promise<Stack> {
  const run = await prepareRun();
  let servers: Servers;
  try {
    servers = await startServers(run);
  } catch (error) {
    await rm(run.workDir, { recursive: true, force: true });
    throw error;
  }
  return {
    distDir: servers.distDir,
    rebuild: () => deployNewBuild(servers.distDir),
    async setWaitlist(enabled) {
      const { setFeature } = await import('./backend.ts');
      await setFeature('waitlist_enabled', enabled);
    },
    async stop() {
      await servers.stop();
      await rm(run.workDir, { recursive: true, force: true });
    },
  };
}
