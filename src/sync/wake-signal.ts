/**
 * How the engine's loop sleeps and is woken: `sleep(ms)` waits until the time is up or `wake()`
 * is called. A wake that comes while the loop is busy between two awaits (a change queued while
 * the status was being published) is remembered, so the next sleep returns at once instead of
 * leaving the change unsent until the next timer.
 */
export class WakeSignal {
  private wakeUp: (() => void) | null = null;
  private isWakeMissed = false;

  wake(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    if (wake) wake();
    else this.isWakeMissed = true;
  }

  sleep(ms: number): Promise<void> {
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
}
