/**
 * The service worker's side of Background Sync: when the browser fires the outbox's 'sync' event
 * (the network is back), an open tab of the app is told to push now (its engine leads and holds
 * the session); when no tab answers (none open, or only closing or signed-out ones), the worker
 * sends the outbox itself (src/sync/background-drain.ts).
 * A failed attempt rejects the event's promise, so the browser tries again later.
 */
/// <reference lib="webworker" />
import { syncRegistry } from '../src/app/sync-registry.ts';
import { authStorage } from '../src/lib/auth-storage.ts';
import { env } from '../src/lib/env.ts';
import { drainInBackground, OUTBOX_SYNC_TAG, PUSH_NOW_MESSAGE } from '../src/sync/background-drain.ts';

/** Background Sync's event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** How long an open tab has to answer that it sends the outbox itself. */
const TAB_ANSWER_MS = 3_000;

/** Asks every open tab to push now; true when one answers that its engine does. */
async function handOverToTab(worker: ServiceWorkerGlobalScope): Promise<boolean> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.length === 0) return false;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), TAB_ANSWER_MS);
    for (const client of windows) {
      // One channel per tab: a port can be handed over only once.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve(true);
      };
      client.postMessage({ type: PUSH_NOW_MESSAGE }, [channel.port2]);
    }
  });
}

async function onOutboxSync(worker: ServiceWorkerGlobalScope): Promise<void> {
  // A tab with a signed-in session sends on its own; a closing tab or a signed-out page does not answer.
  if (await handOverToTab(worker)) return;
  await drainInBackground({
    registry: syncRegistry({ supabaseUrl: env.supabaseUrl }),
    supabaseUrl: env.supabaseUrl,
    supabaseAnonKey: env.supabaseAnonKey,
    authStorage,
  });
}

export function listenForOutboxSync(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as unknown as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(onOutboxSync(worker));
  });
}
