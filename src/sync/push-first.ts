/**
 * Sending goes first while the outbox drains: a pull asked for meanwhile waits for the queue, up
 * to `maxWaitMs`. Each sent change rings the Realtime doorbell (the server row changed), and
 * pulling before every next send made a reconnect's drain several times slower; one pull after
 * the queue is empty sees all of it.
 */
export class PushFirst {
  private isDraining = true;
  /** Counts the signals that there is something to send, so that one during a push step is kept. */
  private signals = 0;
  /** Since when a due pull has waited for the draining outbox. */
  private pullWaitingSince: number | null = null;

  constructor(
    private readonly now: () => number,
    private readonly maxWaitMs = 3_000,
  ) {}

  /** A change was queued, or the network came back: send before pulling. */
  drainWanted(): void {
    this.isDraining = true;
    this.signals++;
  }

  /** Runs one push step: the queue still drains if it sent something or was signalled meanwhile. */
  async push<S extends { type: string }>(step: () => Promise<S>): Promise<S> {
    const signals = this.signals;
    const result = await step();
    this.isDraining = ['sent', 'rejected', 'parked'].includes(result.type) || this.signals !== signals;
    return result;
  }

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
