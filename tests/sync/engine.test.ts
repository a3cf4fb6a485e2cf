/**
 * The engine's loop: one leader among a user's tabs pushes what any tab queued; when the leader
 * tab closes, the other takes over; a 401 pauses the queue, the session is refreshed once, and
 * the queue resumes with nothing lost.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openUserDb } from '../../src/db/crewcamp-db.ts';
import { SyncEngine } from '../../src/sync/sync-engine.ts';
import { newSyncStatusStore } from '../../src/sync/sync-status-store.ts';
import { memoryLocks } from './support/memory-locks.ts';
import { newScript, scriptedClient, testKinds } from './support/harness.ts';

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

const quietBackend = scriptedClient((req) => ({ status: 200, body: req.path.includes('/rpc/') ? [] : [] }));

async function tab(
  userId: string,
  registry: ReturnType<typeof testKinds>,
  locks = memoryLocks(),
  extra: Partial<ConstructorParameters<typeof SyncEngine>[0]> = {},
) {
  const store = newSyncStatusStore();
  const engine = new SyncEngine({
    db: await openUserDb(userId),
    registry,
    client: quietBackend,
    userId,
    locks,
    realtime: false,
    store,
    backoff: { baseMs: 5, maxMs: 20 },
    ...extra,
  });
  engines.push(engine);
  await engine.start();
  return { engine, store };
}

describe('sync engine', () => {
  it('elects one leader per user; the leader sends what another tab queued; a new leader takes over', async () => {
    const userId = crypto.randomUUID();
    const script = newScript();
    const registry = testKinds(script);
    const locks = memoryLocks();
    const first = await tab(userId, registry, locks);
    const second = await tab(userId, registry, locks);
    await expect.poll(() => first.store.getState().isLeader).toBe(true);
    expect(second.store.getState().isLeader).toBe(false);

    await second.engine.mutate('test.set', { id: 'a', value: 'from-second-tab' });
    expect((await second.engine.db.settings.get('a'))?.value).toBe('from-second-tab');
    await expect.poll(() => script.sent.length).toBe(1);
    await expect.poll(() => second.store.getState().pendingCount).toBe(0); // status from the leader

    await first.engine.stop();
    await expect.poll(() => second.store.getState().isLeader).toBe(true);
    await second.engine.mutate('test.set', { id: 'b', value: '2' });
    await expect.poll(() => script.sent.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('pauses on 401, refreshes the session once, and resumes without dropping anything', async () => {
    const script = newScript();
    script.outcomes.set('a', ['401']);
    let refreshes = 0;
    const { engine, store } = await tab(crypto.randomUUID(), testKinds(script), memoryLocks(), {
      auth: { refresh: async () => (++refreshes === 1 ? 'offline' : 'ok') },
    });
    await engine.mutate('test.set', { id: 'a', value: '1' });
    await engine.mutate('test.set', { id: 'b', value: '2' });
    await expect.poll(() => script.sent.map((s) => s.id), { timeout: 5_000 }).toEqual(['a', 'b']);
    expect(refreshes).toBe(2);
    expect(store.getState().needsAuth).toBe(false);
  });

  it('keeps the queue and asks the user to sign in when the session cannot be refreshed', async () => {
    const script = newScript();
    script.outcomes.set('a', ['401']);
    const { engine, store } = await tab(crypto.randomUUID(), testKinds(script), memoryLocks(), {
      auth: { refresh: async () => 'signed-out' },
    });
    await engine.mutate('test.set', { id: 'a', value: '1' });
    await expect.poll(() => store.getState().needsAuth).toBe(true);
    await expect.poll(() => store.getState().pendingCount).toBe(1);
    expect(await engine.db.outbox.count()).toBe(1);
    await engine.resumeAuth();
    await expect.poll(() => script.sent.length).toBe(1);
  });
});
