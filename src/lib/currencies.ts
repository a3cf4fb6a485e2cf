/**
 * The currencies an event or an expense can be in (ISO 4217, all with cents), as the database
 * allows them (`events.currency`, `expenses.currency`).
 */
export const CURRENCIES = ['CHF', 'EUR', 'USD', 'GBP', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'CAD', 'AUD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency of an event row (rows stored before events had one are CHF events). */
export function currencyOf(event: { currency?: string | null } | null | undefined): Currency {
  const code = event?.currency;
  return (CURRENCIES as readonly string[]).includes(code ?? '') ? (code as Currency) : 'CHF';
}
