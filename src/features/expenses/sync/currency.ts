/**
 * Currencies of shared expenses. The event's currency is CHF: balances, settlements and the
 * settle-up plan are in it. An expense in another currency carries the rate fixed when it was
 * entered, as CHF per unit times a million (`rate_e6`), and its CHF amount is rounded half up,
 * exactly as the database computes `amount_event_minor`.
 */

/** Currencies an expense can be entered in (all with cents), as the database allows them. */
export const CURRENCIES = ['CHF', 'EUR', 'USD', 'GBP', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** A rate of 1, times a million. */
export const RATE_ONE = 1_000_000;

/** `minor` units of a currency at `rateE6` in CHF cents, rounded half up. */
export function toEventMinor(minor: number, rateE6: number = RATE_ONE): number {
  if (rateE6 === RATE_ONE) return minor;
  return Number((BigInt(minor) * BigInt(rateE6) + BigInt(RATE_ONE / 2)) / BigInt(RATE_ONE));
}
