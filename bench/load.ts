/**
 * `npm run bench:load`: the local backend (`supabase/local/main.ts` as its own process, PGlite)
 * under the load of a crew using the app, with realtime on:
 * - insert latency with 0, 1, 5 and 10 realtime subscribers to the table (goal: 10 within 2x of 0);
 * - 50 supabase-js clients of 10 users (two events, five members each) for 60 s, each listening
 *   as the app does (the doorbell channel on every synced table, the chat's private presence and
 *   typing channel) and running a mix of requests with a think time between them: event pages
 *   read (chat, checklist, members), chat messages pulled, sent and marked read, checklist items
 *   ticked, procedures called. Requests/s, p50/p95/p99 as the clients see them and as the backend
 *   logs them (the clients share this process: on a busy machine they wait for it too), errors,
 *   chat inserts that did not reach every subscribed member's client within 10 s after the run,
 *   the backend's RSS and CPU time per request.
 * Run with 10,000 and with 100,000 chat rows. Environment: BENCH_LOAD_SECONDS (60),
 * BENCH_LOAD_ROWS ("10000,100000"), BENCH_LOAD_CLIENTS (50), BENCH_LOAD_USERS (10),
 * BENCH_LOAD_THINK_MS (200: each client waits 0.5x to 1.5x of it between requests),
 * BENCH_LOAD_REALTIME=0 (nobody listens, for comparison), BENCH_LOAD_PORT (54321),
 * BENCH_LOAD_BACKEND_LOG (a file for the backend's request log), BENCH_LOAD_CPU_PROFILE (a folder
 * for a CPU profile of the backend). Prints a table; writes bench/results/load.json. Not part of
 * `npm test`.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openChatChannel, type ChatChannel } from '../src/sync/chat-channel.ts';
import {
  doorbell,
  percentile,
  root,
  seed,
  signedIn,
  spawnBackend,
  type BackendProcess,
  type Stage,
} from './load-setup.ts';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const SIZES = (process.env.BENCH_LOAD_ROWS ?? '10000,100000').split(',').map(Number);
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 10);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 200);
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 54321);
/** BENCH_LOAD_REALTIME=0: the same load with no client listening (for comparison). */
const REALTIME = process.env.BENCH_LOAD_REALTIME !== '0';
const INSERTS_PER_STEP = 40;
const WARM_UP = 20;
const GRACE_MS = 10_000;

type Op = 'chat page' | 'chat pull' | 'checklist page' | 'members' | 'chat insert' | 'checklist tick' | 'rpc';
const MIX: Array<[Op, number]> = [
  ['chat page', 25],
  ['chat pull', 10],
  ['checklist page', 10],
  ['members', 10],
  ['chat insert', 15],
  ['checklist tick', 10],
  ['rpc', 20],
];
const CHAT_SELECT = 'id,event_id,author_id,body,reply_to_id,created_at,edited_at,updated_at,deleted_at';

function pickOp(): Op {
  let n = Math.random() * 100;
  for (const [op, weight] of MIX) {
    n -= weight;
    if (n < 0) return op;
  }
  return 'rpc';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LoadClient {
  client: SupabaseClient;
  userId: string;
  eventId: string;
  received: Set<string>;
  chat: ChatChannel | null;
}

async function request(c: LoadClient, op: Op, stage: Stage, sent: Map<string, string>): Promise<unknown> {
  const { client, eventId } = c;
  switch (op) {
    case 'chat page':
      return (
        await client
          .from('chat_messages')
          .select(CHAT_SELECT)
          .eq('event_id', eventId)
          .order('created_at', { ascending: false })
          .limit(50)
      ).error;
    case 'chat pull':
      return (
        await client
          .from('chat_messages')
          .select(CHAT_SELECT)
          .gte('updated_at', new Date(Date.now() - 10_000).toISOString())
          .order('updated_at')
          .order('id')
          .limit(500)
      ).error;
    case 'checklist page':
      return (await client.from('checklist_items').select('*').eq('event_id', eventId).order('position')).error;
    case 'members':
      return (
        await client
          .from('event_members')
          .select('id,event_id,user_id,role,updated_at,deleted_at,profile:profiles(name,avatar,email)')
          .eq('event_id', eventId)
      ).error;
    case 'chat insert': {
      const id = crypto.randomUUID();
      c.chat?.typing();
      const { error } = await client.from('chat_messages').insert({ id, event_id: eventId, body: `Load ${id}` });
      if (!error) sent.set(id, eventId);
      return error;
    }
    case 'checklist tick': {
      const items = stage.items.get(eventId)!;
      const id = items[Math.floor(Math.random() * items.length)];
      return (
        await client
          .from('checklist_items')
          .update({ done: Math.random() < 0.5 })
          .eq('id', id)
      ).error;
    }
    case 'rpc': {
      const n = Math.random();
      if (n < 0.4) return (await client.rpc('get_my_profile')).error;
      if (n < 0.7)
        return (await client.rpc('mark_chat_read', { p_event_id: eventId, p_read_at: new Date().toISOString() })).error;
      return (await client.rpc('check_access', { p_key: 'extended_chat', p_event_id: eventId })).error;
    }
  }
}

/** Insert p50 (and delivery p50) with 0, 1, 5 and 10 clients listening, one writer. */
async function insertLatency(url: string, anonKey: string, stage: Stage) {
  const writerUser = stage.users[0];
  const members = stage.users.filter((u) => u.eventId === writerUser.eventId);
  const writer = await signedIn(url, anonKey, writerUser.email);
  const listeners: Array<{ client: SupabaseClient; arrived: Map<string, number> }> = [];
  const results: Record<number, { insertP50: number; deliveryP50: number }> = {};
  for (const count of [0, 1, 5, 10]) {
    while (listeners.length < count) {
      const user = members[listeners.length % members.length];
      const client = await signedIn(url, anonKey, user.email);
      const arrived = new Map<string, number>();
      await doorbell(client, user.id, (id) => arrived.set(id, performance.now()));
      listeners.push({ client, arrived });
    }
    const insertMs: number[] = [];
    const deliveryMs: number[] = [];
    const started = new Map<string, number>();
    // Back to back, as a busy crew writes: the dispatcher's work for one insert overlaps the next.
    for (let i = 0; i < INSERTS_PER_STEP + WARM_UP; i++) {
      const id = crypto.randomUUID();
      const t = performance.now();
      const { error } = await writer
        .from('chat_messages')
        .insert({ id, event_id: writerUser.eventId, body: `Step ${i}` });
      if (error) throw error;
      if (i >= WARM_UP) {
        insertMs.push(performance.now() - t);
        started.set(id, t);
      }
      await sleep(10);
    }
    const deadline = Date.now() + 10_000;
    while (listeners.some((l) => [...started.keys()].some((id) => !l.arrived.has(id))) && Date.now() < deadline) {
      await sleep(20);
    }
    for (const l of listeners) {
      for (const [id, t] of started) if (l.arrived.has(id)) deliveryMs.push(l.arrived.get(id)! - t);
    }
    results[count] = { insertP50: percentile(insertMs, 50), deliveryP50: percentile(deliveryMs, 50) };
  }
  for (const { client } of [...listeners, { client: writer }]) {
    await client.removeAllChannels();
    client.realtime.disconnect();
  }
  return results;
}

async function runLoad(url: string, anonKey: string, stage: Stage, backend: BackendProcess) {
  const { rssMb } = backend;
  const clients: LoadClient[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = stage.users[i % stage.users.length];
    const client = await signedIn(url, anonKey, user.email);
    const c: LoadClient = { client, userId: user.id, eventId: user.eventId, received: new Set(), chat: null };
    if (REALTIME) {
      await doorbell(client, user.id, (id) => c.received.add(id));
      c.chat = openChatChannel(client, user.eventId, { userId: user.id, name: user.name }, () => {});
    }
    clients.push(c);
  }
  await sleep(1000);
  const latencies: number[] = [];
  const byOp = new Map<Op, number[]>();
  let errors = 0;
  const errorSamples = new Set<string>();
  const sent = new Map<string, string>();
  let rssPeak = 0;
  const rssTimer = setInterval(() => {
    void rssMb().then((mb) => (rssPeak = Math.max(rssPeak, mb)));
  }, 1000);
  const started = performance.now();
  const cpuStart = await backend.cpuMs();
  const serverMs = backend.serverTimes(true);
  const until = started + SECONDS * 1000;
  await Promise.all(
    clients.map(async (c) => {
      await sleep(Math.random() * THINK_MS);
      while (performance.now() < until) {
        const op = pickOp();
        const t = performance.now();
        let error: unknown;
        try {
          error = await request(c, op, stage, sent);
        } catch (thrown) {
          error = thrown;
        }
        const ms = performance.now() - t;
        latencies.push(ms);
        (byOp.get(op) ?? byOp.set(op, []).get(op)!).push(ms);
        if (error) {
          errors++;
          if (errorSamples.size < 5)
            errorSamples.add(`${op}: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
        }
        await sleep(THINK_MS * (0.5 + Math.random()));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMs = (await backend.cpuMs()) - cpuStart;
  backend.serverTimes(false);
  const missing = () => {
    let count = 0;
    if (!REALTIME) return 0;
    for (const [id, eventId] of sent)
      for (const c of clients) if (c.eventId === eventId && !c.received.has(id)) count++;
    return count;
  };
  const graceEnd = Date.now() + GRACE_MS;
  while (missing() > 0 && Date.now() < graceEnd) await sleep(200);
  clearInterval(rssTimer);
  const rssEnd = await rssMb();
  const expected = !REALTIME
    ? 0
    : [...sent.values()].reduce((n, eventId) => n + clients.filter((c) => c.eventId === eventId).length, 0);
  const result = {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    errorSamples: [...errorSamples],
    chatInserts: sent.size,
    deliveriesExpected: expected,
    deliveriesMissing: missing(),
    rssPeak: Math.max(rssPeak, rssEnd),
    cpuPerRequest: cpuMs / latencies.length,
    serverP50: percentile(serverMs, 50),
    serverP95: percentile(serverMs, 95),
    cpuShare: cpuMs / 1000 / elapsed,
    rssEnd,
    byOp: Object.fromEntries(
      [...byOp].map(([op, ms]) => [op, { n: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95) }]),
    ),
  };
  for (const c of clients) {
    await c.chat?.close();
    await c.client.removeAllChannels();
    c.client.realtime.disconnect();
  }
  return result;
}

const round = (n: number) => Math.round(n * 10) / 10;
const results: Record<string, number | string> = {};
console.log(
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; ${SECONDS} s, ${CLIENTS} clients, ${USERS} users, ` +
    `think ${THINK_MS} ms, realtime ${REALTIME ? 'on' : 'off'}`,
);
for (const rows of SIZES) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-load-'));
  try {
    const seeding = performance.now();
    const stage = await seed(dataDir, USERS, rows);
    console.log(`${rows} chat rows seeded in ${Math.round((performance.now() - seeding) / 1000)} s`);
    const backend = await spawnBackend(dataDir, PORT);
    try {
      const steps = await insertLatency(backend.url, backend.anonKey, stage);
      const load = await runLoad(backend.url, backend.anonKey, stage, backend);
      console.log(`${rows} rows, by request kind:`);
      console.table(load.byOp);
      if (load.errorSamples.length > 0) console.log('errors, for example:', load.errorSamples);
      const k = `${rows.toLocaleString('en')} rows`;
      results[`${k}: requests/s (goal >= 150)`] = round(load.rps);
      results[`${k}: p50 (ms)`] = round(load.p50);
      results[`${k}: p95 (ms, goal <= 300)`] = round(load.p95);
      results[`${k}: p99 (ms)`] = round(load.p99);
      results[`${k}: in the backend p50 / p95 (ms)`] = `${round(load.serverP50)} / ${round(load.serverP95)}`;
      results[`${k}: errors (goal 0)`] = load.errors;
      results[`${k}: realtime deliveries missing (goal 0)`] = `${load.deliveriesMissing} of ${load.deliveriesExpected}`;
      results[`${k}: backend RSS peak / end (MB)`] = `${load.rssPeak} / ${load.rssEnd}`;
      results[`${k}: backend CPU per request (ms)`] = round(load.cpuPerRequest);
      results[`${k}: backend CPU use (cores)`] = round(load.cpuShare);
      for (const count of [0, 1, 5, 10]) {
        results[`${k}: insert p50 with ${count} subscribers (ms)`] = round(steps[count].insertP50);
      }
      results[`${k}: insert p50 10 / 0 subscribers (goal <= 2)`] = round(steps[10].insertP50 / steps[0].insertP50);
      results[`${k}: delivery p50 with 10 subscribers (ms)`] = round(steps[10].deliveryP50);
    } finally {
      await backend.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
console.table(results);
await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
await writeFile(path.join(root, 'bench', 'results', 'load.json'), JSON.stringify(results, null, 2));
process.exit(0);
