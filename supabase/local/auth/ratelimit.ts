/**
 * Sign-in rate limiting, as a hosted project limits password sign-ins and one-time-code checks:
 * at most N attempts per e-mail and client address in a sliding window (30 per 5 minutes by
 * default). `AUTH_RATE_LIMIT_SIGNIN` (attempts) and `AUTH_RATE_LIMIT_WINDOW_SECONDS` are read at
 * call time, so a test can lower them. Over the limit: 429 `over_request_rate_limit`.
 */
import type { ApiRequest } from '../app.ts';
import { AuthError } from './errors.ts';

function limits(): { max: number; windowMs: number } {
  const max = Number(process.env.AUTH_RATE_LIMIT_SIGNIN);
  const window = Number(process.env.AUTH_RATE_LIMIT_WINDOW_SECONDS);
  return {
    max: Number.isInteger(max) && max > 0 ? max : 30,
    windowMs: (Number.isFinite(window) && window > 0 ? window : 300) * 1000,
  };
}

export function clientAddress(req: ApiRequest): string {
  return req.raw.socket.remoteAddress ?? 'unknown';
}

export class SignInLimiter {
  private readonly attempts = new Map<string, number[]>();

  /** Counts one attempt; throws 429 when the key is over its limit. */
  hit(req: ApiRequest, identifier: string): void {
    const { max, windowMs } = limits();
    const now = Date.now();
    const key = `${identifier.toLowerCase()}|${clientAddress(req)}`;
    const recent = (this.attempts.get(key) ?? []).filter((time) => time > now - windowMs);
    if (recent.length >= max) {
      this.attempts.set(key, recent);
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    recent.push(now);
    this.attempts.set(key, recent);
    if (this.attempts.size > 10_000) this.prune(now - windowMs);
  }

  private prune(before: number): void {
    for (const [key, times] of this.attempts) {
      if (times.every((time) => time <= before)) this.attempts.delete(key);
    }
  }
}
