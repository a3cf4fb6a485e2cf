/**
 * When the first screen has drawn with its device answers: the sync engine starts then (issue 23:
 * start-up does only what the first screen needs), so its pull, its Realtime socket and its
 * status work do not compete with the screen's reads and render. Every live query
 * (use-device-query.ts) counts as waiting from its first subscription until its first answer.
 */
let waiting = 0;
/** Whether a live query has waited since firstScreenDrawn began (the session's screen has rendered). */
let hasWaited = false;
const onSettle = new Set<() => void>();

/** Counts one live query waiting for its first answer; the returned function ends the wait. */
export function awaitFirstAnswer(): () => void {
  waiting += 1;
  hasWaited = true;
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    waiting -= 1;
    if (waiting === 0) for (const settle of [...onSettle]) settle();
  };
}

const nextFrame = () =>
  new Promise<void>((resolve) => {
    // A hidden tab draws no frames: the timer stands in for the frame there (and where there are none).
    const timer = setTimeout(resolve, 100);
    globalThis.requestAnimationFrame?.(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });

/**
 * Settles once the screen rendered after the session opened has every live query answered and a
 * frame drawn with them, or after `maxMs` (a screen whose reads take long, or that reads nothing
 * from the device, does not hold sync up longer).
 */
export function firstScreenDrawn(maxMs = 1000): Promise<void> {
  return new Promise<void>((resolve) => {
    let isSettled = false;
    const finish = () => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(cap);
      onSettle.delete(check);
      resolve();
    };
    const cap = setTimeout(finish, maxMs);
    const check = () => {
      if (hasWaited && waiting === 0) void nextFrame().then(() => (waiting === 0 ? finish() : undefined));
    };
    onSettle.add(check);
    hasWaited = waiting > 0;
  });
}
