/**
 * The sync engine's leader runs in a Web Worker, one per tab (src/app/sync-worker.ts): pull, push,
 * the Realtime doorbell, reconcile, supabase-js and the zod checks of pulled rows stay off the main
 * thread. The tab keeps the device database's live queries and `mutate`'s local transaction (its
 * own engine, started with `lead: false`, so a tap shows its change at once); both engines talk
 * through the user's BroadcastChannel as tabs always did (status-channel.ts), and the Web Lock still
 * picks one leader among all the user's tabs' workers.
 *
 * This module is the one typed contract between a tab and its worker (comlink): the tab starts
 * and stops the worker's engine, and answers what only the tab's auth client knows. The tab owns
 * the session (sign-in, refresh on its timer, sign-out); the worker's client asks it for the access
 * token (and keeps it until shortly before it expires or the engine asks for a refresh), so two
 * clients never race to spend the same refresh token.
 */
import { createClient } from '@supabase/supabase-js';
import type { Remote } from 'comlink';
import { openUserDb } from '../db/crewcamp-db.ts';
import type { Database } from '../db/database.types.ts';
import { accessTokenCache, type AccessToken } from './access-token-cache.ts';
import { supabaseAuthPort, type RefreshOutcome } from './auth-port.ts';
import type { AppClient } from './client.ts';
import type { KindRegistry } from './kind-registry.ts';
import { SyncEngine } from './sync-engine.ts';
import { newSyncStatusStore, type SyncStatus } from './sync-status-store.ts';

export interface SyncWorkerConfig {
  userId: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** What the worker's status says to its own tab only: whether it leads, and a pull's storage warning. */
export type WorkerStatus = Pick<SyncStatus, 'isLeader' | 'storageWarning'>;

/** The tab's side, called by the worker. */
export interface SyncWorkerHost {
  /** The current access token (refreshed by the tab's client when due), or null when signed out. */
  accessToken(): Promise<AccessToken | null>;
  refresh(): Promise<RefreshOutcome>;
  isExpiring(now: number): Promise<boolean>;
  /** A change waits for the network: the tab registers Background Sync. */
  networkPending(): void;
  status(status: WorkerStatus): void;
}

/** The worker's side, called by the tab. */
export interface SyncWorkerApi {
  start(config: SyncWorkerConfig, host: SyncWorkerHost): Promise<void>;
  stop(): Promise<void>;
}

/** The tab's answers, from its auth client; `onStatus` and `onNetworkPending` reach the tab's store and Background Sync. */
export function tabHost(
  client: AppClient,
  onStatus: (status: WorkerStatus) => void,
  onNetworkPending: () => void,
): SyncWorkerHost {
  const { refresh, isExpiring = () => Promise.resolve(false) } = supabaseAuthPort(client);
  return {
    async accessToken() {
      try {
        const { session } = (await client.auth.getSession()).data;
        return session ? { token: session.access_token, expiresAt: session.expires_at ?? null } : null;
      } catch {
        return null;
      }
    },
    refresh,
    isExpiring,
    networkPending: onNetworkPending,
    status: onStatus,
  };
}

/** The worker's engine: its own device database connection and client, the leader lock, the loop. */
export function workerApi(registryFor: (config: SyncWorkerConfig) => KindRegistry): SyncWorkerApi {
  let running: Promise<{ engine: SyncEngine; close: () => void }> | null = null;
  return {
    start(config, host) {
      const remote = host as unknown as Remote<SyncWorkerHost>;
      running ??= (async () => {
        const token = accessTokenCache(() => remote.accessToken());
        const client: AppClient = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
          accessToken: async () => (await token.get()) ?? config.supabaseAnonKey,
        });
        const store = newSyncStatusStore();
        store.subscribe((now, before) => {
          if (now.isLeader !== before.isLeader || (now.storageWarning && now.storageWarning !== before.storageWarning))
            void remote.status({ isLeader: now.isLeader, storageWarning: now.storageWarning });
        });
        const db = await openUserDb(config.userId);
        const engine = new SyncEngine({
          db,
          registry: registryFor(config),
          client,
          userId: config.userId,
          store,
          auth: {
            refresh: () => {
              token.forget();
              return remote.refresh().finally(token.forget);
            },
            isExpiring: (now) => remote.isExpiring(now),
          },
          onNetworkPending: () => void remote.networkPending(),
        });
        await engine.start();
        return { engine, close: () => db.close() };
      })();
      return running.then(() => undefined);
    },
    async stop() {
      const stopping = running;
      running = null;
      const started = await stopping?.catch(() => null);
      if (!started) return;
      await started.engine.stop();
      started.close();
    },
  };
}
