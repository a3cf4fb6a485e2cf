/**
 * The sync session of the signed-in user: opens their device database, builds the engine with
 * the app's registry (every feature's kinds and sources) over the app's Supabase client, and starts it; stopping closes both.
 * The active session is what src/data reads from. Signing out with unsent changes asks first
 * (`unsentCount`), then may delete the device database.
 */
import { deleteUserDb, openUserDb, type CrewCampDb } from '../db/crewcamp-db.ts';
import type { AppClient } from './client.ts';
import type { KindRegistry } from './kind-registry.ts';
import { SyncEngine, type SyncEngineOptions } from './sync-engine.ts';
import { latestSessionChange } from './session-change.ts';
import { initialSyncStatus, syncStatusStore } from './sync-status-store.ts';

export interface SyncSession {
  userId: string;
  db: CrewCampDb;
  engine: SyncEngine;
  /**
   * Settles once the engine takes changes (`mutate`, retry, discard wait for it). Screens read
   * `db` from the moment it is open: the first screen draws from the device, not after the engine.
   */
  ready: Promise<void>;
  /** Settles once the engine has started: pulling, pushing and listening (after the first screen). */
  started: Promise<void>;
  /** Stops the leader this session started in a worker (null: the tab's own engine leads). */
  stopWorker: (() => Promise<void>) | null;
}

/** Starts the leader of `userId`'s sync in a worker (sync-worker-contract.ts); answers its stop. */
type StartWorker = (userId: string) => Promise<() => Promise<void>>;

export interface SyncSessionOptions extends Partial<SyncEngineOptions> {
  /**
   * What the engine's start waits for (the app: the first screen drawn with its answers), so that
   * the pull and the Realtime socket do not compete with it. Changes are taken before that.
   */
  beforeEngineStart?: () => Promise<void>;
  /**
   * Runs the leader (pull, push, Realtime) in a worker: the tab's engine only takes changes and
   * follows. If the worker cannot start, the tab's engine leads itself, as before workers.
   */
  startWorker?: StartWorker;
}

let active: SyncSession | null = null;
const listeners = new Set<() => void>();
/** What a listener may hand back when a session opens: a read the session's screens wait for. */
type OpenListener = (session: SyncSession) => void | Promise<unknown>;
const openListeners = new Set<OpenListener>();
/** The longest a first read holds a new session back from the screens (they then render without it). */
const FIRST_READ_HOLD_MS = 300;

export function getActiveSession(): SyncSession | null {
  return active;
}

/**
 * The active session once the changes under way have finished: a write made in the moment between
 * a page load (or a sign-in) and the device database being open waits for it instead of failing.
 * A change recorded while waiting (the entry records the sign-in, then the engine's code the start)
 * is waited for too.
 */
export async function settledSession(): Promise<SyncSession | null> {
  for (;;) {
    if (active) return active;
    const waitingFor = latestSessionChange();
    // The session is there as soon as the database is open (its engine may start later).
    await new Promise<void>((resolve) => {
      const off = subscribeToSession(() => {
        if (!active) return;
        off();
        resolve();
      });
      void waitingFor
        .catch(() => undefined)
        .then(() => {
          off();
          resolve();
        });
    });
    if (active || latestSessionChange() === waitingFor) return active;
  }
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs `listener` with each session as its device database opens (at once for one already open),
 * before screens render it: the first screen can start its read there, ahead of the engine's and
 * the other screens' work (the home does, use-home-needs.ts). A listener may return that read:
 * the new session then reaches the screens once it is in (at most FIRST_READ_HOLD_MS later), so
 * React renders the session once, with the answer, instead of once without it and again with it,
 * and that render does not compete with the read.
 */
export function onDeviceOpen(listener: OpenListener): () => void {
  openListeners.add(listener);
  if (active) void listener(active);
  return () => openListeners.delete(listener);
}

function setActive(session: SyncSession | null): void {
  active = session;
  for (const listener of listeners) listener();
}

export async function startSyncSession(
  client: AppClient,
  registry: KindRegistry,
  userId: string,
  { beforeEngineStart, startWorker, ...options }: SyncSessionOptions = {},
): Promise<SyncSession> {
  if (active?.userId === userId) return active;
  await stopSyncSession();
  const db = await openUserDb(userId);
  // The start mark of the home's benchmark (bench/home.ts): screens read the database from here on.
  globalThis.performance?.mark?.('crewcamp:device-db-open');
  const engine = new SyncEngine({ db, registry, client, userId, ...options });
  const session: SyncSession = {
    userId,
    db,
    engine,
    ready: Promise.resolve(),
    started: Promise.resolve(),
    stopWorker: null,
  };
  // The first screen's read goes first: its transaction is queued before the engine's.
  const reads = [...openListeners].map((listener) => listener(session)).filter((read) => read !== undefined);
  session.ready = engine.prepare();
  session.started = session.ready.then(async () => {
    await beforeEngineStart?.();
    if (active !== session) return;
    await engine.start({ lead: !startWorker });
    if (!startWorker) return;
    try {
      session.stopWorker = await startWorker(userId);
    } catch (error) {
      console.warn('The sync worker could not start: this tab syncs on its main thread', error);
      engine.startLeading();
    }
  });
  if (reads.length) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cap = new Promise((resolve) => (timer = setTimeout(resolve, FIRST_READ_HOLD_MS)));
    await Promise.race([Promise.allSettled(reads), cap]);
    clearTimeout(timer);
  }
  setActive(session);
  try {
    await session.started;
  } catch (error) {
    if (active === session) setActive(null);
    db.close();
    throw error;
  }
  globalThis.performance?.mark?.('crewcamp:engine-started');
  return session;
}

export async function stopSyncSession(options: { deleteDeviceData?: boolean } = {}): Promise<void> {
  const session = active;
  if (!session) return;
  setActive(null);
  await session.started.catch(() => undefined);
  await session.engine.stop();
  await session.stopWorker?.();
  session.db.close();
  if (options.deleteDeviceData) await deleteUserDb(session.userId);
  syncStatusStore.setState({ ...initialSyncStatus });
}

/** Changes not yet accepted by the server (sign-out asks before losing them). */
export async function unsentCount(): Promise<number> {
  if (!active) return 0;
  return active.db.outbox.where('status').anyOf(['pending', 'sending', 'needs-auth', 'rejected']).count();
}
