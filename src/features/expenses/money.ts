/**
 * The money maths of shared expenses, in integer minor units (cents) only:
 * - splits: an amount divided by weights (equal = all 1, by shares, by percentages), the cents
 *   left over by rounding down going one each to the largest remainders, ties to the lower member
 *   id: the shares always add up to the amount, and the same input always gives the same split;
 * - balances: what each member paid minus what they owe, plus settlements paid minus received
 *   (a positive balance is owed money); they always add up to zero;
 * - the settle-up plan: debtors and creditors each laid end to end in member-id order, a transfer
 *   wherever a debtor's stretch overlaps a creditor's. That is at most n-1 transfers, and recording
 *   one of them cuts the same stretch out of both lines, so the other transfers stay exactly as
 *   they were (no reshuffle after each payment);
 * - currencies: every event has its own (`events.currency`, CHF for a Swiss crew, EUR for a German
 *   one); balances and the plan are in it. An expense in another currency (organizer) carries the
 *   rate fixed when it was entered (event currency per unit, times a million); its amount in the
 *   event's currency is rounded half up (as the database does), and its payers' and shares' parts
 *   are carried over to that amount by largest remainder, so balances stay whole cents that add
 *   up to zero.
 */

import { RATE_ONE, toEventMinor } from './sync/currency.ts';

export { toEventMinor } from './sync/currency.ts';

export interface Share {
  user_id: string;
  share_minor: number;
}

export interface Payer {
  user_id: string;
  paid_minor: number;
}

export interface ExpenseLike {
  paid_by: string;
  amount_minor: number;
  shares: readonly Share[];
  /** Several payers (organizer); empty or missing: `paid_by` paid it all. */
  payers?: readonly Payer[];
  /** CHF per unit of the expense's currency, times a million; missing: 1 (CHF). */
  rate_e6?: number;
}

/** How much of a currency at `rate_e6` pays `eventMinor` CHF cents, rounded half up. */
export function fromEventMinor(eventMinor: number, rateE6: number): number {
  return Number((BigInt(eventMinor) * BigInt(RATE_ONE) + BigInt(rateE6) / 2n) / BigInt(rateE6));
}

/** Parts of one total carried over to another total: exact when the totals are equal. */
function carryOver(total: number, parts: readonly Share[]): Share[] {
  const sum = parts.reduce((acc, p) => acc + p.share_minor, 0);
  if (sum === total) return [...parts];
  return splitByWeights(
    total,
    parts.map((p) => ({ id: p.user_id, weight: p.share_minor })),
  );
}

/** An expense in CHF cents: its amount, what each payer paid and what each member owes. */
export function expenseInEventCurrency(e: ExpenseLike): { amount: number; paid: Share[]; owed: Share[] } {
  const amount = toEventMinor(e.amount_minor, e.rate_e6);
  const payers = e.payers?.length
    ? e.payers.map((p) => ({ user_id: p.user_id, share_minor: p.paid_minor }))
    : [{ user_id: e.paid_by, share_minor: e.amount_minor }];
  return {
    amount,
    paid: carryOver(amount, payers),
    owed: e.shares.length ? carryOver(amount, e.shares) : [],
  };
}

export interface SettlementLike {
  from_user: string;
  to_user: string;
  amount_minor: number;
}

export interface Transfer {
  from: string;
  to: string;
  amount: number;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `amount` cents divided in proportion to `weights` (each >= 0, not all 0): largest remainder,
 * ties to the lower id. Members with weight 0 get a share of 0.
 */
export function splitByWeights(amount: number, weights: ReadonlyArray<{ id: string; weight: number }>): Share[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('The amount is a whole number of cents');
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  if (!(total > 0) || weights.some((w) => !(w.weight >= 0))) throw new Error('The weights are positive');
  const ordered = [...weights].sort((a, b) => byId(a.id, b.id));
  const exact = ordered.map((w) => (amount * w.weight) / total);
  const shares = exact.map((x) => Math.floor(x));
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const order = exact
    .map((x, i) => ({ i, remainder: x - Math.floor(x) }))
    .filter(({ i }) => ordered[i].weight > 0)
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) shares[order[k].i] += 1;
  return ordered.map((w, i) => ({ user_id: w.id, share_minor: shares[i] }));
}

/** An equal split among `ids`. */
export function splitEqually(amount: number, ids: readonly string[]): Share[] {
  return splitByWeights(
    amount,
    ids.map((id) => ({ id, weight: 1 })),
  );
}

/** Balances per member (positive: is owed money). Members without any entry are 0. */
export function balances(
  memberIds: readonly string[],
  expenses: readonly ExpenseLike[],
  settlements: readonly SettlementLike[],
): Map<string, number> {
  const out = new Map<string, number>(memberIds.map((id) => [id, 0]));
  const add = (id: string, cents: number) => out.set(id, (out.get(id) ?? 0) + cents);
  for (const e of expenses) {
    if (!e.shares.length) continue; // a manual expense (not split) moves no balance
    const { paid, owed } = expenseInEventCurrency(e);
    for (const p of paid) add(p.user_id, p.share_minor);
    for (const s of owed) add(s.user_id, -s.share_minor);
  }
  for (const s of settlements) {
    add(s.from_user, s.amount_minor);
    add(s.to_user, -s.amount_minor);
  }
  return out;
}

/** The settle-up plan for `balance` (which must add up to zero). */
export function settleUp(balance: ReadonlyMap<string, number>): Transfer[] {
  const ids = [...balance.keys()].sort(byId);
  const debtors = ids.filter((id) => balance.get(id)! < 0).map((id) => ({ id, left: -balance.get(id)! }));
  const creditors = ids.filter((id) => balance.get(id)! > 0).map((id) => ({ id, left: balance.get(id)! }));
  const transfers: Transfer[] = [];
  let d = 0;
  let c = 0;
  while (d < debtors.length && c < creditors.length) {
    const amount = Math.min(debtors[d].left, creditors[c].left);
    transfers.push({ from: debtors[d].id, to: creditors[c].id, amount });
    debtors[d].left -= amount;
    creditors[c].left -= amount;
    if (debtors[d].left === 0) d++;
    if (creditors[c].left === 0) c++;
  }
  return transfers;
}

/** What each member paid in all, in CHF cents (manual and split expenses alike). */
export function paidTotals(expenses: readonly ExpenseLike[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of expenses)
    for (const p of expenseInEventCurrency(e).paid) out.set(p.user_id, (out.get(p.user_id) ?? 0) + p.share_minor);
  return out;
}

/** "0.9355" -> 935500 (CHF per unit, times a million); null unless 0 < rate <= 1000, 6 decimals at most. */
export function parseRate(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d{1,4}(\.\d{1,6})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const rate = Number(whole) * RATE_ONE + Number(fraction.padEnd(6, '0'));
  return rate >= 1 && rate <= 1000 * RATE_ONE ? rate : null;
}

/** 935500 -> "0.9355" */
export function formatRate(rateE6: number): string {
  const whole = Math.floor(rateE6 / RATE_ONE);
  const fraction = String(rateE6 % RATE_ONE)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const formats = new Map<string, Intl.NumberFormat>();

/** 1234 CHF -> "CHF 12.34" (in the reader's locale); the currency is always said (an event has its own). */
export function formatMoney(minor: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    formats.set(currency, format);
  }
  return format.format(minor / 100);
}

/** "12.5", "12,50", "1'234.00" -> cents; null when it is not an amount with at most two decimals. */
export function parseMoney(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/['’\s]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
