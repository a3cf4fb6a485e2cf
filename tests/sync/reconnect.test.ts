/**
 * Coming back online drains the queue at once: a network failure is not the change's fault and
 * gives it no backoff of its own, so whatever shows the network is back (the 'online' event, a
 * pull that goes through when the Realtime channel subscribes again or the app is focused) sends
 * the queue at once, even where the browser never reported being offline. While the queue drains,
 * the doorbell rung by each sent change does not put a pull between the sends.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openUserDb } from '../../src/db/crewcamp-db.ts';
import { syncRegistry } from '../../src/app/sync-registry.ts';
import { defineKind } from '../../src/sync/kind-registry.ts';
import { SyncEngine, type SyncEngineOptions } from '../../src/sync/sync-engine.ts';
import { newSyncStatusStore } from '../../src/sync/sync-status-store.ts';
import { memoryLocks } from './support/memory-locks.ts';
import { BASE_URL, newScript, scriptedClient, testKinds, type Outcome } from './support/harness.ts';

const engines: SyncEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

/** A backend behind a network that can be cut: every request fails like fetch does offline. */
function network() {
  const state = { isDown: true, onRequest: () => {} };
  const client = scriptedClient(() => {
    if (state.isDown) throw new TypeError('fetch failed');
    state.onRequest();
    return { status: 200, body: [] };
  });
  return { state, client };
}

async function startEngine(options: Partial<SyncEngineOptions> & Pick<SyncEngineOptions, 'registry' | 'client'>) {
  const store = newSyncStatusStore();
  const userId = crypto.randomUUID();
  const engine = new SyncEngine({
    db: await openUserDb(userId),
    userId,
    locks: memoryLocks(),
    realtime: false,
    store,
    // A backoff far longer than the test: only the network coming back can send the changes in time.
    backoff: { baseMs: 60_000, maxMs: 60_000 },
    ...options,
  });
  engines.push(engine);
  await engine.start();
  return { engine, store };
}

describe('reconnecting', () => {
  it('sends changes that failed offline as soon as a pull goes through, without an online event', async () => {
    const script = newScript();
    const net = network();
    const { engine, store } = await startEngine({ registry: testKinds(script), client: net.client });
    script.outcomes.set('a', Array<Outcome>(3).fill('network'));
    await engine.mutate('test.set', { id: 'a', value: 'made offline' });
    await engine.mutate('test.set', { id: 'b', value: 'also offline' });
    await engine.mutate('test.set', { id: 'a', value: 'changed again' });
    await expect.poll(() => script.outcomes.get('a')?.length).toBeLessThan(3);
    await expect.poll(() => store.getState().isOnline).toBe(false);

    // The signal is back; the browser said nothing. The Realtime channel subscribes again (or the
    // app is focused) and asks for a pull.
    net.state.isDown = false;
    script.outcomes.set('a', []);
    engine.requestPull();
    await expect
      .poll(() => script.sent.map((sent) => `${sent.id}=${sent.value}`), { timeout: 2_000 })
      .toEqual(['a=made offline', 'b=also offline', 'a=changed again']);
    await expect.poll(() => store.getState().pendingCount).toBe(0);
    expect(store.getState().isOnline).toBe(true);
  });

  it('sends changes that failed offline at once when the browser reports the network back', async () => {
    const script = newScript();
    const net = network();
    const { engine, store } = await startEngine({ registry: testKinds(script), client: net.client });
    script.outcomes.set('a', Array<Outcome>(5).fill('network'));
    await engine.mutate('test.set', { id: 'a', value: 'made offline' });
    await expect.poll(() => script.outcomes.get('a')?.length).toBeLessThan(5);

    net.state.isDown = false;
    script.outcomes.set('a', []);
    await engine.reconnected();
    await expect.poll(() => script.sent.map((sent) => sent.id), { timeout: 2_000 }).toEqual(['a']);
    await expect.poll(() => store.getState().pendingCount).toBe(0);
  });

  it('drains the queue before pulling, though each sent change rings the doorbell', async () => {
    const sent: string[] = [];
    const net = network();
    let ring = () => {};
    const args = z.object({ id: z.string(), value: z.string() });
    const rung = defineKind({
      name: 'test.rung',
      args,
      refs: () => [],
      async applyLocal(w, a) {
        await w.put('settings', { key: a.id, value: a.value, updated_at: 'local' });
      },
      async send(_ctx, a) {
        if (net.state.isDown) throw new TypeError('fetch failed');
        sent.push(a.id);
        // The server row changed: Realtime rings this client's doorbell, which asks for a pull.
        ring();
        return null;
      },
      describe: (a) => `Set ${a.id}`,
    });
    const { engine, store } = await startEngine({
      // The app's pull sources (each pull reads them from the backend), with the test's kind.
      registry: syncRegistry({ supabaseUrl: BASE_URL }).register(rung),
      client: net.client,
    });
    for (let i = 0; i < 6; i++) await engine.mutate('test.rung', { id: `row-${i}`, value: String(i) });
    await expect.poll(() => store.getState().isOnline).toBe(false);
    // How many changes had been sent when each pull request was made.
    const pullsAt: number[] = [];
    net.state.onRequest = () => pullsAt.push(sent.length);
    ring = () => engine.requestPull();
    net.state.isDown = false;
    await engine.reconnected();
    await expect.poll(() => sent.length, { timeout: 2_000 }).toBe(6);
    // One pull once the queue is empty sees all of it; none came between the sends.
    await expect.poll(() => pullsAt.length).toBeGreaterThan(0);
    expect(new Set(pullsAt)).toEqual(new Set([6]));
  });
});
