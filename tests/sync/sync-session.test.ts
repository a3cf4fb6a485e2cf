/**
 * The session's start order (issue 23, "start-up does only what the first screen needs"): the
 * device database is open to screens, and takes changes, before the engine starts; the engine
 * starts once the first screen has drawn (the app's `beforeEngineStart`), and sends what was
 * queued meanwhile.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { trackSessionChange } from '../../src/sync/session-change.ts';
import {
  getActiveSession,
  onDeviceOpen,
  settledSession,
  startSyncSession,
  stopSyncSession,
} from '../../src/sync/sync-session.ts';
import { newSyncStatusStore } from '../../src/sync/sync-status-store.ts';
import { memoryLocks } from './support/memory-locks.ts';
import { newScript, scriptedClient, testKinds } from './support/harness.ts';

afterEach(() => stopSyncSession());

const quietBackend = scriptedClient(() => ({ status: 200, body: [] }));

it('opens the device to screens and takes changes before the engine starts; the engine starts after the first screen', async () => {
  const userId = crypto.randomUUID();
  const script = newScript();
  let drawFirstScreen = () => {};
  const firstScreen = new Promise<void>((resolve) => (drawFirstScreen = resolve));
  const opened: string[] = [];
  const off = onDeviceOpen((session) => {
    opened.push(session.userId);
  });
  const store = newSyncStatusStore();

  const starting = startSyncSession(quietBackend, testKinds(script), userId, {
    locks: memoryLocks(),
    realtime: false,
    store,
    beforeEngineStart: () => firstScreen,
  });
  await expect.poll(() => getActiveSession()?.userId).toBe(userId);
  // The first screen's read started as the database opened, before React saw the session.
  expect(opened).toEqual([userId]);
  const session = getActiveSession()!;
  await session.ready;
  await session.engine.mutate('test.set', { id: 'a', value: 'before-the-engine' });
  expect((await session.db.settings.get('a'))?.value).toBe('before-the-engine');
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(script.sent).toEqual([]);
  expect(store.getState().isLeader).toBe(false);

  drawFirstScreen();
  await starting;
  await expect.poll(() => script.sent).toEqual([{ kind: 'test.set', id: 'a', value: 'before-the-engine' }]);
  await expect.poll(() => store.getState().pendingCount).toBe(0);
  off();
});

it("the first screen's read holds the session back from the screens until it is in, at most 300 ms", async () => {
  const store = newSyncStatusStore();
  const options = { locks: memoryLocks(), realtime: false, store };
  let answer = () => {};
  const read = new Promise<void>((resolve) => (answer = resolve));
  const readFor: string[] = [];
  let off = onDeviceOpen((session) => {
    readFor.push(session.userId);
    return read;
  });
  const userId = crypto.randomUUID();
  void startSyncSession(quietBackend, testKinds(newScript()), userId, options);
  await expect.poll(() => readFor).toEqual([userId]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // The read is under way: the screens do not see the session yet (they would render it without the answer).
  expect(getActiveSession()).toBeNull();
  answer();
  await expect.poll(() => getActiveSession()?.userId).toBe(userId);
  off();
  await stopSyncSession();

  // A read that does not answer holds the session back no longer than the cap.
  off = onDeviceOpen(() => new Promise<void>(() => {}));
  const other = crypto.randomUUID();
  const started = performance.now();
  void startSyncSession(quietBackend, testKinds(newScript()), other, options);
  await expect.poll(() => getActiveSession()?.userId, { interval: 10 }).toBe(other);
  expect(performance.now() - started).toBeLessThan(2000);
  expect(performance.now() - started).toBeGreaterThanOrEqual(300);
  off();
});

it('a sign-out before the first screen drew closes the device without starting the engine', async () => {
  const userId = crypto.randomUUID();
  const script = newScript();
  const store = newSyncStatusStore();
  let drawFirstScreen = () => {};
  const starting = startSyncSession(quietBackend, testKinds(script), userId, {
    locks: memoryLocks(),
    realtime: false,
    store,
    beforeEngineStart: () => new Promise<void>((resolve) => (drawFirstScreen = resolve)),
  });
  await expect.poll(() => getActiveSession()?.userId).toBe(userId);
  const stopping = stopSyncSession();
  expect(getActiveSession()).toBeNull();
  drawFirstScreen();
  await Promise.all([starting, stopping]);
  expect(store.getState().isLeader).toBe(false);
  expect(store.getState().userId).toBeNull();
});

it('a change queued right after a sign-in, before the engine code has loaded, waits for the session', async () => {
  const userId = crypto.randomUUID();
  const script = newScript();
  let loadEngineCode = () => {};
  const codeLoaded = new Promise<void>((resolve) => (loadEngineCode = resolve));
  // As main.tsx does: the sign-in is recorded at once; the start is recorded once the code is there.
  trackSessionChange(
    codeLoaded.then(() =>
      trackSessionChange(
        startSyncSession(quietBackend, testKinds(script), userId, { locks: memoryLocks(), realtime: false }),
      ),
    ),
  );
  const waiting = settledSession();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(getActiveSession()).toBeNull();
  loadEngineCode();
  expect((await waiting)?.userId).toBe(userId);
});
