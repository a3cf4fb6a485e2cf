/**
 * The sync engine of one signed-in user in one tab. Every tab can `mutate`; the leader (Web Lock;
 * in the app a tab's sync worker, sync-worker-contract.ts) runs the one loop that pushes the
 * outbox and pulls, woken by mutations (any tab), Realtime, reconnects, focus and a timer. Push
 * and pull never run at once, so a pulled page and a push outcome never interleave (when to pull:
 * pull-schedule.ts; sleeping: wake-signal.ts; sending first while the outbox drains: push-first.ts;
 * an offline queue waits one backoff, ended by any sign of the network: push.ts). The status goes
 * to the store and, from the leader, to the other tabs (status-publisher.ts). A newer tab's schema
 * upgrade closes this connection; it reopens at the new version with the outbox intact.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import { supabaseAuthPort, type AuthPort } from './auth-port.ts';
import type { SyncEngineOptions } from './engine-options.ts';
import type { KindRegistry } from './kind-registry.ts';
import { defaultLocks, runAsLeader } from './leader.ts';
import { loadClientId, mutateAll, type Change, type Queued } from './mutate.ts';
import { retryNetworkFailuresNow } from './network-retry.ts';
import { pull } from './pull.ts';
import { PullSchedule } from './pull-schedule.ts';
import { pushNext, resumeAfterAuth, type PushEnv } from './push.ts';
import { PushFirst } from './push-first.ts';
import { openDoorbell } from './realtime-doorbell.ts';
import { discardRejected, retryRejected } from './rejections.ts';
import { asSendFailure } from './send-errors.ts';
import { isQuotaError, PULL_QUOTA_WARNING, QUOTA_WARNING } from './storage-errors.ts';
import { StatusChannel, type ChannelMessage } from './status-channel.ts';
import { StatusPublisher, type StatusStore } from './status-publisher.ts';
import { initialSyncStatus, syncStatusStore } from './sync-status-store.ts';
import { WakeSignal } from './wake-signal.ts';

export type { StatusStore, SyncEngineOptions };

export class SyncEngine {
  readonly db: CrewCampDb;
  private readonly options: SyncEngineOptions;
  private readonly store: StatusStore;
  private readonly channel: StatusChannel;
  private readonly abort = new AbortController();
  private readonly now: () => number;
  private readonly signal = new WakeSignal();
  private readonly schedule: PullSchedule;
  private readonly status: StatusPublisher;
  private clientId = '';
  private leading: Promise<void> | null = null;
  private isStarted = false;
  /** Whether this engine holds the leader lock now (it pushes and pulls). */
  private isLeading = false;
  private isAuthPaused = false;
  private readonly auth: AuthPort;
  private readonly pushFirst = new PushFirst(() => this.now());
  /** On start and reconnect the leader refreshes a session about to expire before anything else. */
  private isSessionCheckWanted = true;
  private idleWaiters: Array<() => void> = [];
  private readonly detach: Array<() => void> = [];

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.db = options.db;
    this.store = options.store ?? syncStatusStore;
    this.now = options.now ?? Date.now;
    this.auth = options.auth ?? supabaseAuthPort(options.client);
    this.channel = new StatusChannel(options.userId, (message) => this.onChannel(message));
    this.schedule = new PullSchedule({ ...options, now: this.now });
    this.status = new StatusPublisher(this.db, this.store, this.channel, this.now, () => this.isStopped);
  }

  /** The kinds and sources of the app (the sync panel describes changes through it). */
  get registry(): KindRegistry {
    return this.options.registry;
  }

  get isStopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** Loads what `mutate` needs (this device's client id, one read): changes can be made before `start`. */
  async prepare(): Promise<void> {
    if (!this.clientId) this.clientId = await loadClientId(this.db);
  }

  /**
   * Starts following the outbox and the other tabs; `lead: false` leaves pushing and pulling to a
   * leader elsewhere (this tab's sync worker, sync-worker-contract.ts) until `startLeading`.
   */
  async start({ lead = true }: { lead?: boolean } = {}): Promise<void> {
    this.store.setState({ ...initialSyncStatus, userId: this.options.userId });
    await this.prepare();
    this.db.on('versionchange', () => {
      // Dexie closes this connection so the newer tab can upgrade; reopen once it has.
      setTimeout(() => void this.reopen(), 50);
    });
    this.listen('online', () => {
      this.channel.post({ type: 'online' }); // a leader in a worker may not hear the page's event
      void this.reconnected();
    });
    this.listen('offline', () => this.store.setState({ isOnline: false }));
    this.listen('focus', () => this.requestPull(false));
    void this.status.askPersistentStorage();
    await this.publish();
    this.isStarted = true;
    if (lead) this.startLeading();
  }

  /** Waits for the leader lock (Web Lock) and then pushes and pulls for every tab of the user. */
  startLeading(): void {
    if (this.isStopped) return;
    this.leading ??= runAsLeader(
      `crewcamp-sync-${this.options.userId}`,
      this.options.locks === undefined ? defaultLocks() : this.options.locks,
      this.abort.signal,
      () => this.lead(),
    );
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.status.stop();
    this.wake();
    for (const off of this.detach.splice(0)) off();
    await this.leading?.catch(() => undefined);
    this.channel.close();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Applies a change on the device and queues it (see mutate.ts). */
  async mutate<A = unknown>(kind: string, args: unknown): Promise<Queued<A>> {
    return (await this.mutateAll([[kind, args]]))[0] as Queued<A>;
  }
  /** Applies several changes on the device and queues them, in one transaction (see mutate.ts). */
  async mutateAll(changes: readonly Change[]): Promise<Queued[]> {
    try {
      const queued = await mutateAll(this.env(), changes);
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
    if (!this.isStarted) return;
    this.schedule.want(reconcile, full);
    this.channel.post({ type: 'pull', reconcile, full });
    this.wake();
  }

  /** Back online: the queue is sent now (in order, after the session check), then a reconciling pull. */
  async reconnected(): Promise<void> {
    this.store.setState({ isOnline: true });
    this.networkIsBack();
    this.isSessionCheckWanted = true;
    this.requestPull(true);
    try {
      // Entries an earlier version gave a backoff after a network failure are due now.
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
      if (!this.isLeading) this.channel.post({ type: 'idle-wanted' }); // the leader answers 'idle'
      this.wake();
    });
  }

  private env() {
    const { registry, userId } = this.options;
    return { db: this.db, registry, userId, clientId: this.clientId, now: this.now };
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
    this.pushFirst.drainWanted();
    this.channel.post({ type: 'kick' });
    this.wake();
    void this.publish();
  }

  private onChannel(message: ChannelMessage): void {
    if (message.type === 'status') {
      // A storage warning belongs to the tab whose write failed: the leader's does not replace it.
      // Whether this tab leads is its own (its worker may: the worker says so, not the leader).
      const { storageWarning: _leaderWarning, isLeader: _leaderIsLeader, ...status } = message.status;
      if (!this.isLeading) this.store.setState(status);
    } else if (message.type === 'kick') {
      this.pushFirst.drainWanted();
      this.wake();
      void this.publish();
    } else if (message.type === 'idle') {
      if (!this.isLeading) for (const resolve of this.idleWaiters.splice(0)) resolve();
    } else if (this.isLeading) {
      if (message.type === 'pull') this.schedule.want(message.reconcile, message.full);
      if (message.type === 'online') void this.reconnected();
      if (message.type === 'idle-wanted') void this.whenIdle().then(() => this.channel.post({ type: 'idle' }));
      this.wake();
    }
  }

  private listen(event: string, handler: () => void): void {
    const target: Partial<EventTarget> = globalThis; // a window, or a worker's scope
    if (typeof target.addEventListener !== 'function') return;
    target.addEventListener(event, handler);
    this.detach.push(() => target.removeEventListener?.(event, handler));
  }

  private wake(): void {
    this.signal.wake();
  }

  private sleep(ms: number): Promise<void> {
    return this.isStopped ? Promise.resolve() : this.signal.sleep(ms);
  }

  private publish(): Promise<void> {
    return this.status.publish();
  }

  private async lead(): Promise<void> {
    if (this.isStopped) return;
    this.isLeading = true;
    this.store.setState({ isLeader: true });
    const stopDoorbell = this.options.realtime === false ? null : this.openDoorbell();
    this.schedule.want(true, true);
    // A crash between "sending" and its outcome: send again (every send is idempotent).
    await this.db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    try {
      while (!this.isStopped) await this.step();
    } finally {
      await stopDoorbell?.().catch(() => undefined);
      this.isLeading = false;
      this.store.setState({ isLeader: false });
    }
  }

  /** Realtime rings for every registered table; a table read only in snapshots asks for a full pull. */
  private openDoorbell(): () => Promise<void> {
    const tables = this.options.registry.doorbellTables();
    const snapshotTables = new Set(tables.filter((t) => t.isSnapshot).map((t) => t.table));
    return openDoorbell(
      this.options.client,
      this.options.userId,
      tables.map((t) => t.table),
      (table) => {
        if (table === null) this.networkIsBack(); // (Re)subscribed: the server is reachable again.
        this.requestPull(false, table !== null && snapshotTables.has(table));
      },
    );
  }

  /** The network works (whatever the browser's 'online' says): nothing waits out an offline backoff. */
  private networkIsBack(): void {
    this.schedule.retryNow();
    this.pushFirst.drainWanted();
  }

  private async step(): Promise<void> {
    if (this.isSessionCheckWanted) {
      this.isSessionCheckWanted = false;
      this.isAuthPaused ||= (await this.auth.isExpiring?.(this.now())) ?? false;
    }
    if (this.isAuthPaused) {
      const outcome = await this.auth.refresh();
      if (outcome === 'ok') {
        await this.resumeAuth();
      } else {
        this.store.setState({ needsAuth: outcome === 'signed-out', isOnline: outcome !== 'offline' });
        await this.publish();
        await this.sleep(outcome === 'offline' ? this.schedule.nextBackoff() : 30_000);
        return;
      }
    }
    if (this.pushFirst.isPullNext(this.schedule.isDue())) {
      await this.runPull();
      return;
    }
    this.store.setState({ isSending: true });
    const sending = this.pushFirst.push(() => pushNext(this.pushEnv()));
    const step = await sending.finally(() => this.store.setState({ isSending: false }));
    switch (step.type) {
      case 'sent':
      case 'rejected':
      case 'parked':
        // Some changes show only in the snapshots (friend lists): see them in a full pull.
        if (step.type === 'sent' && this.options.registry.get(step.kind).isSeenInSnapshots) this.schedule.wantFull();
        this.schedule.pushed();
        this.store.setState({ isOnline: true });
        await this.publish();
        return;
      case 'retry':
        this.store.setState({ isOnline: true });
        await this.publish();
        await this.sleep(step.delayMs);
        return;
      case 'offline': // The entry stays due; the queue waits for the network (woken when it is back).
        this.store.setState({ isOnline: false });
        this.options.onNetworkPending?.();
        await this.publish();
        await this.sleep(this.schedule.nextBackoff());
        return;
      case 'needs-auth':
        this.isAuthPaused = true;
        await this.publish();
        return;
      case 'wait':
      case 'idle': {
        if (this.schedule.wantAfterPushes()) return;
        await this.publish();
        const pullAt = this.schedule.dueAt();
        const until = step.type === 'wait' ? Math.min(step.untilMs, pullAt) : pullAt;
        if (step.type === 'idle' && !this.schedule.isWanted)
          for (const resolve of this.idleWaiters.splice(0)) resolve();
        await this.sleep(until - this.now());
      }
    }
  }

  private async runPull(): Promise<void> {
    const wanted = this.schedule.start();
    try {
      const pulled = await pull(
        {
          db: this.db,
          registry: this.options.registry,
          ctx: { client: this.options.client, userId: this.options.userId },
          pageSize: this.options.pageSize,
          now: this.now,
        },
        wanted,
      );
      this.schedule.succeeded(wanted);
      if (pulled.needsReconcile) this.schedule.want(true, true); // a sent change only a reconcile sees
      this.store.setState({ isOnline: true, lastSyncedAt: this.now(), lastError: null });
    } catch (error) {
      const failure = asSendFailure(error);
      this.schedule.failed(wanted, failure.category === 'auth');
      if (failure.category === 'auth') this.isAuthPaused = true;
      if (isQuotaError(error)) this.store.setState({ storageWarning: PULL_QUOTA_WARNING });
      this.store.setState({ isOnline: failure.reason.http !== 0, lastError: failure.message });
    }
    await this.publish();
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
}
