/**
 * One-time codes mailed to a user, kept where GoTrue keeps them: the token hash (SHA-224 of e-mail
 * and six-digit code, `pkce_`-prefixed in a PKCE flow) and when it was sent, in `auth.users`
 * columns per purpose. A code is good for an hour and once: using it clears its column. A new code
 * for the same purpose replaces the old one, and a purpose gets at most one mail per address a
 * minute (`AUTH_EMAIL_MAX_FREQUENCY` seconds), GoTrue's `over_email_send_rate_limit`.
 */
import type { Queryable } from '../db.ts';
import { AuthError } from './errors.ts';
import type { UserRow } from './users.ts';
import { newOtp, tokenHash } from './util.ts';

export const OTP_EXPIRY_SECONDS = 3600;

/** The purposes of a code and the columns that hold it. */
export type CodeSlot = 'recovery' | 'confirmation' | 'reauthentication' | 'email_change_new' | 'email_change_current';

const COLUMNS: Record<CodeSlot, { token: keyof UserRow; sentAt: keyof UserRow }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
  email_change_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
};

export const slotColumns = (slot: CodeSlot) => COLUMNS[slot];

export function maxFrequencySeconds(): number {
  const value = Number(process.env.AUTH_EMAIL_MAX_FREQUENCY);
  return Number.isFinite(value) && value >= 0 ? value : 60;
}

/** GoTrue's validateSentWithinFrequencyLimit for the code last sent at `sentAt`. */
export function checkFrequency(sentAt: Date | null): void {
  if (!sentAt) return;
  const frequency = maxFrequencySeconds();
  const elapsed = (Date.now() - new Date(sentAt).getTime()) / 1000;
  if (elapsed < frequency) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(frequency - elapsed)} seconds.`,
    );
  }
}

export function isExpired(sentAt: Date | null): boolean {
  return !sentAt || Date.now() > new Date(sentAt).getTime() + OTP_EXPIRY_SECONDS * 1000;
}

/** True when `hash` (from a typed code) matches the stored token, in either flow, and is in time. */
export function codeMatches(hash: string, stored: string | null, sentAt: Date | null): boolean {
  if (!stored || isExpired(sentAt)) return false;
  return stored === hash || stored === `pkce_${hash}`;
}

/**
 * Makes a new code for `slot` (after the frequency check), stores its hash and returns the code
 * and the hash to put in a link. `email` is the address the code is for (a new one for an e-mail
 * change), so that the typed code hashes the same.
 */
export async function storeCode(
  tx: Queryable,
  user: UserRow,
  slot: CodeSlot,
  options: { email: string; pkce?: boolean; skipFrequency?: boolean },
): Promise<{ otp: string; hash: string }> {
  const { token, sentAt } = COLUMNS[slot];
  if (!options.skipFrequency) checkFrequency(user[sentAt] as Date | null);
  const otp = newOtp();
  const hash = `${options.pkce ? 'pkce_' : ''}${tokenHash(options.email, otp)}`;
  await tx.query(`update auth.users set ${token} = $2, ${sentAt} = now() where id = $1`, [user.id, hash]);
  return { otp, hash };
}
