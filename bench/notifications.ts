/**
 * `npm run bench:notifications`: one expense split among the 40 members of an (organizer) event,
 * recorded through REST by one of them, on the local backend with the real send-push function on
 * Deno and a push service stand-in on loopback. Each of the 39 others has a device. Per round:
 * - rows: the insert's round trip; the 39 notification rows and push jobs are written by the
 *   expense's trigger in the same transaction, so they exist when it answers (checked);
 * - handed to the sender: until send-push has claimed the last of the 39 jobs (their claimed_at);
 * - delivered: until the stand-in has received all 39 encrypted pushes.
 * The function's cold start is warmed up first and not counted. Goal (issue 19): handed to the
 * sender under 200 ms p95. Prints a table with the machine's load; writes bench/results/notifications.json.
 * PGlite by default; DATABASE_URL points it at a real PostgreSQL (a database of its own is made).
 */
import { createECDH, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startBackend } from '../supabase/local/server.ts';
import { startPushService } from '../tests/backend/push-service.ts';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const MEMBERS = 40;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function database(): Promise<{ url: string | null; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: null, drop: async () => {} };
  const name = `bench_notifications_${process.pid}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-bench-notifications-'));
const pushService = await startPushService();
const envFile = path.join(dataDir, 'functions.env');
await writeFile(envFile, `PUSH_SERVICE_URL=${pushService.origin}\n`);
const db = await database();
const backend = await startBackend({
  port: 0,
  dataDir,
  databaseUrl: db.url,
  quiet: true,
  seedFile: null,
  // The organizer signs up by open sign-up on a database whose waitlist is on: no sign-up gate.
  configFile: null,
  maintenanceIntervalMs: 0,
  functionsDir: path.join(root, 'supabase', 'functions'),
  functionsEnvFile: envFile,
  functionsIdleMs: 0,
});

try {
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await backend.db.query<T>(text, params)).rows;

  // The crew: an organizer (signed in through the auth API) and 39 members with a device each.
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data: signedUp, error: signUpError } = await client.auth.signUp({
    email: `organizer.${process.pid}@bench.crewcamp.test`,
    password: 'bench-password-1',
    options: { data: { name: 'Olivia Organizer' } },
  });
  if (signUpError || !signedUp.user) throw signUpError ?? new Error('no user');
  const organizer = signedUp.user.id;
  await sql(`update public.profiles set subscription_tier = 'organizer' where id = $1`, [organizer]);
  const { data: event, error: eventError } = await client
    .from('events')
    .insert({ name: 'Bench festival' })
    .select('id')
    .single();
  if (eventError) throw eventError;
  const members: string[] = [organizer];
  for (let i = 1; i < MEMBERS; i++) {
    const [{ id }] = await sql<{ id: string }>(
      `insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), $1, $2) returning id`,
      [`member${i}.${process.pid}@bench.crewcamp.test`, { name: `Member ${i}` }],
    );
    await sql(`insert into public.event_members (event_id, user_id) values ($1, $2)`, [event.id, id]);
    const device = createECDH('prime256v1');
    device.generateKeys();
    await sql(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`, [
      id,
      `${pushService.origin}/push/${i}`,
      device.getPublicKey().toString('base64url'),
      Buffer.from(randomUUID().replaceAll('-', ''), 'hex').toString('base64url'),
    ]);
    members.push(id);
  }
  const others = MEMBERS - 1;

  const round = async () => {
    const before = pushService.received.length;
    const [{ after }] = await sql<{ after: string }>(`select clock_timestamp()::text as after`);
    const started = Date.now();
    const { error } = await client.from('expenses').insert({
      id: randomUUID(),
      event_id: event.id,
      title: 'Festival tickets',
      amount_minor: 400 * MEMBERS,
      paid_by: organizer,
      shares: members.map((user_id) => ({ user_id, share_minor: 400 })),
    });
    const rows = Date.now() - started;
    if (error) throw error;
    const deadline = Date.now() + 60_000;
    while (pushService.received.length < before + others) {
      if (Date.now() > deadline) throw new Error('the pushes did not all arrive within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const delivered = Date.now() - started;
    await backend.deliveries.idle();
    const [check] = await sql<{ notifications: number; jobs: number; claimed_ms: number }>(
      `select (select count(*)::int from public.notifications where kind = 'expense_added' and created_at > $1::timestamptz) as notifications,
              count(*)::int as jobs, (extract(epoch from max(claimed_at)) * 1000)::float8 as claimed_ms
       from private.push_jobs where created_at > $1::timestamptz`,
      [after],
    );
    if (check.notifications !== others || check.jobs !== others)
      throw new Error(`expected ${others} rows and jobs, got ${check.notifications} and ${check.jobs}`);
    return { rows, handed: Math.round(check.claimed_ms - started), delivered };
  };

  for (let i = 0; i < 3; i++) await round(); // Deno's cold start and the first plans
  const samples: Array<{ rows: number; handed: number; delivered: number }> = [];
  for (let i = 0; i < ROUNDS; i++) samples.push(await round());

  const of = (key: 'rows' | 'handed' | 'delivered') => samples.map((s) => s[key]);
  const results = {
    [`39 notification rows written, p50 (ms, ${backend.db.kind})`]: percentile(of('rows'), 50),
    '39 notification rows written, p95 (ms)': percentile(of('rows'), 95),
    '39 pushes handed to send-push, p50 (ms)': percentile(of('handed'), 50),
    '39 pushes handed to send-push, p95 (ms, goal < 200)': percentile(of('handed'), 95),
    '39 pushes delivered to the push service, p95 (ms)': percentile(of('delivered'), 95),
    'load average (1 min) at the end': +os.loadavg()[0].toFixed(1),
  };
  console.table(results);
  await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
  await writeFile(path.join(root, 'bench', 'results', 'notifications.json'), JSON.stringify(results, null, 2));
} finally {
  await backend.close();
  await pushService.close();
  await db.drop();
  await rm(dataDir, { recursive: true, force: true });
}
