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
import { initialSyncStatus, useSyncStatusStore } from './sync-status-store.ts';

export interface SyncSession {
  userId: string;
  db: CrewCampDb;
  engine: SyncEngine;
}

let active: SyncSession | null = null;
let change: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();

export function getActiveSession(): SyncSession | null {
  return active;
}

/** Records a start, switch or stop under way, so that `settledSession` can wait for it. */
export function trackSessionChange(pending: Promise<unknown>): void {
  change = pending;
}

/**
 * The active session once the change under way has finished: a write made in the moment between
 * a page load (or a sign-in) and the device database being open waits for it instead of failing.
 */
export async function settledSession(): Promise<SyncSession | null> {
  await change.catch(() => undefined);
  return active;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setActive(session: SyncSession | null): void {
  active = session;
  for (const listener of listeners) listener();
}

export async function startSyncSession(
  client: AppClient,
  registry: KindRegistry,
  userId: string,
  options: Partial<SyncEngineOptions> = {},
): Promise<SyncSession> {
  if (active?.userId === userId) return active;
  await stopSyncSession();
  const db = await openUserDb(userId);
  globalThis.performance?.mark?.('crewcamp:device-db-open');
  const engine = new SyncEngine({ db, registry, client, userId, ...options });
  await engine.start();
  const session = { userId, db, engine };
  setActive(session);
  // The start mark of the home's benchmark (bench/home.ts): screens read the database from here on.
  globalThis.performance?.mark?.('crewcamp:device-db-ready');
  return session;
}

export async function stopSyncSession(options: { deleteDeviceData?: boolean } = {}): Promise<void> {
  const session = active;
  if (!session) return;
  setActive(null);
  await session.engine.stop();
  session.db.close();
  if (options.deleteDeviceData) await deleteUserDb(session.userId);
  useSyncStatusStore.setState({ ...initialSyncStatus });
}

/** Changes not yet accepted by the server (sign-out asks before losing them). */
export async function unsentCount(): Promise<number> {
  if (!active) return 0;
  return active.db.outbox.where('status').anyOf(['pending', 'sending', 'needs-auth', 'rejected']).count();
}
