/**
 * The app as the browser tests see it: a build pointed at its own backend (a fresh data folder
 * seeded from supabase/seed.sql, its own port) and `vite preview` of that build. Used by the e2e
 * global setup, the screenshots and the web benchmark.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ANON_KEY, APP_PORT, APP_URL, BACKEND_PORT, BACKEND_URL } from './env.ts';

const root = path.resolve(import.meta.dirname, '..');
const vite = path.join(root, 'node_modules/vite/bin/vite.js');

function waitForLine(child: ChildProcess, pattern: RegExp, name: string, timeoutMs = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      // Colours are on when CI is set (picocolors): vite prints the port in bold.
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

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Builds the web app into `outDir`, pointed at the e2e backend; `buildId` marks the build (a deployed update). */
function buildApp(outDir: string, buildId?: string): void {
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: root,
      env: {
        ...process.env,
        VITE_SUPABASE_URL: BACKEND_URL,
        VITE_SUPABASE_ANON_KEY: ANON_KEY,
        ...(buildId ? { CREWCAMP_BUILD_ID: buildId } : {}),
      },
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
}

/**
 * Deploys a new build of the app into the folder `vite preview` serves (E2E_DIST_DIR, set by
 * startStack) while it keeps serving: built beside it, then copied over, as a static host's
 * deployment would (the old hashed files stay). Answers the new build id.
 */
export async function deployNewBuild(distDir = process.env.E2E_DIST_DIR): Promise<string> {
  if (!distDir) throw new Error('E2E_DIST_DIR is not set: is the e2e stack running?');
  const buildId = `e2e-${Date.now()}`;
  const next = `${distDir}-next`;
  buildApp(next, buildId);
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

export async function startStack(): Promise<Stack> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-e2e-'));
  const distDir = path.join(workDir, 'dist');

  buildApp(distDir);
  // The specs (other processes) find the served folder here, to deploy a new build into it.
  process.env.E2E_DIST_DIR = distDir;

  const backend = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOCAL_SUPABASE_PORT: String(BACKEND_PORT),
      LOCAL_SUPABASE_DATA: path.join(workDir, 'backend'),
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
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const preview = spawn(
    process.execPath,
    [vite, 'preview', '--outDir', distDir, '--host', '127.0.0.1', '--port', String(APP_PORT), '--strictPort'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    await Promise.all([
      waitForLine(backend, /CrewCamp local Supabase backend on/, 'backend'),
      waitForLine(preview, new RegExp(`127\\.0\\.0\\.1:${APP_PORT}`), 'vite preview'),
    ]);
  } catch (error) {
    await Promise.all([stop(backend), stop(preview)]);
    throw error;
  }

  return {
    distDir,
    rebuild: () => deployNewBuild(distDir),
    async setWaitlist(enabled) {
      const { setFeature } = await import('./backend.ts');
      await setFeature('waitlist_enabled', enabled);
    },
    async stop() {
      await Promise.all([stop(backend), stop(preview)]);
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
