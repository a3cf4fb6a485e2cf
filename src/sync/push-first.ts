/**
 * Sending goes first while the outbox drains: a pull asked for meanwhile waits for the queue, up
 * to `maxWaitMs`. Each sent change rings the Realtime doorbell (the server row changed), and
 * pulling before every next send made a reconnect's drain several times slower; one pull after
 * the queue is empty sees all of it.
 */
export class PushFirst {
  /** The last push step sent something, a change was queued, or the network came back. */
  isDraining = true;
  /** Since when a due pull has waited for the draining outbox. */
  private pullWaitingSince: number | null = null;

  constructor(
    private readonly now: () => number,
    private readonly maxWaitMs = 3_000,
  ) {}

  /** Whether a pull that is due (`isPullDue`) runs now rather than the next send. */
  isPullNext(isPullDue: boolean): boolean {
    if (!isPullDue) {
      this.pullWaitingSince = null;
      return false;
    }
    this.pullWaitingSince ??= this.now();
    if (this.isDraining && this.now() - this.pullWaitingSince < this.maxWaitMs) return false;
    this.pullWaitingSince = null;
    return true;
  }
}
