/**
 * Server timestamps as pull cursors. PostgreSQL keeps microseconds and JavaScript dates keep
 * milliseconds, so cursors stay the server's strings and are compared through their microseconds.
 */
function timestampMicros(ts: string): number {
  const ms = Date.parse(ts);
  if (Number.isNaN(ms)) throw new Error(`Not a timestamp: ${ts}`);
  const fraction = /\.(\d+)/.exec(ts)?.[1] ?? '';
  const extra = Number((fraction + '000000').slice(3, 6));
  return ms * 1000 + extra;
}

/** `ts` moved back by `ms` milliseconds (whole milliseconds; the overlap window is coarse anyway). */
export function shiftBack(ts: string, ms: number): string {
  return new Date(Math.floor(timestampMicros(ts) / 1000) - ms).toISOString();
}

export function compareTimestamps(a: string, b: string): number {
  return timestampMicros(a) - timestampMicros(b);
}
