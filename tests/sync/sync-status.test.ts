/**
 * What the shell says about syncing: the banner's phase and line (offline with waiting changes,
 * sending, all saved, sign-in needed), refused changes in words, and a write that hits the storage
 * quota (told, not lost silently: nothing of it stays on the device).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { describeChange } from '../../src/features/sync-status/describe-change.ts';
import {
  bannerMessage,
  initialPhase,
  nextPhase,
  phaseTimer,
  SAVED_FOR_MS,
  SHOW_SYNCING_AFTER_MS,
  timedOut,
  type PhaseInput,
  type PhaseState,
} from '../../src/features/sync-status/sync-phase.ts';
import { openUserDb } from '../../src/db/crewcamp-db.ts';
import { isQuotaError, QUOTA_WARNING } from '../../src/sync/storage-errors.ts';
import { SyncEngine } from '../../src/sync/sync-engine.ts';
import { initialSyncStatus, type SyncStatus } from '../../src/sync/sync-status-store.ts';
import { memoryLocks } from './support/memory-locks.ts';
import { newScript, scriptedClient, testKinds } from './support/harness.ts';

const run = (inputs: PhaseInput[], from: PhaseState = initialPhase) => inputs.reduce(nextPhase, from);
const online = (pendingCount: number): PhaseInput => ({ isOnline: true, pendingCount });
const offline = (pendingCount: number): PhaseInput => ({ isOnline: false, pendingCount });

describe('sync phase', () => {
  it('says nothing about a change sent at once while online', () => {
    const queued = run([online(0), online(1)]);
    expect(queued.phase).toBe('queued');
    expect(phaseTimer(queued)).toBe(SHOW_SYNCING_AFTER_MS);
    expect(run([online(0)], queued).phase).toBe('idle');
  });

  it('shows a slow send, then "saved" for a while, then nothing', () => {
    const syncing = timedOut(run([online(2)]));
    expect(syncing.phase).toBe('syncing');
    expect(run([online(1)], syncing).phase).toBe('syncing');
    const saved = run([online(0)], syncing);
    expect(saved.phase).toBe('saved');
    expect(phaseTimer(saved)).toBe(SAVED_FOR_MS);
    expect(timedOut(saved).phase).toBe('idle');
  });

  it('shows the sync at once when changes waited offline', () => {
    const back = run([offline(0), offline(3), online(3)]);
    expect(back.phase).toBe('syncing');
    expect(run([online(0)], back).phase).toBe('saved');
    // Offline without changes, then back: nothing to report.
    expect(run([offline(0), online(0)]).phase).toBe('idle');
  });

  it('picks the most pressing line', () => {
    const base = { isOnline: true, pendingCount: 0, needsAuth: false, phase: 'idle' as const };
    expect(bannerMessage(base)).toBeNull();
    expect(bannerMessage({ ...base, isOnline: false })?.text).toBe("You're offline. Some features may be limited.");
    expect(bannerMessage({ ...base, isOnline: false, pendingCount: 1 })?.text).toBe(
      "You're offline. Some features may be limited. 1 change waits to be sent.",
    );
    expect(bannerMessage({ ...base, isOnline: false, pendingCount: 4 })?.text).toBe(
      "You're offline. Some features may be limited. 4 changes wait to be sent.",
    );
    expect(bannerMessage({ ...base, pendingCount: 3, phase: 'syncing' })?.text).toBe('Syncing 3 changes…');
    expect(bannerMessage({ ...base, pendingCount: 1, phase: 'syncing' })?.text).toBe('Syncing 1 change…');
    expect(bannerMessage({ ...base, pendingCount: 3, phase: 'queued' })).toBeNull();
    expect(bannerMessage({ ...base, phase: 'saved' })?.text).toBe('All changes saved');
    // A drain that ended with a refusal did not save everything.
    expect(bannerMessage({ ...base, phase: 'saved', hasRejected: true })).toBeNull();
    const signIn = bannerMessage({ ...base, isOnline: false, pendingCount: 2, needsAuth: true, phase: 'syncing' });
    expect(signIn?.kind).toBe('needs-auth');
    expect(signIn?.text).toBe(
      'Your session has ended. Sign in again to send your 2 changes: they stay on this device until then.',
    );
  });
});

describe('changes in words', () => {
  const names: Record<string, string> = { e1: 'Lake trip' };
  const lookup = (id: string) => names[id];

  it('names what was done and to what', () => {
    expect(describeChange({ kind: 'event.create', args: { id: 'temp-1', name: 'Lake trip' } })).toBe(
      'Create event "Lake trip"',
    );
    expect(describeChange({ kind: 'event.update', args: { id: 'e1', changes: { location: 'Sils' } } }, lookup)).toBe(
      'Edit event "Lake trip"',
    );
    expect(describeChange({ kind: 'event.update', args: { id: 'e1', changes: { name: 'Lake days' } } }, lookup)).toBe(
      'Edit event "Lake days"',
    );
    expect(describeChange({ kind: 'event.soft-delete', args: { id: 'gone' } }, lookup)).toBe('Delete an event');
    expect(describeChange({ kind: 'invitation.send', args: { eventId: 'e1', email: 'ana@example.com' } }, lookup)).toBe(
      'Invite ana@example.com to "Lake trip"',
    );
    expect(describeChange({ kind: 'member.add', args: { eventId: 'e1', userId: 'u', name: 'Ana' } }, lookup)).toBe(
      'Add Ana to "Lake trip"',
    );
    expect(describeChange({ kind: 'member.remove', args: { eventId: 'e1', userId: 'u' } }, lookup)).toBe(
      'Remove a member of "Lake trip"',
    );
    expect(describeChange({ kind: 'profile.update', args: { changes: { name: 'Ana' } } })).toBe('Update your profile');
    expect(describeChange({ kind: 'profile.upload-avatar', args: {} })).toBe('Upload a new avatar');
    expect(describeChange({ kind: 'ride.update', args: { id: 'r', changes: { seats: 3 } } })).toBe('Change a ride');
    expect(
      describeChange({
        kind: 'ride.update',
        args: { id: 'r', changes: { cost_split: { expense_id: 'x', fuel_minor: 1, toll_minor: 0 } } },
      }),
    ).toBe('Split the costs of a ride');
    expect(describeChange({ kind: 'ride.pickup', args: { eventId: 'e1', rideId: 'r', stopId: 's' } }, lookup)).toBe(
      'Choose where you get on a ride to "Lake trip"',
    );
    expect(describeChange({ kind: 'friend.request', args: { email: 'bo@example.com' } })).toBe(
      'Send a friend request to bo@example.com',
    );
    expect(describeChange({ kind: 'unknown.kind', args: null })).toBe('A change');
  });
});

describe('reconnecting', () => {
  const engines: SyncEngine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
  });

  it('sends changes that failed offline at once when the device is back, not after their backoff', async () => {
    const userId = crypto.randomUUID();
    const script = newScript();
    script.outcomes.set('a', ['network', 'network']);
    const store = createStore<SyncStatus>()(() => ({ ...initialSyncStatus }));
    const engine = new SyncEngine({
      db: await openUserDb(userId),
      registry: testKinds(script),
      client: scriptedClient(() => ({ status: 200, body: [] })),
      userId,
      locks: memoryLocks(),
      realtime: false,
      store,
      // A backoff far longer than the test: only the reconnect can send the change in time.
      backoff: { baseMs: 60_000, maxMs: 60_000 },
    });
    engines.push(engine);
    await engine.start();
    await engine.mutate('test.set', { id: 'a', value: 'made offline' });
    await expect.poll(() => script.outcomes.get('a')?.length).toBe(1);
    const [entry] = await engine.db.outbox.toArray();
    expect(entry.nextAttemptAt - Date.now()).toBeGreaterThan(20_000);

    script.outcomes.set('a', []);
    await engine.reconnected();
    await expect.poll(() => script.sent.map((sent) => sent.id)).toEqual(['a']);
    await expect.poll(() => store.getState().pendingCount).toBe(0);
  });
});

describe('storage quota', () => {
  const engines: SyncEngine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
  });

  it('recognises the quota error as IndexedDB and Dexie report it', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('full'))).toBe(true);
    const aborted = new Dexie.AbortError('Transaction aborted', new DOMException('full', 'QuotaExceededError'));
    expect(isQuotaError(aborted)).toBe(true);
    expect(isQuotaError(new Dexie.ConstraintError('duplicate key'))).toBe(false);
    expect(isQuotaError(new Error('network'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('a change that hits the quota is not kept, and the user is told it was not saved', async () => {
    const userId = crypto.randomUUID();
    const db = await openUserDb(userId);
    const store = createStore<SyncStatus>()(() => ({ ...initialSyncStatus }));
    const engine = new SyncEngine({
      db,
      registry: testKinds(newScript()),
      client: scriptedClient(() => ({ status: 200, body: [] })),
      userId,
      locks: memoryLocks(),
      realtime: false,
      store,
    });
    engines.push(engine);
    await engine.start();
    await engine.mutate('test.set', { id: 'kept', value: 'saved before the disk filled up' });

    // The disk is full from now on: IndexedDB refuses the outbox entry's write.
    db.outbox.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(engine.mutate('test.set', { id: 'lost', value: 'no room' })).rejects.toSatisfy(isQuotaError);

    expect(store.getState().storageWarning).toBe(QUOTA_WARNING);
    // The transaction rolled back as a whole: no half-applied change shows on the device.
    expect(await db.settings.get('lost')).toBeUndefined();
    expect(await db.shadows.get('settings:lost')).toBeUndefined();
    expect((await db.settings.get('kept'))?.value).toBe('saved before the disk filled up');
    expect(await db.outbox.count()).toBeGreaterThanOrEqual(1);
    expect((await db.outbox.toArray()).every((entry) => (entry.args as { id: string }).id === 'kept')).toBe(true);
  });
});
