/**
 * GoTrue's rate limits, as a hosted project applies them, counted per client address (the socket's
 * address: a forwarded-for header is the caller's own word and would let it pick a fresh key):
 * - `signIn`: password sign-ins per normalised e-mail (trimmed, lower case: the address the lookup
 *   finds) and client, 30 per window;
 * - `signUp`: sign-ups per client, 30 per window (the hosted `sign_in_sign_ups`);
 * - `verify`: `GET` and `POST /verify` per client, 30 per window (the hosted
 *   `token_verifications`), counted before the request is read, as GoTrue's limiter middleware does;
 * - `recover`: mails asked for per client, 30 per hour: recovery, magic links and e-mail codes
 *   (`/otp`), resent confirmations and reauthentication codes all count against it, as GoTrue counts
 *   its OTP sends against the e-mail limit (each address also gets at most one mail of a kind a
 *   minute, codes.ts);
 * - `mfaChallenge` and `mfaVerify`: factor challenges and factor verifications per client, 15 a
 *   minute each (GoTrue's `MFA.RateLimitChallengeAndVerify`), so that an authenticator code
 *   cannot be guessed by trying: a session that has the password still gets a handful of tries.
 * The window is 5 minutes (`AUTH_RATE_LIMIT_WINDOW_SECONDS`). `AUTH_RATE_LIMIT_SIGNIN`,
 * `_SIGNUP`, `_VERIFY`, `_RECOVER` and `_MFA` (read at call time, so a test can lower them) come first,
 * then the backend's `authRateLimits`, then these defaults. Over a limit: 429
 * `over_request_rate_limit`.
 *
 * Codes also count their own failures: `OtpAttempts` burns an address's one-time code after
 * `AUTH_OTP_MAX_ATTEMPTS` (5) wrong codes for that address, so that a guesser spread over many
 * clients still gets only a handful of tries per mailed code.
 */
import type { ApiRequest } from '../app.ts';
import type { BackendConfig } from '../config.ts';
import { AuthError } from './errors.ts';

export type LimitName = 'signIn' | 'signUp' | 'verify' | 'recover' | 'mfaChallenge' | 'mfaVerify';

const RULES: Record<LimitName, { env: string; max: number; windowSeconds: number | null }> = {
  signIn: { env: 'AUTH_RATE_LIMIT_SIGNIN', max: 30, windowSeconds: null },
  signUp: { env: 'AUTH_RATE_LIMIT_SIGNUP', max: 30, windowSeconds: null },
  verify: { env: 'AUTH_RATE_LIMIT_VERIFY', max: 30, windowSeconds: null },
  recover: { env: 'AUTH_RATE_LIMIT_RECOVER', max: 30, windowSeconds: 3600 },
  mfaChallenge: { env: 'AUTH_RATE_LIMIT_MFA', max: 15, windowSeconds: 60 },
  mfaVerify: { env: 'AUTH_RATE_LIMIT_MFA', max: 15, windowSeconds: 60 },
};

const positiveInteger = (value: unknown): number | null =>
  Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : null;

function windowMs(name: LimitName): number {
  const fixed = RULES[name].windowSeconds;
  if (fixed !== null) return fixed * 1000;
  const configured = Number(process.env.AUTH_RATE_LIMIT_WINDOW_SECONDS);
  return (Number.isFinite(configured) && configured > 0 ? configured : 300) * 1000;
}

/** The client address requests are counted by. */
export function clientAddress(req: ApiRequest): string {
  return req.raw.socket.remoteAddress ?? 'unknown';
}

/** An e-mail as the user lookup sees it, so that spaces or capitals make no new key. */
export const normalisedEmail = (email: string) => email.trim().toLowerCase();

export class RateLimits {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly config: Pick<BackendConfig, 'authRateLimits'>) {}

  private max(name: LimitName): number {
    return (
      positiveInteger(process.env[RULES[name].env]) ??
      positiveInteger((this.config.authRateLimits as Partial<Record<LimitName, number>>)[name]) ??
      RULES[name].max
    );
  }

  /** Counts one request of `name` from this client (and `subject`, e.g. an e-mail); 429 over the limit. */
  hit(name: LimitName, req: ApiRequest, subject = ''): void {
    const max = this.max(name);
    const window = windowMs(name);
    const now = Date.now();
    const key = `${name}|${subject}|${clientAddress(req)}`;
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - window);
    if (recent.length >= max) {
      this.hits.set(key, recent);
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(now);
  }

  private prune(now: number): void {
    const longest = Math.max(windowMs('signIn'), windowMs('recover'));
    for (const [key, times] of this.hits) {
      if (times.every((time) => time <= now - longest)) this.hits.delete(key);
    }
  }
}

function maxOtpAttempts(): number {
  return positiveInteger(process.env.AUTH_OTP_MAX_ATTEMPTS) ?? 5;
}

/** Wrong codes entered per mailed code (a user's current token hash). */
export class OtpAttempts {
  private readonly failures = new Map<string, number>();

  /** Records a wrong code for the code `tokenHash` of `userId`; true when the code is now burnt. */
  fail(userId: string, tokenHash: string): boolean {
    const key = `${userId}|${tokenHash}`;
    const count = (this.failures.get(key) ?? 0) + 1;
    if (count >= maxOtpAttempts()) {
      this.failures.delete(key);
      return true;
    }
    this.failures.set(key, count);
    // Codes live an hour; past 10,000 open counts the oldest (first inserted) go first.
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value!);
    return false;
  }

  forget(userId: string, tokenHash: string): void {
    this.failures.delete(`${userId}|${tokenHash}`);
  }
}
