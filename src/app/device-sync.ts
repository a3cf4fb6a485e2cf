/**
 * Binds the device database and its sync engine to the signed-in user: the session starts when
 * someone signs in (also offline, from the stored session) and stops when they sign out or
 * another user signs in. Loaded lazily by main.tsx so the sign-in page does not carry the engine.
 */
import { firstScreenDrawn } from '../data/first-screen.ts';
import { env } from '../lib/env.ts';
import { syncRegistry } from './sync-registry.ts';
import { supabase } from '../sync/supabase-client.ts';
import { PUSH_NOW_MESSAGE, requestBackgroundSync } from '../sync/background-drain.ts';
import { retryNetworkFailuresNow } from '../sync/network-retry.ts';
import { trackSessionChange } from '../sync/session-change.ts';
import { getActiveSession, startSyncSession, stopSyncSession } from '../sync/sync-session.ts';

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
