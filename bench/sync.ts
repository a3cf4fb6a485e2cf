/**
 * `npm run bench:sync`: the sync engine's figures. Time to apply a local mutation (p50, p95: the
 * optimistic change plus its outbox entry, in one transaction); outbox drain rate for 1,000 queued
 * mutations against the local backend (and the CPU time it took, the backend running in this
 * process: a figure the load of a shared machine moves far less than the wall-clock rate); the
 * same for 1,000 changes of a crew of 20 (messages, items, ticks: each notifies the other 19); time
 * of a first full pull of 50 events with 1,000 members.
 * The backend is PGlite, or with DATABASE_URL (a PostgreSQL server's admin URL) a fresh database on
 * that server, dropped at the end.
 * Node has no IndexedDB: the device database is fake-indexeddb, slower than a browser's. With
 * BENCH_SYNC_PROPERTY_RUNS (default 40, 0 skips) it also runs the fault-injection property test at
 * that many seeds. Prints a table; writes bench/results/sync.json.
 */
import 'fake-indexeddb/auto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createStore } from 'zustand/vanilla';
import { openUserDb } from '../src/db/crewcamp-db.ts';
import { syncRegistry } from '../src/app/sync-registry.ts';
import { mutate } from '../src/sync/mutate.ts';
import { pull } from '../src/sync/pull.ts';
import { SyncEngine } from '../src/sync/sync-engine.ts';
import { initialSyncStatus, type SyncStatus } from '../src/sync/sync-status-store.ts';
import { configFromEnv } from '../supabase/local/config.ts';
import { startBackend, type Backend } from '../supabase/local/server.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../supabase/local/template.ts';

const root = path.resolve(import.meta.dirname, '..');
const APPLY_ROUNDS = 500;
const DRAIN_COUNT = 1000;
const PROPERTY_RUNS = Number(process.env.BENCH_SYNC_PROPERTY_RUNS ?? 40);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function client(backend: Backend): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

async function signedIn(backend: Backend, email: string): Promise<{ client: SupabaseClient; userId: string }> {
  const c = client(backend);
  const { data, error } = await c.auth.signUp({ email, password: 'bench-password-1' });
  if (error || !data.user) throw error ?? new Error('no user');
  await backend.db.query(`update public.profiles set subscription_tier = 'organizer' where id = $1`, [data.user.id]);
  return { client: c, userId: data.user.id };
}

/** Applying a mutation on the device: event creations and updates, as a user taps. */
async function measureApply(): Promise<{ p50: number; p95: number }> {
  const userId = crypto.randomUUID();
  const db = await openUserDb(userId);
  const env = { db, registry: syncRegistry({ supabaseUrl: 'http://127.0.0.1:54321' }), userId, clientId: 'bench' };
  const samples: number[] = [];
  let eventId = '';
  for (let i = 0; i < APPLY_ROUNDS; i++) {
    const started = performance.now();
    if (i % 10 === 0) eventId = (await mutate<{ id: string }>(env, 'event.create', { name: `Event ${i}` })).args.id;
    else await mutate(env, 'event.update', { id: eventId, changes: { location: `Place ${i}` } });
    samples.push(performance.now() - started);
  }
  db.close();
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** 1,000 changes queued offline, then drained by the engine against the local backend. */
async function measureDrain(backend: Backend): Promise<{ perSecond: number; seconds: number; cpuSeconds: number }> {
  const { client: c, userId } = await signedIn(backend, `drain.${Date.now()}@example.com`);
  const db = await openUserDb(userId);
  const registry = syncRegistry({ supabaseUrl: backend.url });
  const env = { db, registry, userId, clientId: 'bench' };
  const events: string[] = [];
  for (let i = 0; i < 10; i++)
    events.push((await mutate<{ id: string }>(env, 'event.create', { name: `Drain ${i}` })).args.id);
  for (let i = events.length; i < DRAIN_COUNT; i++) {
    await mutate(env, 'event.update', { id: events[i % events.length], changes: { location: `Spot ${i}` } });
  }
  const store = createStore<SyncStatus>()(() => ({ ...initialSyncStatus }));
  const engine = new SyncEngine({
    db,
    registry,
    client: c,
    userId,
    store,
    realtime: false,
    locks: null,
  });
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await engine.start();
  while (
    store.getState().pendingCount > 0 ||
    (await db.outbox.where('status').anyOf(['pending', 'sending']).count()) > 0
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const rejected = await db.outbox.where('status').equals('rejected').count();
  await engine.stop();
  db.close();
  if (rejected) throw new Error(`${rejected} changes were refused while draining`);
  // The backend runs in this process: its CPU time is the drain's work on both sides, which the
  // other processes of a shared machine slow down far less than the wall-clock time.
  return { perSecond: DRAIN_COUNT / seconds, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/**
 * A day at the campsite, queued offline and drained: in an event of 20 members, 400 chat messages,
 * a list with 300 items and 299 of them ticked, so most changes notify the other 19 (the backend's
 * notification rows and push jobs are part of the work).
 */
async function measureCrewDrain(backend: Backend): Promise<{ perSecond: number; seconds: number }> {
  const { client: c, userId } = await signedIn(backend, `crew-drain.${Date.now()}@example.com`);
  const created = await c.from('events').insert({ name: 'Campsite' }).select('id').single();
  if (created.error) throw created.error;
  const eventId = (created.data as { id: string }).id;
  await backend.db.query(
    `with crew as (
       insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
       select gen_random_uuid(), 'camper' || n || '.' || $2 || '@example.com', now(), jsonb_build_object('name', 'Camper ' || n)
       from generate_series(1, 19) n returning id)
     insert into public.event_members (event_id, user_id, role) select $1, id, 'member' from crew`,
    [eventId, Date.now()],
  );
  const db = await openUserDb(userId);
  const registry = syncRegistry({ supabaseUrl: backend.url });
  await pull({ db, registry, ctx: { client: c, userId } });
  const env = { db, registry, userId, clientId: 'bench-crew' };
  const list = await mutate<{ id: string }>(env, 'checklist.create', { eventId, title: 'Packing' });
  const items: string[] = [];
  for (let i = 0; i < 300; i++) {
    const item = await mutate<{ id: string }>(env, 'checklist-item.add', {
      checklistId: list.args.id,
      eventId,
      text: `Item ${i}`,
    });
    items.push(item.args.id);
  }
  for (let i = 0; i < 400; i++) await mutate(env, 'chat.send', { eventId, body: `Message ${i}` });
  for (const id of items.slice(1)) await mutate(env, 'checklist-item.set-done', { id, done: true });
  const count = await db.outbox.count();
  const store = createStore<SyncStatus>()(() => ({ ...initialSyncStatus }));
  const engine = new SyncEngine({ db, registry, client: c, userId, store, realtime: false, locks: null });
  const started = performance.now();
  await engine.start();
  while (
    (await db.outbox.where('status').equals('pending').count()) +
      (await db.outbox.where('status').equals('sending').count()) >
    0
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const rejected = await db.outbox.where('status').equals('rejected').count();
  await engine.stop();
  db.close();
  if (rejected) throw new Error(`${rejected} changes were refused while draining`);
  return { perSecond: count / seconds, seconds };
}

/** A first full pull on a new device: 50 events, 1,000 members (20 per event), their profiles. */
async function measurePull(backend: Backend): Promise<{ ms: number; members: number }> {
  const { client: c, userId } = await signedIn(backend, `pull.${Date.now()}@example.com`);
  await backend.db.query(
    `insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
     select gen_random_uuid(), 'crew' || n || '.' || $1 || '@example.com', now(), jsonb_build_object('name', 'Crew member ' || n)
     from generate_series(1, 980) n`,
    [Date.now()],
  );
  const { rows: events } = await backend.db.query<{ id: string }>(
    // 25 active (the organizer tier's limit at once) and 25 past events.
    `insert into public.events (name, created_by, location, status, start_date, end_date)
     select 'Festival ' || n, $1, 'Field ' || n, case when n <= 25 then 'active' else 'past' end,
       case when n <= 25 then date '2027-07-01' else date '2025-07-01' end, case when n <= 25 then date '2027-07-03' else date '2025-07-03' end
     from generate_series(1, 50) n returning id`,
    [userId],
  );
  await backend.db.query(
    `insert into public.event_members (event_id, user_id, role)
     select e.id, u.id, 'member'
     from (select id, row_number() over (order by id) - 1 as i from public.events where created_by = $1) e
     join (select id, row_number() over (order by id) - 1 as j from auth.users where email like 'crew%') u on u.j / 19 = e.i and u.j < 950`,
    [userId],
  );
  const { rows } = await backend.db.query<{ count: number }>(
    `select count(*)::int as count from public.event_members m join public.events e on e.id = m.event_id where e.created_by = $1`,
    [userId],
  );
  const db = await openUserDb(userId);
  const started = performance.now();
  await pull({ db, registry: syncRegistry({ supabaseUrl: backend.url }), ctx: { client: c, userId } });
  const ms = performance.now() - started;
  const onDevice = await db.members.count();
  db.close();
  if (
    onDevice !== rows[0].count ||
    (await openUserDb(userId).then((d) => d.events.count().finally(() => d.close()))) !== events.length
  ) {
    throw new Error(`pulled ${onDevice} of ${rows[0].count} members`);
  }
  return { ms, members: onDevice };
}

function runPropertyTest(): { runs: number; seconds: number; passed: boolean } | null {
  if (PROPERTY_RUNS <= 0) return null;
  const started = performance.now();
  const result = spawnSync('npx', ['vitest', 'run', 'tests/sync-integration/faults-property.test.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SYNC_PROPERTY_RUNS: String(PROPERTY_RUNS) },
  });
  return { runs: PROPERTY_RUNS, seconds: (performance.now() - started) / 1000, passed: result.status === 0 };
}

/**
 * With DATABASE_URL (a PostgreSQL server's admin URL), the run gets a database of its own, copied
 * from the migrated template and dropped at the end: a run that reused one would find it fuller
 * each time (users, events, messages of every earlier run), and measure that.
 */
async function freshPostgres(): Promise<{ url: string | null; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: null, drop: async () => undefined };
  const name = `bench_sync_${process.pid}_${Date.now()}`;
  const url = await createPostgresDatabase(adminUrl, name, {
    migrationsDirs: [configFromEnv().migrationsDir],
    seedFile: null,
  });
  return {
    url,
    drop: () => dropPostgresDatabase(adminUrl, name),
  };
}

const apply = await measureApply();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-bench-sync-'));
const database = await freshPostgres();
const backend = await startBackend({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: database.url,
  quiet: true,
  seedFile: null,
  maintenanceIntervalMs: 0,
  // The benchmark signs up by open sign-up on a database whose waitlist is on: no sign-up gate.
  configFile: null,
  functionsDir: path.join(root, 'supabase', 'functions'),
});
let drain;
let crewDrain;
let pulled;
try {
  drain = await measureDrain(backend);
  crewDrain = await measureCrewDrain(backend);
  pulled = await measurePull(backend);
} finally {
  await backend.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}
const property = runPropertyTest();

const results: Record<string, number | string> = {
  'apply a local mutation, p50 (ms, fake-indexeddb)': +apply.p50.toFixed(2),
  'apply a local mutation, p95 (ms)': +apply.p95.toFixed(2),
  [`outbox drain, ${DRAIN_COUNT} mutations (per second, ${backend.db.kind})`]: +drain.perSecond.toFixed(1),
  [`outbox drain, ${DRAIN_COUNT} mutations (s)`]: +drain.seconds.toFixed(1),
  [`outbox drain, ${DRAIN_COUNT} mutations (CPU s, device and backend)`]: +drain.cpuSeconds.toFixed(1),
  'outbox drain, 1,000 changes in a crew of 20: messages, items, ticks (per second)': +crewDrain.perSecond.toFixed(1),
  'outbox drain, crew of 20 (s)': +crewDrain.seconds.toFixed(1),
  [`first pull, 50 events + ${pulled.members} members (ms)`]: Math.round(pulled.ms),
};
if (property) {
  results[`fault-injection property test, ${property.runs} seeds x 200 mutations (s)`] = +property.seconds.toFixed(0);
  results['fault-injection property test'] = property.passed ? 'passed' : 'FAILED';
}
console.table(results);
await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
await writeFile(path.join(root, 'bench', 'results', 'sync.json'), JSON.stringify(results, null, 2));
if (property && !property.passed) process.exit(1);
