/**
 * Currencies of shared expenses. Each event has its currency (`events.currency`, chosen at
 * creation): balances, settlements and the settle-up plan are in it. An expense in another
 * currency carries the rate fixed when it was entered, as event currency per unit times a million
 * (`rate_e6`), and its amount in the event's currency is rounded half up, exactly as the database
 * computes `amount_event_minor`.
 */

export { CURRENCIES, currencyOf, type Currency } from '../../../lib/currencies.ts';
/** A rate of 1, times a million. */
export const RATE_ONE = 1_000_000;

/** `minor` units of a currency at `rateE6` in cents of the event's currency, rounded half up. */
export function toEventMinor(minor: number, rateE6: number = RATE_ONE): number {
  if (rateE6 === RATE_ONE) return minor;
  return Number((BigInt(minor) * BigInt(rateE6) + BigInt(RATE_ONE / 2)) / BigInt(RATE_ONE));
}
