/**
 * Binds the device database and its sync engine to the signed-in user: the session starts when
 * someone signs in (also offline, from the stored session) and stops when they sign out or
 * another user signs in; its leader runs in this tab's sync worker (sync-worker.ts). Loaded
 * lazily by main.tsx so the sign-in page does not carry the engine.
 */
import { proxy, releaseProxy, wrap } from 'comlink';
import { firstScreenDrawn } from '../data/first-screen.ts';
import { env } from '../lib/env.ts';
import { syncRegistry } from './sync-registry.ts';
import { supabase } from '../sync/supabase-client.ts';
import { PUSH_NOW_MESSAGE, requestBackgroundSync } from '../sync/background-drain.ts';
import { retryNetworkFailuresNow } from '../sync/network-retry.ts';
import { trackSessionChange } from '../sync/session-change.ts';
import { getActiveSession, startSyncSession, stopSyncSession } from '../sync/sync-session.ts';
import { syncStatusStore } from '../sync/sync-status-store.ts';
import { tabHost, type SyncWorkerApi, type WorkerStatus } from '../sync/sync-worker-contract.ts';

/** How long a stopping worker may take to let go of the leader lock and its database before it is ended. */
const WORKER_STOP_MS = 3_000;

let currentUserId: string | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Starts, switches or stops the sync session so that it belongs to `userId` (null: signed out). */
export function followSignedInUser(userId: string | null): void {
  if (userId === currentUserId) return;
  currentUserId = userId;
  // One change at a time: a sign-out right after a sign-in waits for the start to finish.
  queue = queue
    .then(async () => {
      if (userId)
        await startSyncSession(supabase, syncRegistry({ supabaseUrl: env.supabaseUrl }), userId, {
          onNetworkPending: () => void requestBackgroundSync(),
          beforeEngineStart: () => firstScreenDrawn(),
          startWorker: typeof Worker === 'function' ? startSyncWorker : undefined,
        });
      else await stopSyncSession();
    })
    .catch((error: unknown) => console.error('The device database could not start', error));
  trackSessionChange(queue);
}

// Background Sync fired while this tab is open: the tab's engine sends (the worker waits for the answer).
navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const session = getActiveSession();
  if (!session || (event.data as { type?: unknown } | null)?.type !== PUSH_NOW_MESSAGE) return;
  event.ports[0]?.postMessage('sending');
  void retryNetworkFailuresNow(session.db)
    .then(() => session.engine.requestPull())
    .catch(() => undefined);
});

/** Starts `userId`'s sync leader in a worker of this tab; answers its stop (safe to call twice). */
async function startSyncWorker(userId: string): Promise<() => Promise<void>> {
  const worker = new Worker(new URL('./sync-worker.ts', import.meta.url), { type: 'module', name: 'crewcamp-sync' });
  const api = wrap<SyncWorkerApi>(worker);
  const onStatus = (status: WorkerStatus) => {
    if (syncStatusStore.getState().userId !== userId) return;
    syncStatusStore.setState(status.storageWarning ? status : { isLeader: status.isLeader });
  };
  const host = tabHost(supabase, onStatus, () => void requestBackgroundSync());
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => reject(new Error(event.message || 'The sync worker failed to load')));
  });
  const config = { userId, supabaseUrl: env.supabaseUrl, supabaseAnonKey: env.supabaseAnonKey };
  try {
    await Promise.race([api.start(config, proxy(host)), failed]);
  } catch (error) {
    worker.terminate();
    throw error;
  }
  let stopping: Promise<void> | null = null;
  return () =>
    (stopping ??= (async () => {
      const timeout = new Promise((resolve) => setTimeout(resolve, WORKER_STOP_MS));
      await Promise.race([api.stop(), timeout, failed]).catch(() => undefined);
      api[releaseProxy]();
      worker.terminate();
      syncStatusStore.setState({ isLeader: false });
    })());
}
