/**
 * The sync status of one tab's engine: counts of the outbox by state written to the status store
 * and, from the leader, broadcast to the other tabs (a burst of changes publishes at most every
 * 200 ms); the answer to the request for storage the browser does not clear under pressure.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { OutboxStatus } from '../db/outbox-schema.ts';
import type { StatusChannel } from './status-channel.ts';
import type { SyncStatus } from './sync-status-store.ts';

export interface StatusStore {
  getState(): SyncStatus;
  setState(partial: Partial<SyncStatus>): void;
}

const PUBLISH_EVERY_MS = 200;

export class StatusPublisher {
  private lastPublishAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: CrewCampDb,
    private readonly store: StatusStore,
    private readonly channel: StatusChannel,
    private readonly now: () => number,
    private readonly isStopped: () => boolean,
  ) {}

  /** Publishes the status now, or (while a burst of changes goes on) at most every 200 ms. */
  publish(): Promise<void> {
    const since = this.now() - this.lastPublishAt;
    if (since >= PUBLISH_EVERY_MS) return this.publishNow();
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.publishNow();
    }, PUBLISH_EVERY_MS - since);
    return Promise.resolve();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  private async publishNow(): Promise<void> {
    this.lastPublishAt = this.now();
    if (this.isStopped() || !this.db.isOpen()) return;
    try {
      // One read transaction: counted apart, an entry marked sending between two counts showed twice.
      // One native count per status: a count over several keys (anyOf) walks a cursor instead.
      const count = (status: OutboxStatus) => this.db.outbox.where('status').equals(status).count();
      const [pending, sending, needsAuthCount, rejectedCount] = await this.db.transaction('r', this.db.outbox, () =>
        Promise.all([count('pending'), count('sending'), count('needs-auth'), count('rejected')]),
      );
      const pendingCount = pending + sending + needsAuthCount;
      const needsAuth = this.store.getState().needsAuth;
      this.store.setState({ pendingCount, rejectedCount, needsAuth });
      if (this.store.getState().isLeader) this.channel.post({ type: 'status', status: this.store.getState() });
    } catch {
      // The database is closing (versionchange, sign-out); the next publish catches up.
    }
  }

  /**
   * Asks once per start for storage the browser does not clear under pressure (the outbox may be
   * the only copy of a change); remembers the answer in the status, for the shell's warning.
   */
  async askPersistentStorage(): Promise<void> {
    const storage = (
      globalThis as {
        navigator?: { storage?: { persist?: () => Promise<boolean>; persisted?: () => Promise<boolean> } };
      }
    ).navigator?.storage;
    if (!storage?.persist) return;
    try {
      const isPersistent = (await storage.persisted?.()) || (await storage.persist());
      if (!this.isStopped()) this.store.setState({ isStoragePersistent: isPersistent });
    } catch {
      // Neither granted nor refused: nothing to say.
    }
  }
}
