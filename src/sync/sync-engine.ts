/**
 * The sync engine of one signed-in user on one tab. Every tab can `mutate`; the leader tab (Web
 * Lock) runs the one worker loop that pushes the outbox and pulls, woken by mutations (any tab),
 * the Realtime doorbell, reconnects, focus and a timer. Push and pull never run at the same time,
 * so a pulled page and a push outcome never interleave. The status goes to the zustand store and,
 * from the leader, to the other tabs. A newer tab's schema upgrade closes this tab's connection;
 * it reopens at the new version with the outbox intact (it lives in IndexedDB, written durably).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import { supabaseAuthPort, type AuthPort } from './auth-port.ts';
import { backoffDelay, defaultBackoff, type BackoffOptions } from './backoff.ts';
import type { KindRegistry } from './kind-registry.ts';
import { defaultLocks, runAsLeader, type LockManagerLike } from './leader.ts';
import { mutate, type Queued } from './mutate.ts';
import { retryNetworkFailuresNow } from './network-retry.ts';
import { pull } from './pull.ts';
import { pushNext, resumeAfterAuth, type PushEnv } from './push.ts';
import { openDoorbell } from './realtime-doorbell.ts';
import { discardRejected, retryRejected } from './rejections.ts';
import { asSendFailure } from './send-errors.ts';
import { isQuotaError, PULL_QUOTA_WARNING, QUOTA_WARNING } from './storage-errors.ts';
import { StatusChannel, type ChannelMessage } from './status-channel.ts';
import { initialSyncStatus, useSyncStatusStore, type SyncStatus } from './sync-status-store.ts';

export interface StatusStore {
  getState(): SyncStatus;
  setState(partial: Partial<SyncStatus>): void;
}

export interface SyncEngineOptions {
  db: CrewCampDb;
  registry: KindRegistry;
  client: SupabaseClient;
  userId: string;
  locks?: LockManagerLike | null;
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

export class SyncEngine {
  readonly db: CrewCampDb;
  private readonly options: SyncEngineOptions;
  private readonly store: StatusStore;
  private readonly channel: StatusChannel;
  private readonly abort = new AbortController();
  private readonly now: () => number;
  private clientId = '';
  private leading: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A wake that came while the loop was busy (not asleep): the next sleep returns at once. */
  private isWakeMissed = false;
  private isPullWanted = false;
  private isReconcileWanted = false;
  private isFullPullWanted = false;
  private pullAttempts = 0;
  private pullRetryAt = 0;
  /** A pull asked for by push (to see acknowledged changes) waits until then, so a busy queue does not pull after every send. */
  private pullNotBefore = 0;
  private lastPullEndedAt = 0;
  private nextPullAt = 0;
  private lastReconcileAt = 0;
  private hasPushedSincePull = false;
  private isAuthPaused = false;
  private lastPublishAt = 0;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  /** On start and reconnect the leader refreshes a session about to expire before anything else. */
  private isSessionCheckWanted = true;
  private idleWaiters: Array<() => void> = [];
  private readonly detach: Array<() => void> = [];

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.store = options.store ?? useSyncStatusStore;
    this.now = options.now ?? Date.now;
    this.channel = new StatusChannel(options.userId, (message) => this.onChannel(message));
  }

  get isStopped(): boolean {
    return this.abort.signal.aborted;
  }

  async start(): Promise<void> {
    this.store.setState({ ...initialSyncStatus, userId: this.options.userId });
    this.clientId = await this.loadClientId();
    this.db.on('versionchange', () => {
      // Dexie closes this connection so the newer tab can upgrade; reopen once it has.
      setTimeout(() => void this.reopen(), 50);
    });
    this.listen('online', () => void this.reconnected());
    this.listen('offline', () => this.store.setState({ isOnline: false }));
    this.listen('focus', () => this.requestPull(false));
    void this.askPersistentStorage();
    await this.publish();
    this.leading = runAsLeader(
      `crewcamp-sync-${this.options.userId}`,
      this.options.locks === undefined ? defaultLocks() : this.options.locks,
      this.abort.signal,
      () => this.lead(),
    );
  }

  async stop(): Promise<void> {
    this.abort.abort();
    if (this.publishTimer) clearTimeout(this.publishTimer);
    this.wake();
    for (const off of this.detach.splice(0)) off();
    await this.leading?.catch(() => undefined);
    this.channel.close();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Applies a change on the device and queues it (see mutate.ts). */
  async mutate<A = unknown>(kind: string, args: unknown): Promise<Queued<A>> {
    try {
      const queued = await mutate<A>(this.env(), kind, args);
      this.afterLocalWrite();
      if ((globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false)
        this.options.onNetworkPending?.();
      return queued;
    } catch (error) {
      // The change and its outbox entry rolled back together: tell the user it was not saved.
      if (isQuotaError(error)) this.store.setState({ storageWarning: QUOTA_WARNING });
      throw error;
    }
  }

  async discard(mutationId: string): Promise<void> {
    await discardRejected(this.db, mutationId);
    this.afterLocalWrite();
  }

  async retry(mutationId: string, editedArgs?: unknown): Promise<string> {
    try {
      const id = await retryRejected(this.env(), mutationId, editedArgs);
      this.afterLocalWrite();
      return id;
    } catch (error) {
      if (isQuotaError(error)) this.store.setState({ storageWarning: QUOTA_WARNING });
      throw error;
    }
  }

  /** Asks for a pull soon (Realtime, focus, timer); `reconcile` also purges what is no longer visible. */
  requestPull(reconcile = false, full = reconcile): void {
    if (!this.leading) return;
    this.isPullWanted = true;
    this.pullNotBefore = 0;
    this.isReconcileWanted ||= reconcile;
    this.isFullPullWanted ||= full;
    this.channel.post({ type: 'pull' });
    this.wake();
  }

  /**
   * The device is back online: changes that failed while offline wait out a backoff of up to a
   * minute; send them now (in order, as always), after the session check and a pull.
   */
  async reconnected(): Promise<void> {
    this.store.setState({ isOnline: true });
    this.pullRetryAt = 0;
    this.pullAttempts = 0;
    this.isSessionCheckWanted = true;
    this.requestPull(true);
    try {
      // The outbox drains on reconnect, not after a backoff measured while offline.
      await retryNetworkFailuresNow(this.db);
    } catch {
      // The database is closing (versionchange, sign-out): the reopened engine sends them.
    }
    this.wake();
  }

  /** After the user signed in again: resume a queue paused for auth. */
  async resumeAuth(): Promise<void> {
    await resumeAfterAuth(this.db);
    this.isAuthPaused = false;
    this.store.setState({ needsAuth: false });
    this.wake();
    this.channel.post({ type: 'kick' });
  }

  /** Resolves when this leader has nothing due to send and no pull waiting (tests, bench). */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.wake();
    });
  }

  private env() {
    return {
      db: this.db,
      registry: this.options.registry,
      userId: this.options.userId,
      clientId: this.clientId,
      now: this.now,
    };
  }

  private pushEnv(): PushEnv {
    const o = this.options;
    return {
      db: this.db,
      registry: o.registry,
      ctx: { client: o.client, userId: o.userId },
      backoff: o.backoff,
      now: this.now,
      random: o.random,
    };
  }

  private afterLocalWrite(): void {
    this.channel.post({ type: 'kick' });
    this.wake();
    void this.publish();
  }

  private onChannel(message: ChannelMessage): void {
    if (message.type === 'status') {
      // A storage warning belongs to the tab whose write failed: the leader's does not replace it.
      const { storageWarning: _leaderWarning, ...status } = message.status;
      if (!this.store.getState().isLeader) this.store.setState({ ...status, isLeader: false });
    } else if (message.type === 'kick') {
      this.wake();
      void this.publish();
    } else if (message.type === 'pull' && this.leading) {
      this.isPullWanted = true;
      this.wake();
    }
  }

  private listen(event: string, handler: () => void): void {
    const target = globalThis as unknown as Partial<EventTarget>;
    if (typeof target.addEventListener !== 'function') return;
    target.addEventListener(event, handler);
    this.detach.push(() => target.removeEventListener?.(event, handler));
  }

  private wake(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    // Woken between two awaits of a step (a change queued while the status was being published):
    // remember it, or the loop would sleep until the next pull with the change unsent.
    if (wake) wake();
    else this.isWakeMissed = true;
  }

  private sleep(ms: number): Promise<void> {
    if (this.isStopped) return Promise.resolve();
    if (this.isWakeMissed) {
      this.isWakeMissed = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.wakeUp = null;
          resolve();
        },
        Math.max(0, ms),
      );
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async lead(): Promise<void> {
    if (this.isStopped) return;
    this.store.setState({ isLeader: true });
    const stopDoorbell =
      this.options.realtime === false
        ? null
        : openDoorbell(this.options.client, this.options.userId, (table) =>
            this.requestPull(false, table === 'friend_requests' || table === 'friendships'),
          );
    this.isPullWanted = true;
    this.isReconcileWanted = true;
    this.isFullPullWanted = true;
    // A crash between "sending" and its outcome: send again (every send is idempotent).
    await this.db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    try {
      while (!this.isStopped) await this.step();
    } finally {
      await stopDoorbell?.().catch(() => undefined);
      this.store.setState({ isLeader: false });
    }
  }

  private async step(): Promise<void> {
    const interval = this.options.pullIntervalMs ?? 60_000;
    if (this.isSessionCheckWanted) {
      this.isSessionCheckWanted = false;
      this.isAuthPaused ||= await this.isSessionExpiring();
    }
    if (this.isAuthPaused) {
      const outcome = await (this.options.auth ?? supabaseAuthPort(this.options.client)).refresh();
      if (outcome === 'ok') {
        await this.resumeAuth();
      } else {
        this.store.setState({ needsAuth: outcome === 'signed-out', isOnline: outcome !== 'offline' });
        await this.publish();
        await this.sleep(
          outcome === 'offline' ? backoffDelay(++this.pullAttempts, this.options.backoff, this.options.random) : 30_000,
        );
        return;
      }
    }
    if (this.now() >= this.nextPullAt) {
      this.isPullWanted = true;
      this.isFullPullWanted = true;
      this.pullNotBefore = 0;
    }
    if (this.isPullWanted && this.now() >= Math.max(this.pullRetryAt, this.pullNotBefore)) {
      await this.runPull(interval);
      return;
    }
    this.store.setState({ isSending: true });
    let step;
    try {
      step = await pushNext(this.pushEnv());
    } finally {
      this.store.setState({ isSending: false });
    }
    switch (step.type) {
      case 'sent':
        // Friend lists come with a full pull: see these changes there.
        if (step.kind.startsWith('friend.')) this.isFullPullWanted = true;
        this.hasPushedSincePull = true;
        this.store.setState({ isOnline: true });
        await this.publish();
        return;
      case 'rejected':
      case 'parked':
        this.hasPushedSincePull = true;
        this.store.setState({ isOnline: true });
        await this.publish();
        return;
      case 'retry':
        this.store.setState({ isOnline: step.online });
        if (!step.online) this.options.onNetworkPending?.();
        await this.publish();
        await this.sleep(step.delayMs);
        return;
      case 'needs-auth':
        this.isAuthPaused = true;
        await this.publish();
        return;
      case 'wait':
      case 'idle': {
        if (this.hasPushedSincePull) {
          this.hasPushedSincePull = false;
          if (!this.isPullWanted) this.pullNotBefore = this.lastPullEndedAt + (this.options.minPullGapMs ?? 1_000);
          this.isPullWanted = true;
          return;
        }
        await this.publish();
        const pullAt = this.isPullWanted ? Math.max(this.pullRetryAt, this.pullNotBefore) : this.nextPullAt;
        const until = step.type === 'wait' ? Math.min(step.untilMs, pullAt) : pullAt;
        if (step.type === 'idle' && !this.isPullWanted) for (const resolve of this.idleWaiters.splice(0)) resolve();
        await this.sleep(until - this.now());
      }
    }
  }

  private async runPull(interval: number): Promise<void> {
    const reconcile =
      this.isReconcileWanted || this.now() - this.lastReconcileAt >= (this.options.reconcileIntervalMs ?? 5 * 60_000);
    const full = this.isFullPullWanted || reconcile;
    this.isPullWanted = false;
    this.isReconcileWanted = false;
    this.isFullPullWanted = false;
    try {
      await pull(
        {
          db: this.db,
          registry: this.options.registry,
          ctx: { client: this.options.client, userId: this.options.userId },
          pageSize: this.options.pageSize,
          now: this.now,
        },
        { reconcile, full },
      );
      if (reconcile) this.lastReconcileAt = this.now();
      this.lastPullEndedAt = this.now();
      this.pullAttempts = 0;
      this.pullRetryAt = 0;
      this.nextPullAt = this.now() + interval;
      this.store.setState({ isOnline: true, lastSyncedAt: this.now(), lastError: null });
    } catch (error) {
      const failure = asSendFailure(error);
      this.isPullWanted = true;
      this.isReconcileWanted ||= reconcile;
      this.isFullPullWanted ||= full;
      if (isQuotaError(error)) this.store.setState({ storageWarning: PULL_QUOTA_WARNING });
      if (failure.category === 'auth') this.isAuthPaused = true;
      else
        this.pullRetryAt =
          this.now() + backoffDelay(++this.pullAttempts, this.options.backoff ?? defaultBackoff, this.options.random);
      this.store.setState({ isOnline: failure.reason.http !== 0, lastError: failure.message });
    }
    await this.publish();
  }

  /** Publishes the status now, or (while a burst of changes goes on) at most every 200 ms. */
  private publish(): Promise<void> {
    const since = this.now() - this.lastPublishAt;
    if (since >= 200) return this.publishNow();
    this.publishTimer ??= setTimeout(() => {
      this.publishTimer = null;
      void this.publishNow();
    }, 200 - since);
    return Promise.resolve();
  }

  private async publishNow(): Promise<void> {
    this.lastPublishAt = this.now();
    if (this.isStopped || !this.db.isOpen()) return;
    try {
      const count = (status: string) => this.db.outbox.where('status').equals(status).count();
      const pendingCount = (await count('pending')) + (await count('sending')) + (await count('needs-auth'));
      const rejectedCount = await count('rejected');
      const needsAuth = this.store.getState().needsAuth;
      this.store.setState({ pendingCount, rejectedCount, needsAuth });
      if (this.store.getState().isLeader) this.channel.post({ type: 'status', status: this.store.getState() });
    } catch {
      // The database is closing (versionchange, sign-out); the next publish catches up.
    }
  }

  /** True when the stored session expires within a minute (refresh it before sending anything). */
  private async isSessionExpiring(): Promise<boolean> {
    if (this.options.auth) return false; // tests drive the session themselves
    try {
      const { data } = await this.options.client.auth.getSession();
      const expiresAt = data.session?.expires_at;
      return expiresAt !== undefined && expiresAt * 1000 - this.now() < 60_000;
    } catch {
      return false;
    }
  }

  private async loadClientId(): Promise<string> {
    const stored = (await this.db.meta.get('clientId'))?.value;
    if (typeof stored === 'string') return stored;
    const id = crypto.randomUUID();
    await this.db.meta.put({ key: 'clientId', value: id });
    return id;
  }

  private async reopen(): Promise<void> {
    for (let attempt = 1; !this.isStopped && !this.db.isOpen(); attempt++) {
      try {
        await this.db.open();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * attempt)));
      }
    }
    this.wake();
    await this.publish();
  }

  /**
   * Asks once per start for storage the browser does not clear under pressure (the outbox may be
   * the only copy of a change); remembers the answer in the status, for the shell's warning.
   */
  private async askPersistentStorage(): Promise<void> {
    const storage = (
      globalThis as {
        navigator?: { storage?: { persist?: () => Promise<boolean>; persisted?: () => Promise<boolean> } };
      }
    ).navigator?.storage;
    if (!storage?.persist) return;
    try {
      const isPersistent = (await storage.persisted?.()) || (await storage.persist());
      if (!this.isStopped) this.store.setState({ isStoragePersistent: isPersistent });
    } catch {
      // Neither granted nor refused: nothing to say.
    }
  }
}
