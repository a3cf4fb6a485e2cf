/**
 * What the expense form's split and payer fields describe, checked the way the database would
 * check the saved expense: the shares (equally, by shares, by percentages or by exact amounts) and
 * the payers each add up to the amount exactly, in cents, or the form says why they do not. Lists
 * come back ordered by member id, so the same form always gives the same expense.
 */
import { formatMoney, parseMoney, splitByWeights, splitEqually, type Payer, type Share } from './money.ts';

export type SplitMode = 'equal' | 'shares' | 'percent' | 'exact';

export const SPLIT_MODES: readonly { value: SplitMode; label: string; inputLabel: string }[] = [
  { value: 'equal', label: 'Equally', inputLabel: 'Equally' },
  { value: 'shares', label: 'By shares', inputLabel: 'shares' },
  { value: 'percent', label: 'By percentages', inputLabel: 'percentages' },
  { value: 'exact', label: 'By exact amounts', inputLabel: 'exact amounts' },
];

const byUserId = (a: { user_id: string }, b: { user_id: string }) => (a.user_id < b.user_id ? -1 : 1);

/** The shares the form describes, or why it describes none. */
export function sharesOf(
  amount: number,
  mode: SplitMode,
  chosen: readonly string[],
  inputs: Readonly<Record<string, string>>,
  currency = 'CHF',
): Share[] | string {
  if (!chosen.length) return 'Choose who the expense was for.';
  if (mode === 'equal') return splitEqually(amount, chosen);
  if (mode === 'exact') {
    const shares = chosen.map((id) => ({ user_id: id, share_minor: parseMoney(inputs[id] ?? '') }));
    if (shares.some((s) => s.share_minor === null)) return 'Give each person an amount, like 12.50.';
    const total = shares.reduce((sum, s) => sum + (s.share_minor ?? 0), 0);
    if (total !== amount)
      return `The amounts add up to ${formatMoney(total, currency)}, not ${formatMoney(amount, currency)}.`;
    return (shares as Share[]).sort(byUserId);
  }
  const weights = chosen.map((id) => ({ id, weight: Number((inputs[id] ?? '').replace(',', '.')) }));
  if (weights.some((w) => !Number.isFinite(w.weight) || w.weight < 0 || (inputs[w.id] ?? '').trim() === ''))
    return mode === 'percent' ? 'Give each person a percentage.' : 'Give each person a number of shares.';
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  if (mode === 'percent' && Math.abs(total - 100) > 1e-9) return `The percentages add up to ${total}, not 100.`;
  if (!(total > 0)) return 'At least one person needs a share.';
  return splitByWeights(amount, weights);
}

/** The payers the form describes (each with what they paid), or why it describes none. */
export function payersOf(amount: number, inputs: Readonly<Record<string, string>>, currency = 'CHF'): Payer[] | string {
  const filled = Object.entries(inputs).filter(([, text]) => text.trim() !== '');
  const payers = filled.map(([id, text]) => ({ user_id: id, paid_minor: parseMoney(text) }));
  if (payers.some((p) => p.paid_minor === null)) return 'Give each payer an amount, like 12.50.';
  const paying = (payers as Payer[]).filter((p) => p.paid_minor > 0);
  if (!paying.length) return 'Enter what each person paid.';
  const total = paying.reduce((sum, p) => sum + p.paid_minor, 0);
  if (total !== amount)
    return `What the payers paid adds up to ${formatMoney(total, currency)}, not ${formatMoney(amount, currency)}.`;
  return paying.sort(byUserId);
}

/** The main payer of several (the expense's `paid_by`): who paid most, ties to the lower id. */
export function mainPayer(payers: readonly Payer[]): string {
  return [...payers].sort((a, b) => b.paid_minor - a.paid_minor || (a.user_id < b.user_id ? -1 : 1))[0].user_id;
}
