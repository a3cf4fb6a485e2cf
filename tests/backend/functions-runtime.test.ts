/**
 * The functions' Deno processes as the hosted Edge Runtime's workers: each sees only what it was
 * given (its environment, the network hosts that environment names; no files, no programs), a
 * function over the request time limit or the memory limit is answered as hosted (504
 * IDLE_TIMEOUT, 546 WORKER_RESOURCE_LIMIT) while the backend goes on serving, and no process
 * outlives its backend, however the backend ends.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { functionSecrets, type FunctionSecrets } from '../support/function-secrets.ts';

const TIMEOUT_MS = 4000;
const CANARY = 'CREWCAMP_BACKEND_ONLY_CANARY';

let backend: TestBackend;
let secrets: FunctionSecrets;
let tmp: string;
let outsider: http.Server;

const call = (name: string, token = backend.anonKey) =>
  fetch(`${backend.url}/functions/v1/${name}`, { headers: { authorization: `Bearer ${token}` } });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pids: number[], withinMs = 10_000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (!pids.some(isRunning)) return true;
    await sleep(100);
  }
  return false;
}

beforeAll(async () => {
  // What the backend's own process has and no function was given.
  process.env[CANARY] = 'the backend secret';
  tmp = await mkdtemp(path.join(os.tmpdir(), 'functions-runtime-'));
  await writeFile(path.join(tmp, 'secret.txt'), 'not for functions');
  outsider = http.createServer((_req, res) => res.end('outsider'));
  await new Promise<void>((resolve) => outsider.listen(0, '127.0.0.1', resolve));
  secrets = await functionSecrets();
  await secrets.set({ STRIPE_API_BASE: 'http://127.0.0.1:9', MAIL_FROM: 'CrewCamp <crew@example.test>' });
  backend = await startTestBackend({
    fixtures: false,
    functionsEnvFile: secrets.file,
    functionsTimeoutMs: TIMEOUT_MS,
    functionsMemoryMb: 64,
  });
});

afterAll(async () => {
  delete process.env[CANARY];
  await backend?.stop();
  await secrets?.remove();
  await new Promise<void>((resolve) => outsider.close(() => resolve()));
  await rm(tmp, { recursive: true, force: true });
});

describe('what a function can reach', () => {
  it('reads no file, writes none, runs no program, and sees only the environment it was given', async () => {
    const query = new URLSearchParams({
      file: path.join(tmp, 'secret.txt'),
      write: path.join(tmp, 'written.txt'),
      env: CANARY,
    });
    const res = await call(`snoop?${query}`);
    expect(res.status).toBe(200);
    const seen = await res.json();
    expect(seen.read).toBe('denied: NotCapable');
    expect(seen.write).toBe('denied: NotCapable');
    expect(seen.run).toBe('denied: NotCapable');
    expect(seen.env).toBe('ok: unset');
    expect(seen.envKeys).toEqual([
      'DEV_MAIL_URL',
      'MAIL_FROM',
      'SITE_URL',
      'STRIPE_API_BASE',
      'SUPABASE_ANON_KEY',
      // A real PostgreSQL has an address to give (the PostgreSQL run); the embedded one has none.
      ...(process.env.DATABASE_URL ? ['SUPABASE_DB_URL'] : []),
      'SUPABASE_SERVICE_ROLE_KEY',
      'SUPABASE_URL',
    ]);
    const repoFile = await (await call(`snoop?file=${encodeURIComponent(path.resolve('package.json'))}`)).json();
    expect(repoFile.read).toBe('denied: NotCapable');
    for (const name of ['HOME', 'PATH', 'DATABASE_URL', 'JWT_SECRET', 'DENO_DIR'])
      expect((await (await call(`snoop?env=${name}`)).json()).env, name).toBe('ok: unset');
  });

  it('reaches the hosts its environment names and no other', async () => {
    const outsiderUrl = `http://127.0.0.1:${(outsider.address() as AddressInfo).port}/`;
    const denied = await (await call(`snoop?url=${encodeURIComponent(outsiderUrl)}`)).json();
    expect(denied.fetch).toBe('denied: NotCapable');
    const own = await (await call(`snoop?url=${encodeURIComponent(`${backend.url}/rest/v1/`)}`)).json();
    expect(own.fetch).toMatch(/^ok: \d{3}$/);
    // Named by a secret: the port is allowed (nothing listens there, so the fetch itself fails).
    const named = await (await call(`snoop?url=${encodeURIComponent('http://127.0.0.1:9/')}`)).json();
    expect(named.fetch).not.toBe('denied: NotCapable');
  });
});

describe('limits', () => {
  it('answers a function over the request time limit with 504 IDLE_TIMEOUT, then serves it afresh', async () => {
    const before = (await (await call('limits')).json()).pid;
    const started = Date.now();
    const res = await call('limits?spin');
    expect(res.status).toBe(504);
    expect(res.headers.get('sb-error-code')).toBe('IDLE_TIMEOUT');
    expect(await res.json()).toEqual({
      code: 'IDLE_TIMEOUT',
      message: 'Function did not respond before the request idle timeout (please check logs)',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(await gone([before])).toBe(true);
    const after = await call('limits');
    expect(after.status).toBe(200);
    expect((await after.json()).pid).not.toBe(before);
    expect((await call('echo')).status).toBe(200);
  });

  it('lets a slow call within the limit finish on the same process', async () => {
    const first = await (await call('limits?wait=300')).json();
    const second = await (await call('limits')).json();
    expect(first).toMatchObject({ waited: 300 });
    expect(second.pid).toBe(first.pid);
  });

  it('answers a function over the memory limit with 546 WORKER_RESOURCE_LIMIT, then serves it afresh', async () => {
    const before = (await (await call('limits')).json()).pid;
    const res = await call('limits?hog');
    expect(res.status).toBe(546);
    expect(res.headers.get('sb-error-code')).toBe('WORKER_RESOURCE_LIMIT');
    expect(await res.json()).toEqual({
      code: 'WORKER_RESOURCE_LIMIT',
      message: 'Function failed due to not having enough compute resources (please check logs)',
    });
    expect(isRunning(before)).toBe(false);
    const after = await call('limits');
    expect(after.status).toBe(200);
    expect((await after.json()).pid).not.toBe(before);
    expect((await backend.anon().from('app_settings').select('key')).error).toBeNull();
  });
});

describe('process lifetime', () => {
  it('stops every function process when the backend closes', async () => {
    const other = await startTestBackend({ fixtures: false });
    const own = (name: string) =>
      fetch(`${other.url}/functions/v1/${name}`, { headers: { authorization: `Bearer ${other.anonKey}` } });
    expect((await own('echo')).status).toBe(200);
    expect((await own('limits')).status).toBe(200);
    const pids = other.functions.pids();
    expect(pids).toHaveLength(2);
    expect(pids.every(isRunning)).toBe(true);
    await other.stop();
    expect(pids.some(isRunning)).toBe(false);
    // A second backend is migrated first: slow on a busy machine.
  }, 120_000);

  it('ends the function processes of a backend that was killed', async () => {
    // A backend in a process of its own (in memory, no seed), so that it can be killed outright.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'functions-killed-'));
    const script = path.join(dir, 'start.mts');
    await writeFile(
      script,
      `import { startBackend } from ${JSON.stringify(path.resolve('supabase/local/server.ts'))};
const backend = await startBackend({
  port: 0, dataDir: null, seedFile: null, quiet: true, maintenanceIntervalMs: 0, functionsEnvFile: null,
  functionsDir: ${JSON.stringify(path.resolve('tests/fixtures/functions'))},
});
console.log('ready', backend.url, backend.anonKey);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [url, key] = await new Promise<string[]>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /ready (\S+) (\S+)/.exec(output);
          if (match) resolve([match[1], match[2]]);
        });
        child.once('exit', (code) => reject(new Error(`backend exited with ${code}: ${output}`)));
      });
      const res = await fetch(`${url}/functions/v1/echo`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const workers = await denoChildren(child.pid!);
      expect(workers).toEqual([(await res.json()).runtime.pid]);
      child.kill('SIGKILL');
      expect(await gone(workers)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
    // A backend is migrated first: slow on a busy machine.
  }, 120_000);
});

/** Ids of the Deno processes whose parent is `pid` (from /proc: Linux, as CI). */
async function denoChildren(pid: number): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may hold spaces, closed by the last ')'): state, ppid, ...
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) === pid && stat.includes('(deno)')) pids.push(Number(entry));
  }
  return pids;
}
