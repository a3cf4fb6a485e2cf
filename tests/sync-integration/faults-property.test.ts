/**
 * The sync engine under a hostile network, as a property: random sequences of mutations of every
 * kind the app registers, from three users' devices (one user with two tabs sharing one device
 * database), go through a proxy that drops responses of committed requests, answers 503, delays and
 * cuts connections. After everyone drains and pulls: every device equals what the server lets its
 * user see, and the server equals a reference model of the same sequence (nothing lost, nothing
 * duplicated). Runs and size come from SYNC_PROPERTY_RUNS / SYNC_PROPERTY_MUTATIONS (the bench runs
 * more); a failure prints its seed, and SYNC_PROPERTY_SEED replays it.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { memoryLocks } from '../sync/support/memory-locks.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { device, newUser, signIn, type Device } from './support/device.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { syncRegistry } from '../../src/app/sync-registry.ts';
import type { KindName, PreparedArgs } from '../../src/sync/kind-registry.ts';
import { emptyModel, type Model } from './support/reference-model.ts';
import { generatedKinds, pickOp } from './support/generators.ts';
import { seedRun, type SetupUsers } from './support/scenario-setup.ts';
import { expectServerEqualsModel } from './support/compare.ts';
import { expectDeviceEqualsServer } from './support/compare-device.ts';

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 6);
const MUTATIONS = Number(process.env.SYNC_PROPERTY_MUTATIONS ?? 300);
const SEED = process.env.SYNC_PROPERTY_SEED
  ? Number(process.env.SYNC_PROPERTY_SEED)
  : Math.floor(Math.random() * 2 ** 31);

let backend: TestBackend;
let proxy: FaultProxy;
type User = Awaited<ReturnType<typeof newUser>>;
let users: { a: User; b: User; c: User };
let setupUsers: SetupUsers;
/** How often each kind was drawn over all runs. */
const drawn = new Map<string, number>();
let clients: Record<'A1' | 'A2' | 'B' | 'C', SupabaseClient>;
let run = 0;

beforeAll(async () => {
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve(import.meta.dirname, '../../supabase/functions'),
  });
  proxy = await startFaultProxy(backend.url, SEED, 0);
  users = { a: await newUser(backend, 'ann'), b: await newUser(backend, 'ben'), c: await newUser(backend, 'cat') };
  setupUsers = {
    owner: await newUser(backend, 'dan', 'organizer'),
    friends: [await newUser(backend, 'fay'), await newUser(backend, 'gus')],
  };
  // One session per tab, kept across runs (each run starts with fresh device databases).
  clients = {
    A1: await signIn(backend, proxy.url, users.a.email, users.a.password),
    A2: await signIn(backend, proxy.url, users.a.email, users.a.password),
    B: await signIn(backend, proxy.url, users.b.email, users.b.password),
    C: await signIn(backend, proxy.url, users.c.email, users.c.password),
  };
});

afterAll(async () => {
  await proxy?.close();
  await backend?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runScenario(choices: Array<[number, number, number]>, faultSeed: number): Promise<void> {
  proxy.rate = 0;
  run++;
  // Each run starts from the setup's rows for these users and new device databases.
  const model: Model = emptyModel(
    { A: users.a.userId, B: users.b.userId, C: users.c.userId },
    { A: users.a.email, B: users.b.email, C: users.c.email },
  );
  await seedRun(backend, model, setupUsers);
  const locks = memoryLocks();
  const tabs: Record<'A1' | 'A2' | 'B' | 'C', Device> = {
    A1: await device(backend, users.a, { client: clients.A1, locks, dbUserKey: `${users.a.userId}-run${run}` }),
    A2: await device(backend, users.a, { client: clients.A2, locks, dbUserKey: `${users.a.userId}-run${run}` }),
    B: await device(backend, users.b, { client: clients.B, dbUserKey: `${users.b.userId}-run${run}` }),
    C: await device(backend, users.c, { client: clients.C, dbUserKey: `${users.c.userId}-run${run}` }),
  };
  const engineOptions = { backoff: { baseMs: 10, maxMs: 200 }, pullIntervalMs: 5_000, minPullGapMs: 1_000 };
  for (const tab of Object.values(tabs)) await tab.start(engineOptions);
  // Devices hold the setup's rows (the invitations and requests they answer) before faults start.
  for (const tab of [tabs.A1, tabs.B, tabs.C]) {
    tab.engine!.requestPull(true);
    await tab.engine!.whenIdle();
  }
  proxy.reseed(faultSeed);
  proxy.rate = 0.25;

  try {
    let issued = 0;
    const drawnInRun = new Map<string, number>();
    for (const [i, [actor, op, extra]] of choices.entries()) {
      const tabName = (['A1', 'A2', 'B', 'C'] as const)[actor % 4];
      const who = tabName === 'A1' || tabName === 'A2' ? 'A' : tabName;
      const ctx = { model, actor: who, n: extra, step: i, db: tabs[tabName].db, setup: setupUsers } as const;
      const picked = await pickOp(ctx, op, drawnInRun);
      const queued = await tabs[tabName].engine!.mutate<PreparedArgs<KindName>>(picked.kind, picked.args);
      picked.apply(model, queued.args);
      drawn.set(picked.kind, (drawn.get(picked.kind) ?? 0) + 1);
      drawnInRun.set(picked.kind, (drawnInRun.get(picked.kind) ?? 0) + 1);
      issued++;
      if (i % 10 === 9) await sleep(extra % 20);
    }
    expect(issued).toBe(MUTATIONS);

    // Everyone drains and pulls on a quiet network.
    proxy.rate = 0;
    const leaders = [tabs.A1, tabs.B, tabs.C];
    for (let round = 0; round < 50; round++) {
      for (const tab of leaders) await tab.engine!.whenIdle();
      const pending = await Promise.all(
        leaders.map((t) => t.db.outbox.where('status').anyOf(['pending', 'sending', 'needs-auth']).count()),
      );
      if (pending.every((n) => n === 0)) break;
      await sleep(50);
    }
    for (const tab of leaders) {
      tab.engine!.requestPull(true);
      await tab.engine!.whenIdle();
    }
    for (const tab of Object.values(tabs)) {
      const rejected = await tab.db.outbox.where('status').equals('rejected').toArray();
      expect(rejected.map((e) => `${e.kind}: ${e.error?.message}`)).toEqual([]);
    }
    await expectServerEqualsModel(backend, model);
    for (const [name, tab] of Object.entries(tabs)) await expectDeviceEqualsServer(backend, tab, name);
  } finally {
    for (const tab of Object.values(tabs)) {
      await tab.stop();
      tab.db.close();
    }
  }
}

it('has a generator for every mutation kind the app registers, and none for kinds it does not', () => {
  const registered = syncRegistry({ supabaseUrl: 'http://localhost' }).names().sort();
  expect(generatedKinds).toEqual(registered);
});

it(
  `keeps every device equal to the server and the server equal to the model (${RUNS} runs x ${MUTATIONS} mutations)`,
  { timeout: 60_000 + RUNS * 60_000 },
  async () => {
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.nat(1000), fc.nat(1000), fc.nat(1000)), { minLength: MUTATIONS, maxLength: MUTATIONS }),
          fc.nat(),
          (choices, faultSeed) => runScenario(choices, faultSeed),
        ),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } catch (error) {
      console.error(`Sync property failed: replay with SYNC_PROPERTY_SEED=${SEED}`);
      throw error;
    }
    // Every registered kind was drawn (and so sent through the faults, and checked).
    const registered = syncRegistry({ supabaseUrl: backend.url }).names().sort();
    console.info(`Sync property: ${RUNS} runs x ${MUTATIONS}, seed ${SEED}, kinds drawn:`, Object.fromEntries(drawn));
    expect(
      registered.filter((kind) => !drawn.has(kind)),
      'kinds never drawn',
    ).toEqual([]);
    expect(proxy.counts['drop-response']).toBeGreaterThan(0);
    expect(proxy.counts.cut).toBeGreaterThan(0);
    expect(proxy.counts['503']).toBeGreaterThan(0);
  },
);
