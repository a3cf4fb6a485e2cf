/**
 * The stage for `npm run bench:load` (bench/load.ts): a data folder seeded in-process (users, two
 * crews' events with members, a checklist each, and N chat rows spread over those and twenty
 * other events), the backend started from it as its own process (as `npm run backend` runs), and
 * signed-in supabase-js clients that listen as the app does.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import WebSocket from 'ws';
import { startBackend } from '../supabase/local/server.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const PASSWORD = 'bench-load-password-1';

/** The tables the app's realtime doorbell (src/sync/realtime-doorbell.ts) listens to. */
export const DOORBELL_TABLES = [
  'events',
  'event_members',
  'event_invitations',
  'profiles',
  'app_settings',
  'stripe_subscriptions',
  'friend_requests',
  'friendships',
  'chat_messages',
  'chat_reactions',
  'chat_read_markers',
  'checklists',
  'checklist_items',
  'checklist_templates',
  'schedule_items',
  'schedule_item_assignees',
  'rides',
  'ride_passengers',
  'expenses',
  'settlements',
  'site_plans',
  'site_items',
];

export interface Stage {
  users: Array<{ id: string; email: string; name: string; eventId: string }>;
  events: string[];
  /** Checklist item ids per event. */
  items: Map<string, string[]>;
}

/** Seeds a new data folder: `users` accounts in two events, `chatRows` chat messages in all. */
export async function seed(dataDir: string, users: number, chatRows: number): Promise<Stage> {
  const backend = await startBackend({ port: 0, dataDir, quiet: true, seedFile: null, maintenanceIntervalMs: 0 });
  try {
    const admin = createClient(backend.url, backend.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const made: Array<{ id: string; email: string; name: string }> = [];
    for (let i = 0; i <= users; i++) {
      const email = i === users ? 'load.owner@example.com' : `load.user${i}@example.com`;
      const name = i === users ? 'Load Owner' : `Load User ${i}`;
      const { data, error } = await admin.auth.admin.createUser({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { name },
      });
      if (error || !data.user) throw error ?? new Error('no user');
      made.push({ id: data.user.id, email, name });
    }
    const db = backend.db;
    await db.query(`update public.profiles set subscription_tier = 'organizer' where id = any($1::uuid[])`, [
      made.map((u) => u.id),
    ]);
    const owner = made[users];
    const events: string[] = [];
    for (let e = 0; e < 2; e++) {
      const creator = made[e];
      const { rows } = await db.query<{ id: string }>(
        `insert into public.events (name, created_by, location, status, access_tier)
         values ($1, $2, 'Bench field', 'active', 'organizer') returning id`,
        [`Load crew ${e}`, creator.id],
      );
      events.push(rows[0].id);
    }
    const stageUsers = made.slice(0, users).map((user, i) => ({ ...user, eventId: events[i % 2] }));
    for (const user of stageUsers) {
      await db.query(
        `insert into public.event_members (event_id, user_id, role) values ($1, $2, 'member') on conflict do nothing`,
        [user.eventId, user.id],
      );
    }
    const others: string[] = [];
    for (let e = 0; e < 20; e++) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.events (name, created_by, status, access_tier) values ($1, $2, 'active', 'organizer') returning id`,
        [`Other crew ${e}`, owner.id],
      );
      others.push(rows[0].id);
    }
    const items = new Map<string, string[]>();
    for (const eventId of events) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.checklists (event_id, title, created_by)
         select $1, 'Packing', m.user_id from public.event_members m where m.event_id = $1 limit 1 returning id`,
        [eventId],
      );
      const { rows: itemRows } = await db.query<{ id: string }>(
        `insert into public.checklist_items (checklist_id, event_id, text)
         select $1, $2, 'Item ' || g from generate_series(1, 40) g returning id`,
        [rows[0].id, eventId],
      );
      items.set(
        eventId,
        itemRows.map((r) => r.id),
      );
    }
    // A fifth of the history in the two crews' events, the rest in the other events.
    const own = Math.floor(chatRows / 5);
    const authors = stageUsers.map((u) => u.id);
    await db.query(
      `insert into public.chat_messages (event_id, author_id, body, created_at, updated_at)
       select ($1::uuid[])[1 + g % 2], ($2::uuid[])[1 + g % array_length($2::uuid[], 1)],
              'Old message ' || g, now() - make_interval(secs => ($3 - g)), now() - make_interval(secs => ($3 - g))
         from generate_series(1, $3::int) g`,
      [events, authors, own],
    );
    await db.query(
      `insert into public.chat_messages (event_id, author_id, body, created_at, updated_at)
       select ($1::uuid[])[1 + g % 20], $2, 'Elsewhere ' || g, now() - make_interval(secs => ($3 - g)),
              now() - make_interval(secs => ($3 - g))
         from generate_series(1, $3::int) g`,
      [others, owner.id, chatRows - own],
    );
    await db.query('delete from _local.changes');
    return { users: stageUsers, events, items };
  } finally {
    await backend.close();
  }
}

export interface BackendProcess {
  url: string;
  anonKey: string;
  child: ChildProcess;
  /** Resident set size of the backend process now, in MB. */
  rssMb(): Promise<number>;
  /** CPU time the backend process has used so far (user + system), in ms. */
  cpuMs(): Promise<number>;
  /** Starts (true) or stops recording the time each API request spent in the backend; the times. */
  serverTimes(on: boolean): number[];
  stop(): Promise<void>;
}

/** Starts `supabase/local/main.ts` on the data folder as its own process. */
export function spawnBackend(dataDir: string, port: number): Promise<BackendProcess> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BENCH_LOAD_CPU_PROFILE
      ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_LOAD_CPU_PROFILE}`]
      : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'supabase/local/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        LOCAL_SUPABASE_DATA: dataDir,
        LOCAL_SUPABASE_PORT: String(port),
        // Its log line per request gives the time spent in the backend (bench/load.ts reports it).
        LOCAL_SUPABASE_QUIET: '0',
        MAINTENANCE_INTERVAL_MS: '0',
        // 50 clients of 10 users sign in from one address within seconds
        AUTH_RATE_LIMIT_SIGNIN: process.env.AUTH_RATE_LIMIT_SIGNIN ?? '1000',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`backend exited with ${code}: ${output}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const anon = /anon key:\s+(\S+)/.exec(output);
      const ready = /backend on (\S+) /.exec(output);
      if (!anon || !ready) return;
      child.stdout.removeAllListeners('data');
      // BENCH_LOAD_BACKEND_LOG=<file>: the backend's log line per request goes there too.
      if (process.env.BENCH_LOAD_BACKEND_LOG) child.stdout.pipe(createWriteStream(process.env.BENCH_LOAD_BACKEND_LOG));
      const serverMs: number[] = [];
      let recording = false;
      let rest = '';
      child.stdout.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        if (!recording) return;
        for (const line of lines) {
          const match = /^[A-Z]+ \/(rest|auth|storage|functions)\/\S* \d{3} ([\d.]+)ms$/.exec(line);
          if (match) serverMs.push(Number(match[2]));
        }
      });
      child.removeAllListeners('exit');
      resolve({
        url: ready[1],
        anonKey: anon[1],
        child,
        serverTimes(on: boolean) {
          recording = on;
          return serverMs;
        },
        async rssMb() {
          const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
          const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
          return Math.round(kb / 1024);
        },
        async cpuMs() {
          const stat = await readFile(`/proc/${child.pid}/stat`, 'utf8').catch(() => '');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          // utime and stime (fields 14 and 15 of stat) in clock ticks of 10 ms
          return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
        },
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** A signed-in supabase-js client, as the app creates one (realtime over `ws` on Node). */
export async function signedIn(url: string, anonKey: string, email: string): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

/**
 * The app's doorbell channel: every change of the synced tables; chat inserts are reported with
 * their id and the time they arrived. Resolves once subscribed.
 */
export function doorbell(
  client: SupabaseClient,
  userId: string,
  onChat: (id: string) => void,
): Promise<RealtimeChannel> {
  let channel = client.channel(`crewcamp-sync-${userId}-${crypto.randomUUID()}`);
  for (const table of DOORBELL_TABLES) {
    channel = channel.on('postgres_changes', { event: '*', schema: 'public', table }, (payload) => {
      if (table === 'chat_messages' && payload.eventType === 'INSERT') onChat(String(payload.new.id));
    });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('doorbell did not subscribe in 60 s')), 60_000);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve(channel);
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        reject(error ?? new Error(status));
      }
    });
  });
}

export const percentile = (samples: number[], p: number): number => {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
