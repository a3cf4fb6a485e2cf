/**
 * Push, step by step: order, retries with backoff that keep the order, network failures that
 * wait for the network rather than a backoff of their own, the 401 pause, rejection
 * of an entry and its dependents with rollback, and a poison entry that does not block
 * independent entries behind it.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CrewCampDb } from '../../src/db/crewcamp-db.ts';
import { backoffDelay } from '../../src/sync/backoff.ts';
import type { KindRegistry } from '../../src/sync/kind-registry.ts';
import { mutate, type MutateEnv } from '../../src/sync/mutate.ts';
import { pickNext, pushNext, resumeAfterAuth, type PushEnv, type PushStep } from '../../src/sync/push.ts';
import { discardRejected, retryRejected } from '../../src/sync/rejections.ts';
import { freshDb, newScript, scriptedClient, testKinds, type Outcome, type TestKindScript } from './support/harness.ts';

let db: CrewCampDb;
let script: TestKindScript;
let registry: KindRegistry;
let clock: number;
let env: MutateEnv;
let push: PushEnv;

beforeEach(async () => {
  db = await freshDb('push-user');
  await db.delete();
  db = await freshDb('push-user');
  script = newScript();
  registry = testKinds(script);
  clock = 1_000_000;
  env = { db, registry, userId: 'push-user', clientId: 'client', now: () => clock };
  push = {
    db,
    registry,
    ctx: { client: scriptedClient(() => ({ status: 500 })), userId: 'push-user' },
    now: () => clock,
    random: () => 0.5,
  };
});

const set = (id: string, value: string) => mutate(env, 'test.set', { id, value });
const value = async (key: string) => (await db.settings.get(key))?.value;

async function drain(max = 50): Promise<PushStep[]> {
  const steps: PushStep[] = [];
  for (let i = 0; i < max; i++) {
    const step = await pushNext(push);
    steps.push(step);
    if (step.type === 'idle' || step.type === 'wait' || step.type === 'needs-auth') break;
  }
  return steps;
}

describe('push', () => {
  it('sends entries in the order they were made', async () => {
    await set('a', '1');
    await set('b', '2');
    await set('a', '3');
    await drain();
    expect(script.sent.map((s) => `${s.id}=${s.value}`)).toEqual(['a=1', 'b=2', 'a=3']);
    const statuses = (await db.outbox.toArray()).map((e) => e.status);
    expect(statuses).toEqual(['acked', 'acked', 'acked']);
  });

  it('retries 5xx and 429 with growing jittered delays, keeping the order', async () => {
    script.outcomes.set('a', ['503', '503', '429']);
    await set('a', '1');
    await set('a', '2');
    const delays: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const step = await pushNext(push);
      expect(step.type).toBe('retry');
      if (step.type === 'retry') delays.push(step.delayMs);
      // Not due yet: nothing is sent, not even the second change of the same row.
      expect(await pushNext(push)).toMatchObject({ type: 'wait' });
      clock += step.type === 'retry' ? step.delayMs : 0;
    }
    expect(delays).toEqual([1, 2, 3].map((n) => backoffDelay(n, undefined, () => 0.5)));
    expect(delays[1]).toBeGreaterThan(delays[0]);
    expect(delays[2]).toBeGreaterThan(delays[1]);
    await drain();
    expect(script.sent.map((s) => s.value)).toEqual(['1', '2']);
    const first = (await db.outbox.toArray())[0];
    expect(first.attempts).toBe(4);
  });

  it("a network failure is not the entry's fault: it stays due, in order, with no backoff of its own", async () => {
    script.outcomes.set('a', Array<Outcome>(8).fill('network'));
    await set('a', '1');
    await set('a', '2');
    await set('b', '3');
    for (let attempt = 0; attempt < 8; attempt++) {
      expect(await pushNext(push)).toEqual({ type: 'offline', mutationId: expect.any(String) });
    }
    const [first] = await db.outbox.toArray();
    expect(first).toMatchObject({ status: 'pending', attempts: 0, nextAttemptAt: 0 });
    expect(first.isParked ?? false).toBe(false);
    expect(first.error).toMatchObject({ http: 0, code: 'network' });
    expect(script.sent).toEqual([]);
    // The network is back: the very next step sends, without any wait, and the order holds.
    expect(await pushNext(push)).toMatchObject({ type: 'sent' });
    await drain();
    expect(script.sent.map((s) => `${s.id}=${s.value}`)).toEqual(['a=1', 'a=2', 'b=3']);
    expect((await db.outbox.toArray())[0].error).toBeNull();
  });

  it('jitter spreads the delays between half and all of the exponential step', () => {
    expect(backoffDelay(1, { baseMs: 1000, maxMs: 60_000 }, () => 0)).toBe(500);
    expect(backoffDelay(1, { baseMs: 1000, maxMs: 60_000 }, () => 1)).toBe(1000);
    expect(backoffDelay(4, { baseMs: 1000, maxMs: 60_000 }, () => 1)).toBe(8000);
    expect(backoffDelay(30, { baseMs: 1000, maxMs: 60_000 }, () => 1)).toBe(60_000);
  });

  it('pauses the whole queue on 401 and resumes after the session is refreshed, dropping nothing', async () => {
    script.outcomes.set('a', ['401']);
    await set('a', '1');
    await set('b', '2');
    expect(await pushNext(push)).toEqual({ type: 'needs-auth' });
    expect(await pushNext(push)).toEqual({ type: 'needs-auth' });
    expect(script.sent).toEqual([]);
    const paused = await db.outbox.toArray();
    expect(paused.map((e) => e.status)).toEqual(['needs-auth', 'pending']);
    expect(paused[0].error).toEqual({ http: 401, code: 'PGRST303', message: 'JWT expired' });
    expect(await value('a')).toBe('1');
    await resumeAfterAuth(db);
    await drain();
    expect(script.sent.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('rejects a refused entry and the entries that depend on it, and rolls their changes back', async () => {
    await db.settings.put({ key: 'thing-x', value: 'server', updated_at: 's' });
    script.outcomes.set('x', ['refuse']);
    await mutate(env, 'test.create', { id: 'x', value: 'mine' });
    await mutate(env, 'test.use', { id: 'u1', thing: 'x' });
    await set('other', 'independent');
    expect(await value('thing-x')).toBe('mine');
    expect(await value('use-u1')).toBe('x');

    const steps = await drain();
    expect(steps[0].type).toBe('rejected');
    expect(await value('thing-x')).toBe('server');
    expect(await value('use-u1')).toBeUndefined();
    expect(await value('other')).toBe('independent');
    expect(script.sent.map((s) => s.id)).toEqual(['other']);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.status)).toEqual(['rejected', 'rejected', 'acked']);
    expect(entries[0].error).toEqual({ http: 400, code: '23514', message: 'new row violates check constraint for x' });
    expect(entries[1].error?.code).toBe('dependency');
    expect(await db.shadows.count()).toBe(1); // only the acked entry's row keeps a shadow
  });

  it('lets the user discard a rejected change, or retry it with edited arguments', async () => {
    script.outcomes.set('a', ['refuse']);
    await set('a', 'bad');
    await drain();
    const [rejected] = await db.outbox.toArray();
    expect(await value('a')).toBeUndefined();
    await retryRejected(env, rejected.mutationId, { id: 'a', value: 'good' });
    expect(await value('a')).toBe('good');
    await drain();
    expect(script.sent.map((s) => s.value)).toEqual(['good']);

    script.outcomes.set('b', ['refuse']);
    await set('b', 'bad');
    await drain();
    const b = (await db.outbox.toArray()).find((e) => e.status === 'rejected')!;
    await discardRejected(db, b.mutationId);
    expect(await db.outbox.where('status').equals('rejected').count()).toBe(0);
    expect(await value('b')).toBeUndefined();
  });

  it('parks an entry that keeps failing with 5xx so that independent entries go ahead', async () => {
    script.outcomes.set('poison', Array(20).fill('503'));
    await set('poison', '1');
    await set('poison', '2'); // same row: must wait behind it
    await set('fine', '3'); // independent
    let parked = false;
    for (let i = 0; i < 10 && !parked; i++) {
      const step = await pushNext(push);
      if (step.type === 'parked') parked = true;
      else if (step.type === 'retry') clock += step.delayMs;
    }
    expect(parked).toBe(true);
    await drain();
    expect(script.sent.map((s) => s.id)).toEqual(['fine']);
    expect(await value('poison')).toBe('2');
  });

  it('keeps the order behind an entry waiting for its retry; only a parked entry lets independent ones pass', () => {
    const waiting = entry(1, ['settings:a'], 500);
    expect(pickNext([waiting, entry(2, ['settings:a'])], 100)).toEqual({ waitUntil: 500, needsAuth: false });
    expect(pickNext([waiting, entry(3, ['settings:b'])], 100)).toEqual({ waitUntil: 500, needsAuth: false });
    const parked = entry(1, ['settings:a'], 500, true);
    expect(pickNext([parked, entry(2, ['settings:a']), entry(3, ['settings:b'])], 100).entry?.seq).toBe(3);
  });

  it('batches the due row writes right behind the chosen entry, and stops where the order needs it', () => {
    const rowWrites = { canJoin: (e: { kind: string }) => e.kind === 'k', max: 3 };
    const seqs = (picked: ReturnType<typeof pickNext>) => picked.batch?.map((e) => e.seq);
    // Up to the most a batch carries.
    expect(
      seqs(
        pickNext(
          [1, 2, 3, 4].map((n) => entry(n, [`settings:${n}`])),
          100,
          rowWrites,
        ),
      ),
    ).toEqual([1, 2, 3]);
    // An entry that is not a row write ends the batch: it is sent alone, after the batch.
    const other = { ...entry(2, ['settings:x']), kind: 'other' };
    expect(seqs(pickNext([entry(1, ['settings:a']), other, entry(3, ['settings:b'])], 100, rowWrites))).toEqual([1]);
    expect(seqs(pickNext([other, entry(3, ['settings:b'])], 100, rowWrites))).toEqual([2]);
    // An entry waiting for its retry ends it; so does one held up behind a parked entry.
    expect(seqs(pickNext([entry(1, ['settings:a']), entry(2, ['settings:b'], 500)], 100, rowWrites))).toEqual([1]);
    const parked = entry(1, ['settings:a'], 500, true);
    const held = [parked, entry(2, ['settings:b']), entry(3, ['settings:a']), entry(4, ['settings:c'])];
    expect(seqs(pickNext(held, 100, rowWrites))).toEqual([2]);
    // The same rows changed twice in a row go together: the backend applies them in order.
    expect(seqs(pickNext([entry(1, ['settings:a']), entry(2, ['settings:a'])], 100, rowWrites))).toEqual([1, 2]);
  });
});

function entry(seq: number, touched: string[], nextAttemptAt = 0, isParked = false) {
  return {
    seq,
    mutationId: `m${seq}`,
    kind: 'k',
    args: {},
    dependsOn: [],
    userId: 'u',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt,
    status: 'pending' as const,
    error: null,
    touched,
    refs: [],
    creates: [],
    ackedAt: null,
    isParked,
  };
}
