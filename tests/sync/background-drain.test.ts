/**
 * The service worker's drain (Background Sync): it pushes the whole outbox in order, stops on a
 * network failure without losing anything, does not wait out a backoff measured while offline,
 * and refreshes the session once on a 401.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CrewCampDb } from '../../src/db/crewcamp-db.ts';
import type { RefreshOutcome } from '../../src/sync/auth-port.ts';
import { drainOutbox, type DrainEnv } from '../../src/sync/background-drain.ts';
import type { KindRegistry } from '../../src/sync/kind-registry.ts';
import { mutate, type MutateEnv } from '../../src/sync/mutate.ts';
import { retryNetworkFailuresNow } from '../../src/sync/network-retry.ts';
import { freshDb, newScript, scriptedClient, testKinds, type TestKindScript } from './support/harness.ts';

let db: CrewCampDb;
let script: TestKindScript;
let registry: KindRegistry;
let env: MutateEnv;
let refreshes: RefreshOutcome[];

beforeEach(async () => {
  db = await freshDb(crypto.randomUUID());
  script = newScript();
  registry = testKinds(script);
  env = { db, registry, userId: db.userId, clientId: 'client', now: Date.now };
  refreshes = [];
});

const set = (id: string, value: string) => mutate(env, 'test.set', { id, value });
const statuses = async () => (await db.outbox.toArray()).map((e) => e.status);

function drainEnv(refreshOutcome: RefreshOutcome = 'ok'): DrainEnv {
  return {
    db,
    registry,
    client: scriptedClient(() => ({ status: 500 })),
    userId: db.userId,
    auth: {
      async refresh() {
        refreshes.push(refreshOutcome);
        return refreshOutcome;
      },
    },
  };
}

describe('background drain', () => {
  it('sends every entry in order and reports the outbox drained', async () => {
    await set('a', '1');
    await set('b', '2');
    await set('a', '3');
    expect(await drainOutbox(drainEnv())).toBe('drained');
    expect(script.sent.map((s) => `${s.id}=${s.value}`)).toEqual(['a=1', 'b=2', 'a=3']);
    expect(await statuses()).toEqual(['acked', 'acked', 'acked']);
  });

  it('stops on a network failure and keeps the rest queued', async () => {
    await set('a', '1');
    await set('b', '2');
    script.outcomes.set('b', ['network']);
    expect(await drainOutbox(drainEnv())).toBe('offline');
    expect(await statuses()).toEqual(['acked', 'pending']);
  });

  it('does not wait out a backoff measured while offline, but keeps the one of a server error', async () => {
    await set('a', '1');
    script.outcomes.set('a', ['network']);
    expect(await drainOutbox(drainEnv())).toBe('offline');
    expect(await drainOutbox(drainEnv())).toBe('drained');

    // An entry an earlier version left waiting after a network failure is due again.
    await set('c', '3');
    await db.outbox
      .where('status')
      .equals('pending')
      .modify({ nextAttemptAt: Date.now() + 60_000, error: { http: 0, code: 'network', message: 'fetch failed' } });
    expect(await drainOutbox(drainEnv())).toBe('waiting');
    await retryNetworkFailuresNow(db);
    expect(await drainOutbox(drainEnv())).toBe('drained');

    await set('b', '2');
    script.outcomes.set('b', ['503']);
    expect(await drainOutbox(drainEnv())).toBe('offline');
    await retryNetworkFailuresNow(db);
    expect(await drainOutbox(drainEnv())).toBe('waiting');
  });

  it('refreshes the session once on a 401 and goes on, or stops when it is gone', async () => {
    await set('a', '1');
    script.outcomes.set('a', ['401']);
    expect(await drainOutbox(drainEnv('ok'))).toBe('drained');
    expect(refreshes).toEqual(['ok']);

    await set('b', '2');
    script.outcomes.set('b', ['401']);
    expect(await drainOutbox(drainEnv('signed-out'))).toBe('needs-auth');
    expect(await statuses()).toEqual(['acked', 'needs-auth']);
  });

  it('recovers an entry a closed tab left sending, only when asked (the lock holder)', async () => {
    await set('a', '1');
    await db.outbox.toCollection().modify({ status: 'sending' });
    await retryNetworkFailuresNow(db);
    expect(await statuses()).toEqual(['sending']);
    await retryNetworkFailuresNow(db, { recoverSending: true });
    expect(await statuses()).toEqual(['pending']);
  });
});
