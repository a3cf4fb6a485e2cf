/**
 * Small rules GoTrue applies everywhere: e-mail validation and normalisation, password strength
 * and bcrypt hashing, Go duration strings (`ban_duration`), random refresh tokens and one-time
 * codes, metadata merging (`null` deletes a key) and timestamps as GoTrue writes them in JSON.
 */
import bcrypt from 'bcryptjs';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { badRequest, weakPassword } from './errors.ts';

/** Minimum password length (GoTrue's default and the Supabase CLI's). */
export const MIN_PASSWORD_LENGTH = 6;

/** bcrypt cost: 10 as on a hosted project; AUTH_BCRYPT_COST (4–14) lowers it for fast tests. */
function bcryptCost(): number {
  const value = Number(process.env.AUTH_BCRYPT_COST);
  return Number.isInteger(value) && value >= 4 && value <= 14 ? value : 10;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost());
}

/** False for a missing hash (a user without password) or a mismatch. */
export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !hash.startsWith('$2')) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** GoTrue's password strength check (length only, the default configuration). */
export function checkPasswordStrength(password: string): void {
  // bcrypt looks at the first 72 bytes only; GoTrue refuses longer passwords.
  if (Buffer.byteLength(password, 'utf8') > 72) {
    throw badRequest('validation_failed', 'Password cannot be longer than 72 characters');
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw weakPassword(['length'], `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Lower-cased, trimmed e-mail; GoTrue's errors for a too long or malformed one. */
export function validateEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (normalised.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_PATTERN.test(normalised)) {
    throw badRequest('email_address_invalid', 'Unable to validate email address: invalid format');
  }
  return normalised;
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Go's time.ParseDuration, in milliseconds; null when the text is not a duration. */
export function parseGoDuration(text: string): number | null {
  const match = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(text);
  if (text === '0') return 0;
  if (!match) return null;
  let total = 0;
  for (const part of text.replace(/^[-+]/, '').matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(part[1]) * DURATION_UNITS[part[2]!]!;
  }
  if (!Number.isFinite(total)) return null;
  return match[1] === '-' ? -total : total;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A refresh token as GoTrue makes them: 12 random alphanumeric characters. */
export function newRefreshToken(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/** A six-digit one-time code. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** GoTrue's token hash of a one-time code: hex SHA-224 of e-mail and code. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** GoTrue's metadata update: each key set, a `null` value deletes the key. */
export function mergeMetadata(current: Json, update: Json): Json {
  const merged: Json = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function iso(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
