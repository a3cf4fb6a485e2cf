/**
 * The expense form as plain data: its state (the texts as typed), the changes a user makes to it
 * (a reducer), and the expense it reads as, or the first reason it reads as none, in the order the
 * fields stand. An edit sends only the fields that changed; the money fields (amount, currency,
 * rate, payers and split) go as one group, since a later-made edit wins them together.
 */
import type { ExpenseRow } from './sync/expense-rows.ts';
import { RATE_ONE, type Currency } from './sync/currency.ts';
import { EXPENSE_EDIT_GROUPS, groupsOf, type EXPENSE_CATEGORIES } from './sync/expense-kinds.ts';
import { mainPayer, payersOf, sharesOf, type SplitMode } from './expense-split.ts';
import { formatRate, parseMoney, parseRate, type Payer, type Share } from './money.ts';

export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** The 'Paid by' choice of several payers, each with an amount. */
export const SEVERAL = '__several__';

export interface ExpenseFormState {
  /** The event's currency: an expense in it has a rate of 1; another one needs a rate (organizer). */
  eventCurrency: Currency;
  title: string;
  amountText: string;
  currency: Currency;
  rateText: string;
  spentOn: string;
  /** A member's id, or SEVERAL. */
  paidBy: string;
  /** What each of several payers paid, as typed. */
  payerInputs: Record<string, string>;
  category: ExpenseCategory;
  isSplit: boolean;
  /** Who the expense is split between. */
  chosen: string[];
  mode: SplitMode;
  /** Each chosen person's shares, percentage or amount, as typed. */
  shareInputs: Record<string, string>;
}

export type ExpenseFormAction =
  | { type: 'set'; changes: Partial<Pick<ExpenseFormState, 'title' | 'amountText' | 'rateText' | 'spentOn'>> }
  | { type: 'category'; category: ExpenseCategory }
  | { type: 'currency'; currency: Currency; lastRates: Readonly<Record<string, number>> }
  | { type: 'paid-by'; paidBy: string }
  | { type: 'payer-amount'; userId: string; text: string }
  | { type: 'split'; isSplit: boolean }
  | { type: 'mode'; mode: SplitMode }
  | { type: 'choose'; userId: string; isChosen: boolean }
  | { type: 'share-input'; userId: string; text: string };

const cents = (minor: number) => (minor / 100).toFixed(2);

/** The form for a new expense (paid by me, split between everyone where the plan splits), or for `expense`. */
export function initialExpenseForm(
  expense: ExpenseRow | undefined,
  ctx: { peopleIds: readonly string[]; myUserId: string; canSplit: boolean; today: string; eventCurrency: Currency },
): ExpenseFormState {
  const shares = expense?.shares ?? [];
  return {
    title: expense?.title ?? '',
    amountText: expense ? cents(expense.amount_minor) : '',
    currency: (expense?.currency as Currency | undefined) ?? ctx.eventCurrency,
    eventCurrency: ctx.eventCurrency,
    rateText: expense?.rate_e6 ? formatRate(expense.rate_e6) : '1',
    spentOn: expense?.spent_on ?? ctx.today,
    paidBy: expense?.payers?.length ? SEVERAL : (expense?.paid_by ?? ctx.myUserId),
    payerInputs: Object.fromEntries((expense?.payers ?? []).map((p) => [p.user_id, cents(p.paid_minor)])),
    category: (expense?.category as ExpenseCategory | undefined) ?? 'food',
    isSplit: ctx.canSplit && (expense ? shares.length > 0 : true),
    chosen: shares.length ? shares.map((s) => s.user_id) : [...ctx.peopleIds],
    mode: 'equal',
    shareInputs: {},
  };
}

export function expenseFormReducer(state: ExpenseFormState, action: ExpenseFormAction): ExpenseFormState {
  switch (action.type) {
    case 'set':
      return { ...state, ...action.changes };
    case 'category':
      return { ...state, category: action.category };
    case 'currency': {
      // Another currency starts from the rate last used for it in this event.
      const last = action.lastRates[action.currency];
      const rateText = action.currency === state.eventCurrency ? state.rateText : last ? formatRate(last) : '';
      return { ...state, currency: action.currency, rateText };
    }
    case 'paid-by':
      return { ...state, paidBy: action.paidBy };
    case 'payer-amount':
      return { ...state, payerInputs: { ...state.payerInputs, [action.userId]: action.text } };
    case 'split':
      return { ...state, isSplit: action.isSplit };
    case 'mode':
      return { ...state, mode: action.mode };
    case 'choose':
      return {
        ...state,
        chosen: action.isChosen
          ? [...state.chosen.filter((id) => id !== action.userId), action.userId]
          : state.chosen.filter((id) => id !== action.userId),
      };
    case 'share-input':
      return { ...state, shareInputs: { ...state.shareInputs, [action.userId]: action.text } };
  }
}

/** What the form shows while it is filled in: the amount and rate read, the split and payers, or why not. */
export function expenseFormPreview(state: ExpenseFormState) {
  const amount = parseMoney(state.amountText);
  const hasAmount = amount !== null && amount > 0;
  const rate = state.currency === state.eventCurrency ? RATE_ONE : parseRate(state.rateText);
  const split =
    state.isSplit && hasAmount ? sharesOf(amount, state.mode, state.chosen, state.shareInputs, state.currency) : null;
  const payers = state.paidBy === SEVERAL && hasAmount ? payersOf(amount, state.payerInputs, state.currency) : null;
  return { amount, rate, split, payers };
}

export interface ExpenseFields {
  title: string;
  amount_minor: number;
  currency: Currency;
  rate_e6: number;
  spent_on: string;
  paid_by: string;
  payers: Payer[];
  category: ExpenseCategory;
  shares: Share[];
}

/** The expense the form describes, or the first reason it describes none. */
export function readExpenseForm(state: ExpenseFormState): { fields: ExpenseFields } | { error: string } {
  const { amount, rate, split, payers } = expenseFormPreview(state);
  if (!state.title.trim()) return { error: 'The expense needs a title.' };
  if (amount === null || amount <= 0) return { error: 'Enter the amount, like 42.50.' };
  if (rate === null)
    return { error: `Enter the rate: how many ${state.eventCurrency} one ${state.currency} is, like 0.95.` };
  if (typeof payers === 'string') return { error: payers };
  if (typeof split === 'string') return { error: split };
  return {
    fields: {
      title: state.title.trim(),
      amount_minor: amount,
      currency: state.currency,
      rate_e6: rate,
      spent_on: state.spentOn,
      paid_by: payers ? mainPayer(payers) : state.paidBy,
      payers: payers ?? [],
      category: state.category,
      shares: split ?? [],
    },
  };
}

/**
 * The changes an edit makes to `expense`: the fields that differ, with the whole money group when
 * any money field differs, and the receipt's removal when asked for.
 */
export function expenseChanges(
  expense: ExpenseRow,
  fields: ExpenseFields,
  removeReceipt: boolean,
): Record<string, unknown> {
  const before: Record<string, unknown> = {
    ...expense,
    rate_e6: expense.rate_e6 ?? RATE_ONE,
    payers: expense.payers ?? [],
  };
  const changed = (Object.keys(fields) as (keyof ExpenseFields)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(fields[key]),
  );
  const keys = groupsOf(Object.fromEntries(changed.map((k) => [k, true]))).includes('money')
    ? [...new Set([...changed, ...EXPENSE_EDIT_GROUPS.money.fields])]
    : changed;
  const changes: Record<string, unknown> = Object.fromEntries(
    keys.filter((key) => key in fields).map((key) => [key, fields[key as keyof ExpenseFields]]),
  );
  if (removeReceipt && expense.receipt_path) changes.receipt_path = null;
  return changes;
}
