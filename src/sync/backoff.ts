/**
 * Retry delays for push and pull: exponential from `baseMs`, capped at `maxMs`, with "equal
 * jitter" (half fixed, half random) so that many devices coming back at once do not retry in step.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export const defaultBackoff: BackoffOptions = { baseMs: 500, maxMs: 60_000 };

/** The delay before attempt `attempt + 1`, after `attempt` (>= 1) failures. */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = defaultBackoff,
  random: () => number = Math.random,
): number {
  const exp = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
