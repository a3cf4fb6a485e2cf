/**
 * How a pull moves rows (issue 23, sync throughput): pages written with bulk writes in one
 * transaction each, several tables read at once (a bounded number of requests in flight), a new
 * device's first pull reading the rows of its events once, a re-read membership row not taken for
 * a new one (yet a membership change a failed pull stored is still reconciled), and a rejoined
 * event's rows read whole even past the server's 1,000-row cap.
 */
import 'fake-indexeddb/auto';
import type { Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrewCampDb } from '../../src/db/crewcamp-db.ts';
import { syncRegistry } from '../../src/app/sync-registry.ts';
import { pull, type PullEnv } from '../../src/sync/pull.ts';
import { FakeBackend } from './support/fake-backend.ts';
import { BASE_URL, freshDb, scriptedClient } from './support/harness.ts';
import { serverEventRow } from './support/server-rows.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const E1 = '00000000-0000-4000-8000-0000000000e1';
const registry = syncRegistry({ supabaseUrl: BASE_URL });

const event = (id: string, updatedAt: string) => serverEventRow(id, ME, updatedAt);

const myMembership = (updatedAt: string) => ({
  id: 'm1',
  event_id: E1,
  user_id: ME,
  role: 'member',
  created_at: updatedAt,
  updated_at: updatedAt,
  deleted_at: null,
  profile: { name: 'Me', avatar: null, email: null },
});

const message = (n: number, updatedAt: string) => ({
  id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  event_id: E1,
  author_id: ME,
  body: `Message ${n}`,
  created_at: updatedAt,
  updated_at: updatedAt,
  deleted_at: null,
  edited_at: null,
  imported: false,
  original_sender_name: null,
  photo_path: null,
  reply_to_id: null,
});

/** The requests that read rows of `table` by the event they belong to (the reconcile's re-reads). */
const byEvent = (backend: FakeBackend, table: string) =>
  backend.requests.filter((r) => r.path === `/rest/v1/${table}` && r.search.get('event_id')?.startsWith('in.'));

let db: CrewCampDb;
let backend: FakeBackend;
let env: PullEnv;

beforeEach(async () => {
  db = await freshDb(crypto.randomUUID());
  backend = new FakeBackend(() => ({ status: 200 }));
  env = { db, registry, ctx: { client: scriptedClient(backend.answer), userId: ME }, now: () => 5_000 };
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pull throughput', () => {
  it('writes each page of pulled rows in one transaction with bulk writes, not a request per row', async () => {
    backend.tables.event_members = [myMembership('2026-11-01T10:00:00+00:00')];
    backend.tables.events = [event(E1, '2026-11-01T10:00:00+00:00')];
    backend.tables.chat_messages = Array.from({ length: 2500 }, (_, n) =>
      message(n, new Date(Date.parse('2026-11-02T00:00:00Z') + n * 1000).toISOString()),
    );
    // Inside a transaction Dexie hands out tables of its own: spied on their prototype, told by name.
    const tables = Object.getPrototypeOf(db.chatMessages) as Table;
    const put = vi.spyOn(tables, 'put');
    const bulkPut = vi.spyOn(tables, 'bulkPut');
    const onMessages = <A extends unknown[]>(spy: { mock: { calls: A[]; contexts: unknown[] } }) =>
      spy.mock.calls.filter((_, i) => (spy.mock.contexts[i] as Table).name === 'chatMessages');
    const transactions = vi.spyOn(db, 'transaction');
    await pull(env);
    expect(await db.chatMessages.count()).toBe(2500);
    expect(onMessages(put)).toEqual([]);
    expect(onMessages(bulkPut).map(([rows]) => (rows as unknown[]).length)).toEqual([1000, 1000, 500]);
    // Three pages of messages among the pull's transactions, each page with its cursor in one.
    expect(transactions.mock.calls.length).toBeLessThan(20);
    expect((await db.meta.get('cursor:chatMessages'))?.value).toMatchObject({ id: message(2499, '').id });
  });

  it('reads several tables at once, with a bounded number of requests in flight', async () => {
    backend.delayMs = 5;
    backend.tables.events = [event(E1, '2026-11-01T10:00:00+00:00')];
    await pull(env);
    expect(backend.mostInFlight).toBeGreaterThan(1);
    expect(backend.mostInFlight).toBeLessThanOrEqual(4);
    expect(await db.events.get(E1)).toMatchObject({ name: 'Camp' });
  });

  it("reads a new device's events' rows once, and a membership row read again is no new membership", async () => {
    backend.tables.event_members = [myMembership('2026-11-01T10:00:00+00:00')];
    backend.tables.events = [event(E1, '2026-11-01T10:00:00+00:00')];
    backend.tables.chat_messages = [message(1, '2026-11-01T10:00:01+00:00')];
    await pull(env);
    expect(await db.chatMessages.count()).toBe(1);
    expect(byEvent(backend, 'chat_messages')).toEqual([]);

    // The next pull reads the membership again (inside the overlap window): nothing is re-read.
    backend.requests = [];
    await pull(env, { reconcile: false, full: false });
    expect(byEvent(backend, 'chat_messages')).toEqual([]);
    expect(backend.requests.some((r) => r.search.get('select') === 'id')).toBe(false);
  });

  it('still reads a rejoined event when the pull that saw the membership failed before its reconcile', async () => {
    backend.tables.event_members = [myMembership('2026-11-20T10:00:00+00:00')];
    backend.tables.events = [event(E1, '2026-11-20T10:00:00+00:00')];
    backend.tables.chat_messages = [message(0, '2026-11-20T10:00:00+00:00')];
    await pull(env);
    // Rejoined, and a minute later another member joined: the next pull's overlap window no longer
    // holds the own membership row.
    const other = { ...myMembership('2026-11-22T10:01:00+00:00'), id: 'm2', user_id: 'u2' };
    backend.tables.event_members = [myMembership('2026-11-22T10:00:00+00:00'), other];
    backend.tables.chat_messages.push(message(1, '2026-11-10T00:00:00+00:00'));
    // The visible ids cannot be read: the pull fails after storing the membership.
    const answer = backend.answer;
    const failing = scriptedClient((req) => (req.search.get('select') === 'id' ? { status: 503 } : answer(req)));
    await expect(
      pull({ ...env, ctx: { ...env.ctx, client: failing } }, { reconcile: false, full: false }),
    ).rejects.toThrow();
    expect(await db.chatMessages.count()).toBe(1);
    // The next pull does not read the membership row again, yet reconciles.
    await pull(env, { reconcile: false, full: false });
    expect(await db.chatMessages.count()).toBe(2);
  });

  it("reads every row of an event the user rejoins, past the server's 1,000-row cap", async () => {
    backend.tables.event_members = [myMembership('2026-11-20T10:00:00+00:00')];
    backend.tables.events = [event(E1, '2026-11-20T10:00:00+00:00')];
    backend.tables.chat_messages = [message(0, '2026-11-20T10:00:00+00:00')];
    await pull(env);
    // Left and rejoined: the rows written meanwhile are older than the device's cursor.
    backend.tables.event_members = [myMembership('2026-11-22T10:00:00+00:00')];
    for (let n = 1; n <= 1500; n++)
      backend.tables.chat_messages.push(message(n, new Date(Date.parse('2026-11-10T00:00:00Z') + n).toISOString()));
    await pull(env, { reconcile: false, full: false });
    expect(await db.chatMessages.count()).toBe(1501);
    expect(byEvent(backend, 'chat_messages').length).toBeGreaterThan(1);
  });
});
