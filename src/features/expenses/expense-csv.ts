/** CSV exports of an event's expenses and balances (simple exports, starter), written by papaparse. */
import Papa from 'papaparse';
import { RATE_ONE, toEventMinor } from './sync/currency.ts';
import type { ExpenseRow } from './sync/expense-rows.ts';
import { formatRate } from './money.ts';

const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * One row per expense: date, title, category, amount, currency, the rate fixed on it and its
 * amount in the event's currency, who paid (each payer's part when several did), and each member's
 * share.
 */
export function expensesCsv(
  expenses: readonly ExpenseRow[],
  nameOf: (id: string) => string,
  eventCurrency: string,
): string {
  const inEvent = `Amount (${eventCurrency})`;
  return Papa.unparse(
    [...expenses]
      .sort((a, b) => a.spent_on.localeCompare(b.spent_on) || a.created_at.localeCompare(b.created_at))
      .map((e) => ({
        Date: e.spent_on,
        Title: e.title,
        Category: e.category,
        Amount: amount(e.amount_minor),
        Currency: e.currency,
        Rate: formatRate(e.rate_e6 ?? RATE_ONE),
        [inEvent]: amount(e.amount_event_minor ?? toEventMinor(e.amount_minor, e.rate_e6)),
        'Paid by': e.payers?.length
          ? e.payers.map((p) => `${nameOf(p.user_id)}: ${amount(p.paid_minor)}`).join('; ')
          : nameOf(e.paid_by),
        'Split between': e.shares.map((s) => `${nameOf(s.user_id)}: ${amount(s.share_minor)}`).join('; '),
      })),
    {
      columns: ['Date', 'Title', 'Category', 'Amount', 'Currency', 'Rate', inEvent, 'Paid by', 'Split between'],
    },
  );
}

/**
 * One row per member: what they paid of split expenses, their shares, what they paid back minus
 * what they were paid back, and their balance (positive: is owed money; = paid - share + settled).
 */
export function balancesCsv(
  rows: ReadonlyArray<{ name: string; paid: number; share: number; settled: number; balance: number }>,
  currency: string,
): string {
  return Papa.unparse(
    rows.map((r) => ({
      Member: r.name,
      Paid: amount(r.paid),
      Share: amount(r.share),
      Settled: amount(r.settled),
      Balance: amount(r.balance),
      Currency: currency,
    })),
    { columns: ['Member', 'Paid', 'Share', 'Settled', 'Balance', 'Currency'] },
  );
}
