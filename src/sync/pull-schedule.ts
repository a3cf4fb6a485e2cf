/**
 * When the leader pulls: on start, when asked (Realtime doorbell, focus, reconnect, another tab),
 * after its own pushes (to see what the server made of them, but not after every send of a busy
 * queue: at least `minPullGapMs` after the last pull), on a timer (a full pull every
 * `pullIntervalMs`), and again after a failed pull with backoff. A pull also reconciles visibility
 * when asked, and at least every `reconcileIntervalMs`.
 */
import { backoffDelay, defaultBackoff, type BackoffOptions } from './backoff.ts';
import type { PullOptions } from './pull.ts';

export interface PullScheduleOptions {
  now: () => number;
  pullIntervalMs?: number;
  minPullGapMs?: number;
  reconcileIntervalMs?: number;
  backoff?: BackoffOptions;
  random?: () => number;
}

export class PullSchedule {
  isWanted = false;
  private isReconcileWanted = false;
  private isFullWanted = false;
  /** Failed pulls (and offline session refreshes) in a row: the backoff's exponent. */
  attempts = 0;
  private retryAt = 0;
  /** A pull asked for by push waits until then, so a busy queue does not pull after every send. */
  private notBefore = 0;
  private lastEndedAt = 0;
  private nextAt = 0;
  private lastReconcileAt = 0;
  private hasPushedSince = false;

  constructor(private readonly options: PullScheduleOptions) {}

  private get now(): number {
    return this.options.now();
  }

  /** Asks for a pull soon; `reconcile` also purges what is no longer visible. */
  want(reconcile: boolean, full: boolean): void {
    this.isWanted = true;
    this.notBefore = 0;
    this.isReconcileWanted ||= reconcile;
    this.isFullWanted ||= full;
  }

  /** The next pull (whenever it runs) reads the snapshots too. */
  wantFull(): void {
    this.isFullWanted = true;
  }

  /** Back online: a pull now, not after a backoff measured while offline. */
  retryNow(): void {
    this.retryAt = 0;
    this.attempts = 0;
  }

  /** The delay before the next try of something that failed on the network (backoff with jitter). */
  nextBackoff(): number {
    return backoffDelay(++this.attempts, this.options.backoff ?? defaultBackoff, this.options.random);
  }

  /** Whether a pull should run now (the timer's full pull is due, or one was asked for and may run). */
  isDue(): boolean {
    if (this.now >= this.nextAt) this.want(false, true);
    return this.isWanted && this.now >= Math.max(this.retryAt, this.notBefore);
  }

  /** When the loop should wake up for the next pull. */
  dueAt(): number {
    return this.isWanted ? Math.max(this.retryAt, this.notBefore) : this.nextAt;
  }

  pushed(): void {
    this.hasPushedSince = true;
  }

  /** The queue has nothing to send now: pull once after pushes (answers true when it asked for one). */
  wantAfterPushes(): boolean {
    if (!this.hasPushedSince) return false;
    this.hasPushedSince = false;
    if (!this.isWanted) this.notBefore = this.lastEndedAt + (this.options.minPullGapMs ?? 1_000);
    this.isWanted = true;
    return true;
  }

  /** Takes what is wanted of the pull about to run. */
  start(): PullOptions {
    const interval = this.options.reconcileIntervalMs ?? 5 * 60_000;
    const reconcile = this.isReconcileWanted || this.now - this.lastReconcileAt >= interval;
    const options = { reconcile, full: this.isFullWanted || reconcile };
    this.isWanted = false;
    this.isReconcileWanted = false;
    this.isFullWanted = false;
    return options;
  }

  succeeded(pulled: PullOptions): void {
    if (pulled.reconcile) this.lastReconcileAt = this.now;
    this.lastEndedAt = this.now;
    this.retryNow();
    this.nextAt = this.now + (this.options.pullIntervalMs ?? 60_000);
  }

  /** The pull failed: it is wanted again, after a backoff unless the session is what failed. */
  failed(pulled: PullOptions, isAuth: boolean): void {
    this.want(pulled.reconcile, pulled.full);
    if (!isAuth) this.retryAt = this.now + this.nextBackoff();
  }
}
