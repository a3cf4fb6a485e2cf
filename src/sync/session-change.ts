/**
 * The session change under way (a start after a sign-in, a switch, a sign-out), kept apart from
 * sync-session.ts so the app's entry can record one before the engine's code has loaded: a signed-in
 * screen may queue a change in the moment between a sign-up and the device database being open.
 */
let change: Promise<unknown> = Promise.resolve();

/** Records a start, switch or stop under way, so that `settledSession` can wait for it. */
export function trackSessionChange(pending: Promise<unknown>): void {
  change = pending;
}

/** The latest change recorded (it may be followed by another while it runs). */
export function latestSessionChange(): Promise<unknown> {
  return change;
}
