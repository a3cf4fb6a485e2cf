/**
 * How the expenses page words money: an expense in another currency with its amount in the
 * event's currency and rate, a balance, a recorded payment, the payers of an expense, a replaced
 * edit; and the figures the page derives from the event's expenses (total spent, the rates last
 * used, the balances export's rows). All in integer cents of the event's currency (`currency`).
 */
import type { ExpenseRow, ReplacedEdit } from './sync/expense-rows.ts';
import type { SettlementRow } from './sync/expense-rows.ts';
import { RATE_ONE } from './sync/currency.ts';
import { toEventMinor } from './money.ts';
import { CATEGORY_LABELS } from './categories.ts';
import { expenseInEventCurrency, formatMoney, formatRate, type Share } from './money.ts';

type Expense = Pick<ExpenseRow, 'amount_minor' | 'currency' | 'rate_e6' | 'amount_event_minor'>;

/** An expense's amount in cents of the event's currency: the database's figure when it has one. */
export function eventAmount(expense: Expense): number {
  return expense.amount_event_minor ?? toEventMinor(expense.amount_minor, expense.rate_e6);
}

/** What the event spent in all, in cents of its currency. */
export function totalSpent(expenses: readonly Expense[]): number {
  return expenses.reduce((sum, expense) => sum + eventAmount(expense), 0);
}

/** 'CHF 95.00 at 0.95': an expense in another currency, in the event's (`currency`). */
export function inEventCurrencyText(expense: Expense, currency: string): string {
  return `${formatMoney(eventAmount(expense), currency)} at ${formatRate(expense.rate_e6 ?? RATE_ONE)}`;
}

/** 'gets CHF 60.00', 'owes CHF 30.00' or 'settled', in the event's `currency`. */
export function balanceText(balance: number, currency: string): string {
  if (balance > 0) return `gets ${formatMoney(balance, currency)}`;
  if (balance < 0) return `owes ${formatMoney(-balance, currency)}`;
  return 'settled';
}

/** Who paid an expense: its payers, who paid most first, joined by 'and'. */
export function payersText(
  expense: Pick<ExpenseRow, 'paid_by' | 'payers'>,
  nameOf: (userId: string) => string,
): string {
  if (!expense.payers?.length) return nameOf(expense.paid_by);
  return [...expense.payers]
    .sort((a, b) => b.paid_minor - a.paid_minor)
    .map((p) => nameOf(p.user_id))
    .join(' and ');
}

/** 'Bo paid You CHF 9.50 (€10.00 at 0.95)': a recorded payment, in another currency where it was paid in one. */
export function settlementText(settlement: SettlementRow, nameOf: (userId: string) => string): string {
  const paid =
    settlement.paid_currency && settlement.paid_amount_minor && settlement.paid_rate_e6
      ? ` (${formatMoney(settlement.paid_amount_minor, settlement.paid_currency)} at ${formatRate(settlement.paid_rate_e6)})`
      : '';
  return `${nameOf(settlement.from_user)} paid ${nameOf(settlement.to_user)} ${formatMoney(settlement.amount_minor, settlement.currency)}${paid}`;
}

/** What a replaced change had set, in a few words. */
export function replacedValue(entry: ReplacedEdit): string {
  const v = entry.value;
  if (entry.group === 'money' && typeof v.amount_minor === 'number' && typeof v.currency === 'string')
    return formatMoney(v.amount_minor, v.currency);
  if (entry.group === 'category' && typeof v.category === 'string')
    return CATEGORY_LABELS[v.category as keyof typeof CATEGORY_LABELS] ?? v.category;
  const first = Object.values(v)[0];
  return typeof first === 'string' ? first : '';
}

/** The rate last used in the event for each currency (expenses by when they were made, then payments). */
export function lastRates(
  expenses: readonly Pick<ExpenseRow, 'created_at' | 'currency' | 'rate_e6'>[],
  settlements: readonly Pick<SettlementRow, 'paid_currency' | 'paid_rate_e6'>[],
): Record<string, number> {
  const out: Record<string, number> = {};
  const dated = [...expenses].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const e of dated) if (e.rate_e6 && e.rate_e6 !== RATE_ONE) out[e.currency] = e.rate_e6;
  for (const s of settlements) if (s.paid_currency && s.paid_rate_e6) out[s.paid_currency] = s.paid_rate_e6;
  return out;
}

export interface BalanceRow {
  userId: string;
  /** Paid towards split expenses, owed of them, settled by payments, and the balance, in CHF cents. */
  paid: number;
  share: number;
  settled: number;
  balance: number;
}

/** The balances export's rows: for each member what they paid and owe of the split expenses, and payments. */
export function balanceRows(
  expenses: readonly Parameters<typeof expenseInEventCurrency>[0][],
  balance: ReadonlyMap<string, number>,
): BalanceRow[] {
  const inChf = expenses.filter((e) => e.shares.length).map(expenseInEventCurrency);
  const partOf = (parts: Share[], id: string) => parts.find((p) => p.user_id === id)?.share_minor ?? 0;
  return [...balance.entries()].map(([userId, value]) => {
    const paid = inChf.reduce((sum, e) => sum + partOf(e.paid, userId), 0);
    const share = inChf.reduce((sum, e) => sum + partOf(e.owed, userId), 0);
    return { userId, paid, share, settled: value - paid + share, balance: value };
  });
}

/**
 * Expenses newest first, in an order that does not change between reads: by the day spent, then
 * by when each was entered (the last entered on top), then by id.
 */
export function newestFirst<E extends Pick<ExpenseRow, 'spent_on' | 'created_at' | 'id'>>(expenses: readonly E[]): E[] {
  return [...expenses].sort(
    (a, b) =>
      b.spent_on.localeCompare(a.spent_on) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id),
  );
}

/** 'You get back CHF 30.00', 'You owe CHF 9.50' or 'You are settled up.': my own balance, at the top. */
export function myBalanceText(balance: number, currency: string): string {
  if (balance > 0) return `You get back ${formatMoney(balance, currency)}`;
  if (balance < 0) return `You owe ${formatMoney(-balance, currency)}`;
  return 'You are settled up.';
}
