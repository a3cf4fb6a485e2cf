/**
 * Sending the outbox with no tab open (Background Sync, Chromium). The page registers the sync tag
 * when a change is queued offline or a send fails on the network (`requestBackgroundSync`); when
 * the network is back the browser wakes the service worker with a 'sync' event, even after the
 * last tab closed, and the worker calls `drainInBackground`: it reads the session the page stored
 * in IndexedDB (refreshing it if it expired), opens the user's device database and pushes until
 * the outbox is empty, through the same push step as the engine (one idempotent call per entry,
 * in order). It holds the user's leader lock meanwhile, so it never sends beside a tab.
 * Where Background Sync is missing, the page drains on its next start, as before.
 */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../db/database.types.ts';
import { Dexie } from 'dexie';
import { databaseName, openUserDb, type CrewCampDb } from '../db/crewcamp-db.ts';
import { supabaseAuthPort, type AuthPort } from './auth-port.ts';
import type { KindRegistry } from './kind-registry.ts';
import type { AppClient } from './client.ts';
import { defaultLocks } from './leader.ts';
import { retryNetworkFailuresNow } from './network-retry.ts';
import { pushNext, resumeAfterAuth } from './push.ts';

/** The Background Sync tag of the outbox. */
export const OUTBOX_SYNC_TAG = 'crewcamp-outbox';

/** What the worker posts to an open tab instead of sending itself: "the network is back, push now". */
export const PUSH_NOW_MESSAGE = 'crewcamp-push-now';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/**
 * Asks the browser to wake the service worker when the network is back (no-op where unsupported,
 * or while the browser thinks it is online: the sync event would fire at once, and a server out
 * of reach would be asked again and again; the open tab's backoff handles that case).
 */
export async function requestBackgroundSync(): Promise<void> {
  if (navigator.onLine) return;
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: SyncManagerLike } | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported, or not allowed: the next start of the page sends the outbox.
  }
}

/** How long the worker waits for a closing tab to hand over the leader lock. */
const LOCK_WAIT_MS = 10_000;

export type DrainOutcome = 'drained' | 'offline' | 'needs-auth' | 'waiting';

export interface DrainEnv {
  db: CrewCampDb;
  registry: KindRegistry;
  client: AppClient;
  userId: string;
  auth?: AuthPort;
}

/**
 * Pushes until nothing is due: answers 'drained' (empty, or only rejected entries left),
 * 'offline' (a send failed on the network or the server: try again later), 'needs-auth' (the
 * session could not be refreshed) or 'waiting' (only entries with a later retry time are left).
 */
export async function drainOutbox(env: DrainEnv): Promise<DrainOutcome> {
  const { db, registry, client, userId } = env;
  let hasRefreshed = false;
  for (;;) {
    const step = await pushNext({ db, registry, ctx: { client, userId } });
    switch (step.type) {
      case 'sent':
      case 'rejected':
      case 'parked':
        continue;
      case 'idle':
        return 'drained';
      case 'wait':
        return 'waiting';
      case 'retry':
      case 'offline':
        return 'offline';
      case 'needs-auth': {
        if (hasRefreshed) return 'needs-auth';
        hasRefreshed = true;
        const outcome = await (env.auth ?? supabaseAuthPort(client)).refresh();
        if (outcome !== 'ok') return outcome === 'offline' ? 'offline' : 'needs-auth';
        await resumeAfterAuth(db);
      }
    }
  }
}

export interface BackgroundDrainOptions {
  /** Every feature's kinds (the worker imports the app's registry, src/app/sync-registry.ts). */
  registry: KindRegistry;
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** supabase-js's `auth.storage`: the one the page uses (src/lib/auth-storage.ts). */
  authStorage: {
    getItem(key: string): Promise<string | null>;
    setItem(key: string, value: string): Promise<void>;
    removeItem(key: string): Promise<void>;
  };
}

/**
 * The worker's drain: the stored session's user, their device database, the push loop. Throws
 * when sending must be tried again later (the browser then fires the 'sync' event again, with its
 * own backoff): the network failed, entries wait for a later retry, or a tab still leads.
 */
export async function drainInBackground(options: BackgroundDrainOptions): Promise<DrainOutcome | 'no-session'> {
  const client = createClient<Database>(options.supabaseUrl, options.supabaseAnonKey, {
    auth: { storage: options.authStorage, autoRefreshToken: false, detectSessionInUrl: false, persistSession: true },
  });
  // Refreshes an expired access token with the stored refresh token (and stores the new pair).
  const { data } = await client.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId || !(await Dexie.exists(databaseName(userId)))) return 'no-session';

  const { registry } = options;
  const run = async (): Promise<DrainOutcome> => {
    const db = await openUserDb(userId);
    try {
      let outcome: DrainOutcome = 'offline';
      // The first requests after a reconnect can still fail while the connection settles.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
        await retryNetworkFailuresNow(db, { recoverSending: true });
        outcome = await drainOutbox({ db, registry, client, userId });
        if (outcome !== 'offline') break;
      }
      return outcome;
    } finally {
      db.close();
    }
  };
  const locks = defaultLocks() as (LockManager & ReturnType<typeof defaultLocks>) | null;
  // No tab is open, but one that just closed may still be letting go of the leader lock: wait a little.
  const outcome = locks
    ? ((await locks
        .request(`crewcamp-sync-${userId}`, { signal: AbortSignal.timeout(LOCK_WAIT_MS) }, run)
        .catch(() => 'waiting' as const)) as DrainOutcome)
    : await run();
  if (outcome === 'offline' || outcome === 'waiting')
    throw new Error(`The outbox could not be sent yet (${outcome}): the browser tries again later.`);
  return outcome;
}
