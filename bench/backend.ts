/**
 * `npm run bench:backend`: start-up time of the local backend as `npm run backend` starts it (the
 * first new data folder of a migration set, which builds the template; a new data folder copied
 * from the template; an existing data folder), p50/p95 latency of a REST select with an embedded resource (50
 * rows) and of an insert through supabase-js, and the ratio of that select to the same SQL run
 * directly on the same database. Prints a table; writes bench/results/backend.json.
 */
import { createClient } from '@supabase/supabase-js';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startBackend } from '../supabase/local/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Milliseconds from spawning `npm run backend`'s command to its ready line. */
function timeStart(dataDir: string, templates: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        LOCAL_SUPABASE_DATA: dataDir,
        LOCAL_SUPABASE_TEMPLATES: templates,
        // Any free port: runs of several people on one machine must not collide.
        LOCAL_SUPABASE_PORT: '0',
        LOCAL_SUPABASE_QUIET: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    let readyMs: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (readyMs === null && output.includes('CrewCamp local Supabase backend on')) {
        readyMs = performance.now() - started;
        child.kill('SIGTERM');
      }
    });
    // One exit listener: the stop after the ready line is the measurement's end, any other a failure.
    child.once('exit', (code) => {
      if (readyMs !== null) resolve(readyMs);
      else reject(new Error(`the backend exited with ${code} before it was ready:\n${output}`));
    });
    child.once('error', reject);
  });
}

/**
 * A new data folder the very first time (no template for this migration set yet: PGlite's initdb,
 * the migrations and the seed), then, three times each, a new data folder copied from the template
 * and a restart on that existing folder. Templates go to a folder of this run, not the cache.
 */
async function measureStartup() {
  const work = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-bench-'));
  try {
    const templates = path.join(work, 'templates');
    const first = await timeStart(path.join(work, 'first'), templates);
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < 3; i++) {
      const dataDir = path.join(work, `data-${i}`);
      fresh.push(await timeStart(dataDir, templates));
      existing.push(await timeStart(dataDir, templates));
    }
    return { first, fresh: percentile(fresh, 50), existing: percentile(existing, 50) };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function measureRequests() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-bench-'));
  const backend = await startBackend({
    port: 0,
    dataDir,
    quiet: true,
    seedFile: null,
    maintenanceIntervalMs: 0,
    // The benchmark signs up by open sign-up on a database whose waitlist is on: no sign-up gate.
    configFile: null,
    extraMigrationsDirs: [path.join(root, 'bench', 'fixtures')],
  });
  try {
    const client = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { data: signed, error } = await client.auth.signUp({
      email: 'bench@example.com',
      password: 'bench-password-1',
    });
    if (error || !signed.user) throw error ?? new Error('no user');
    const { data: crew } = await client.from('bench_crews').insert({ name: 'Bench crew' }).select('id').single();
    const crewId = (crew as { id: string }).id;
    const rows = Array.from({ length: 50 }, (_, i) => ({ crew_id: crewId, title: `Item ${i}`, quantity: i }));
    await client.from('bench_items').insert(rows);

    const select = () =>
      client.from('bench_items').select('id, title, quantity, crew:bench_crews(id, name)').eq('crew_id', crewId);
    for (let i = 0; i < 20; i++) await select();
    const selectMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const { data } = await select();
      selectMs.push(performance.now() - t);
      if (data?.length !== 50) throw new Error(`expected 50 rows, got ${data?.length}`);
    }
    const insertMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const { error: insertError } = await client.from('bench_items').insert({ crew_id: crewId, title: `New ${i}` });
      insertMs.push(performance.now() - t);
      if (insertError) throw insertError;
    }
    // The same select as plain SQL on the same database, without HTTP, JWT, RLS context or JSON.
    const sql = `select i.id, i.title, i.quantity, json_build_object('id', c.id, 'name', c.name) as crew
                 from public.bench_items i join public.bench_crews c on c.id = i.crew_id
                 where i.crew_id = $1 limit 50`;
    const directMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await backend.db.query(sql, [crewId]);
      directMs.push(performance.now() - t);
    }
    return {
      kind: backend.db.kind,
      selectP50: percentile(selectMs, 50),
      selectP95: percentile(selectMs, 95),
      insertP50: percentile(insertMs, 50),
      insertP95: percentile(insertMs, 95),
      directP50: percentile(directMs, 50),
    };
  } finally {
    await backend.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const startup = await measureStartup();
const requests = await measureRequests();
const results = {
  'start-up, first new data folder of a migration set (ms, builds the template)': Math.round(startup.first),
  'start-up, new data folder (ms, goal <= 3000)': Math.round(startup.fresh),
  'start-up, existing data folder (ms)': Math.round(startup.existing),
  [`select 50 rows + embed, p50 (ms, ${requests.kind})`]: +requests.selectP50.toFixed(2),
  'select 50 rows + embed, p95 (ms)': +requests.selectP95.toFixed(2),
  'insert one row, p50 (ms)': +requests.insertP50.toFixed(2),
  'insert one row, p95 (ms)': +requests.insertP95.toFixed(2),
  'same select as direct SQL, p50 (ms)': +requests.directP50.toFixed(2),
  'REST select / direct SQL (p50 ratio)': +(requests.selectP50 / requests.directP50).toFixed(1),
};
console.table(results);
await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
await writeFile(path.join(root, 'bench', 'results', 'backend.json'), JSON.stringify(results, null, 2));
