import { describe, expect, it } from 'vitest';
import type { ExpenseRow } from './sync/expense-rows.ts';
import {
  expenseChanges,
  expenseFormReducer,
  initialExpenseForm,
  readExpenseForm,
  SEVERAL,
  type ExpenseFormAction,
  type ExpenseFormState,
} from './expense-form.ts';

const ctx = {
  peopleIds: ['ada', 'bo', 'cy'],
  myUserId: 'ada',
  canSplit: true,
  today: '2027-07-10',
  eventCurrency: 'CHF' as const,
};

function expense(overrides: Partial<ExpenseRow> = {}): ExpenseRow {
  return {
    key: 'e1',
    id: 'e1',
    event_id: 'ev1',
    title: 'Groceries',
    amount_minor: 9000,
    currency: 'CHF',
    spent_on: '2027-07-09',
    paid_by: 'ada',
    category: 'food',
    shares: [
      { user_id: 'ada', share_minor: 3000 },
      { user_id: 'bo', share_minor: 3000 },
      { user_id: 'cy', share_minor: 3000 },
    ],
    field_edits: {},
    created_by: 'ada',
    created_at: '2027-07-09T10:00:00Z',
    updated_at: '2027-07-09T10:00:00Z',
    ...overrides,
  };
}

const apply = (state: ExpenseFormState, ...actions: ExpenseFormAction[]) => actions.reduce(expenseFormReducer, state);

describe('initialExpenseForm', () => {
  it('starts a new expense paid by me, today, split between everyone', () => {
    const form = initialExpenseForm(undefined, ctx);
    expect(form).toMatchObject({ paidBy: 'ada', spentOn: '2027-07-10', isSplit: true, currency: 'CHF' });
    expect(form.chosen).toEqual(['ada', 'bo', 'cy']);
  });

  it('does not split where the plan has no splitting', () => {
    expect(initialExpenseForm(undefined, { ...ctx, canSplit: false }).isSplit).toBe(false);
  });

  it('reads an expense back: amounts as text, several payers, the people it is split between', () => {
    const form = initialExpenseForm(
      expense({
        amount_minor: 1050,
        currency: 'EUR',
        rate_e6: 950_000,
        payers: [
          { user_id: 'ada', paid_minor: 50 },
          { user_id: 'bo', paid_minor: 1000 },
        ],
        shares: [{ user_id: 'bo', share_minor: 1050 }],
      }),
      ctx,
    );
    expect(form).toMatchObject({ amountText: '10.50', rateText: '0.95', paidBy: SEVERAL, chosen: ['bo'] });
    expect(form.payerInputs).toEqual({ ada: '0.50', bo: '10.00' });
  });

  it('reads a manual (not split) expense as not split', () => {
    expect(initialExpenseForm(expense({ shares: [] }), ctx).isSplit).toBe(false);
  });
});

describe('expenseFormReducer', () => {
  it('starts another currency from the rate last used for it, or empty', () => {
    const form = initialExpenseForm(undefined, ctx);
    expect(expenseFormReducer(form, { type: 'currency', currency: 'EUR', lastRates: { EUR: 935_500 } }).rateText).toBe(
      '0.9355',
    );
    expect(expenseFormReducer(form, { type: 'currency', currency: 'USD', lastRates: {} }).rateText).toBe('');
  });

  it('chooses and unchooses people without counting anyone twice', () => {
    const form = apply(
      initialExpenseForm(undefined, ctx),
      { type: 'choose', userId: 'bo', isChosen: false },
      { type: 'choose', userId: 'cy', isChosen: true },
    );
    expect(form.chosen).toEqual(['ada', 'cy']);
  });

  it('keeps what was typed for each payer and each share', () => {
    const form = apply(
      initialExpenseForm(undefined, ctx),
      { type: 'payer-amount', userId: 'bo', text: '12' },
      { type: 'share-input', userId: 'cy', text: '2' },
    );
    expect(form.payerInputs).toEqual({ bo: '12' });
    expect(form.shareInputs).toEqual({ cy: '2' });
  });
});

describe('readExpenseForm', () => {
  const filled = (...actions: ExpenseFormAction[]) =>
    apply(
      initialExpenseForm(undefined, ctx),
      { type: 'set', changes: { title: ' Groceries ', amountText: '90' } },
      ...actions,
    );

  it('reads a filled form as the expense, split equally', () => {
    expect(readExpenseForm(filled())).toEqual({
      fields: {
        title: 'Groceries',
        amount_minor: 9000,
        currency: 'CHF',
        rate_e6: 1_000_000,
        spent_on: '2027-07-10',
        paid_by: 'ada',
        payers: [],
        category: 'food',
        shares: [
          { user_id: 'ada', share_minor: 3000 },
          { user_id: 'bo', share_minor: 3000 },
          { user_id: 'cy', share_minor: 3000 },
        ],
      },
    });
  });

  it('gives the first problem in the order of the fields', () => {
    expect(readExpenseForm(filled({ type: 'set', changes: { title: ' ' } }))).toEqual({
      error: 'The expense needs a title.',
    });
    expect(readExpenseForm(filled({ type: 'set', changes: { amountText: '0' } }))).toEqual({
      error: 'Enter the amount, like 42.50.',
    });
    expect(
      readExpenseForm(
        filled({ type: 'currency', currency: 'GBP', lastRates: {} }, { type: 'paid-by', paidBy: SEVERAL }),
      ),
    ).toEqual({ error: 'Enter the rate: how many CHF one GBP is, like 0.95.' });
    expect(readExpenseForm(filled({ type: 'paid-by', paidBy: SEVERAL }, { type: 'mode', mode: 'exact' }))).toEqual({
      error: 'Enter what each person paid.',
    });
    expect(readExpenseForm(filled({ type: 'mode', mode: 'percent' }))).toEqual({
      error: 'Give each person a percentage.',
    });
  });

  it('makes the one who paid most the main payer of several', () => {
    const read = readExpenseForm(
      filled(
        { type: 'paid-by', paidBy: SEVERAL },
        { type: 'payer-amount', userId: 'cy', text: '60' },
        { type: 'payer-amount', userId: 'bo', text: '30' },
      ),
    );
    expect('fields' in read && read.fields.paid_by).toBe('cy');
    expect('fields' in read && read.fields.payers).toEqual([
      { user_id: 'bo', paid_minor: 3000 },
      { user_id: 'cy', paid_minor: 6000 },
    ]);
  });

  it('reads an expense that is not split as one without shares', () => {
    const read = readExpenseForm(filled({ type: 'split', isSplit: false }));
    expect('fields' in read && read.fields.shares).toEqual([]);
  });
});

describe('an event in euros', () => {
  const euro = { ...ctx, eventCurrency: 'EUR' as const };
  const filled = (...actions: ExpenseFormAction[]) =>
    apply(
      initialExpenseForm(undefined, euro),
      { type: 'set', changes: { title: 'Brot', amountText: '9' } },
      ...actions,
    );

  it('starts a new expense in euros at a rate of 1, and asks a rate in euros of francs', () => {
    expect(readExpenseForm(filled())).toMatchObject({ fields: { currency: 'EUR', rate_e6: 1_000_000 } });
    const francs = filled({ type: 'currency', currency: 'CHF', lastRates: {} });
    expect(readExpenseForm(francs)).toEqual({ error: 'Enter the rate: how many EUR one CHF is, like 0.95.' });
    const rated = apply(francs, { type: 'set', changes: { rateText: '1.05' } });
    expect(readExpenseForm(rated)).toMatchObject({ fields: { currency: 'CHF', rate_e6: 1_050_000 } });
  });
});

describe('expenseChanges', () => {
  const fieldsOf = (state: ExpenseFormState) => {
    const read = readExpenseForm(state);
    if ('error' in read) throw new Error(read.error);
    return read.fields;
  };

  it('sends only the title when only the title changed', () => {
    const row = expense();
    const form = expenseFormReducer(initialExpenseForm(row, ctx), { type: 'set', changes: { title: 'Food' } });
    expect(expenseChanges(row, fieldsOf(form), false)).toEqual({ title: 'Food' });
  });

  it('sends nothing when nothing changed', () => {
    const row = expense();
    expect(expenseChanges(row, fieldsOf(initialExpenseForm(row, ctx)), false)).toEqual({});
  });

  it('sends the whole money group when the amount changed', () => {
    const row = expense();
    const form = expenseFormReducer(initialExpenseForm(row, ctx), { type: 'set', changes: { amountText: '60' } });
    expect(Object.keys(expenseChanges(row, fieldsOf(form), false)).sort()).toEqual(
      ['amount_minor', 'currency', 'paid_by', 'payers', 'rate_e6', 'shares'].sort(),
    );
  });

  it('removes the receipt only when asked and the expense has one', () => {
    const row = expense({ receipt_path: 'ev1/e1.jpg' });
    const fields = fieldsOf(initialExpenseForm(row, ctx));
    expect(expenseChanges(row, fields, true)).toEqual({ receipt_path: null });
    expect(expenseChanges(expense(), fields, true)).toEqual({});
  });
});
