/** What a sync engine is built with (sync-engine.ts): the app passes the first four; tests and benches tune the rest. */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { AuthPort } from './auth-port.ts';
import type { BackoffOptions } from './backoff.ts';
import type { AppClient } from './client.ts';
import type { KindRegistry } from './kind-registry.ts';
import type { LockManagerLike } from './leader.ts';
import type { StatusStore } from './status-publisher.ts';

export interface SyncEngineOptions {
  db: CrewCampDb;
  registry: KindRegistry;
  client: AppClient;
  userId: string;
  locks?: LockManagerLike | null;
  /** The session (refresh, expiry); default: the client's own auth. A worker's engine asks its tab. */
  auth?: AuthPort;
  store?: StatusStore;
  realtime?: boolean;
  pullIntervalMs?: number;
  /** Least time between the end of a pull and a pull asked for by push. */
  minPullGapMs?: number;
  reconcileIntervalMs?: number;
  backoff?: BackoffOptions;
  pageSize?: number;
  now?: () => number;
  random?: () => number;
  /**
   * Called when a change waits for the network: queued while offline, or a send failed on the
   * network (the page then registers Background Sync, see background-drain.ts).
   */
  onNetworkPending?: () => void;
}
