/**
 * `npm run bench:functions`: latency of a server function call on the local backend, where each
 * function runs in its own Deno process: cold (the process is started by the call: Deno boots,
 * loads the function with supabase-js and zod, and serves) and warm (the process is running), for
 * `get-app-settings` (one database read through supabase-js inside the function), next to the same
 * read straight through REST, which is what the function adds to. Prints a table; writes
 * bench/results/functions.json.
 */
import { createClient } from '@supabase/supabase-js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startBackend } from '../supabase/local/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 10);
const WARM_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-bench-functions-'));
const backend = await startBackend({
  port: 0,
  dataDir,
  quiet: true,
  seedFile: null,
  maintenanceIntervalMs: 0,
  functionsEnvFile: null,
  functionsIdleMs: 0,
});

try {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${backend.url}/functions/v1/get-app-settings`, {
      headers: { authorization: `Bearer ${backend.anonKey}`, apikey: backend.anonKey },
    });
    const body = (await response.json()) as { settings?: Record<string, unknown> };
    const ms = performance.now() - started;
    if (response.status !== 200 || !body.settings) throw new Error(`get-app-settings answered ${response.status}`);
    return ms;
  };

  // The first start ever also fills Deno's compile cache (node_modules/.cache/deno): not counted.
  await call();
  const cold: number[] = [];
  for (let i = 0; i < COLD_ROUNDS; i++) {
    await backend.functions.stop();
    cold.push(await call());
  }
  for (let i = 0; i < 20; i++) await call();
  const warm: number[] = [];
  for (let i = 0; i < WARM_ROUNDS; i++) warm.push(await call());

  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const rest: number[] = [];
  for (let i = 0; i < 20; i++) await client.from('app_settings').select('key, value').order('key');
  for (let i = 0; i < WARM_ROUNDS; i++) {
    const started = performance.now();
    const { error } = await client.from('app_settings').select('key, value').order('key');
    rest.push(performance.now() - started);
    if (error) throw error;
  }

  const results = {
    [`function call, cold p50 (ms, ${backend.db.kind})`]: Math.round(percentile(cold, 50)),
    'function call, cold max (ms)': Math.round(Math.max(...cold)),
    'function call, warm p50 (ms)': +percentile(warm, 50).toFixed(2),
    'function call, warm p95 (ms)': +percentile(warm, 95).toFixed(2),
    'same read through REST, p50 (ms)': +percentile(rest, 50).toFixed(2),
    'load average (1 min) at the end': +os.loadavg()[0].toFixed(1),
  };
  console.table(results);
  await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
  await writeFile(path.join(root, 'bench', 'results', 'functions.json'), JSON.stringify(results, null, 2));
} finally {
  await backend.close();
  await rm(dataDir, { recursive: true, force: true });
}
