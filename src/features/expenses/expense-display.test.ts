import { describe, expect, it } from 'vitest';
import type { ReplacedEdit } from './sync/expense-rows.ts';
import type { SettlementRow } from './sync/expense-rows.ts';
import {
  balanceRows,
  balanceText,
  eventAmount,
  inEventCurrencyText,
  lastRates,
  myBalanceText,
  newestFirst,
  payersText,
  replacedValue,
  settlementText,
  totalSpent,
} from './expense-display.ts';
import { balances, formatMoney } from './money.ts';

const names: Record<string, string> = { ada: 'Ada', bo: 'Bo', cy: 'Cy' };
const nameOf = (id: string) => names[id] ?? 'A former member';

describe('amounts in the event currency', () => {
  it('takes the database amount, else converts at the rate, half up', () => {
    expect(eventAmount({ amount_minor: 1000, currency: 'EUR', rate_e6: 950_000, amount_event_minor: 951 })).toBe(951);
    expect(eventAmount({ amount_minor: 1001, currency: 'EUR', rate_e6: 950_000 })).toBe(951);
    expect(eventAmount({ amount_minor: 1234, currency: 'CHF' })).toBe(1234);
  });

  it('adds up what the event spent in CHF', () => {
    expect(
      totalSpent([
        { amount_minor: 1000, currency: 'CHF' },
        { amount_minor: 10_000, currency: 'EUR', rate_e6: 950_000 },
      ]),
    ).toBe(10_500);
  });

  it('words an expense in another currency with its CHF amount and the rate', () => {
    expect(inEventCurrencyText({ amount_minor: 10_000, currency: 'EUR', rate_e6: 950_000 }, 'CHF')).toBe(
      `${formatMoney(9500, 'CHF')} at 0.95`,
    );
  });
});

describe('balanceText', () => {
  it('says who gets money, who owes it and who is settled', () => {
    expect(balanceText(6000, 'CHF')).toBe(`gets ${formatMoney(6000, 'CHF')}`);
    expect(balanceText(-3000, 'CHF')).toBe(`owes ${formatMoney(3000, 'CHF')}`);
    expect(balanceText(0, 'CHF')).toBe('settled');
    // In the event's currency, whichever it is.
    expect(balanceText(6000, 'EUR')).toBe(`gets ${formatMoney(6000, 'EUR')}`);
    expect(balanceText(6000, 'EUR')).toContain('€');
  });
});

describe('payersText', () => {
  it('names the one payer, or the payers who paid most first', () => {
    expect(payersText({ paid_by: 'bo' }, nameOf)).toBe('Bo');
    expect(
      payersText(
        {
          paid_by: 'bo',
          payers: [
            { user_id: 'ada', paid_minor: 400 },
            { user_id: 'bo', paid_minor: 600 },
          ],
        },
        nameOf,
      ),
    ).toBe('Bo and Ada');
  });
});

describe('settlementText', () => {
  const settlement = (overrides: Partial<SettlementRow> = {}): SettlementRow => ({
    key: 's1',
    id: 's1',
    event_id: 'ev1',
    from_user: 'bo',
    to_user: 'ada',
    amount_minor: 950,
    currency: 'CHF',
    created_by: 'bo',
    created_at: '2027-07-10T10:00:00Z',
    updated_at: '2027-07-10T10:00:00Z',
    ...overrides,
  });

  it('words a payment, and what was paid in another currency', () => {
    expect(settlementText(settlement(), nameOf)).toBe(`Bo paid Ada ${formatMoney(950, 'CHF')}`);
    expect(
      settlementText(settlement({ paid_currency: 'EUR', paid_amount_minor: 1000, paid_rate_e6: 950_000 }), nameOf),
    ).toBe(`Bo paid Ada ${formatMoney(950, 'CHF')} (${formatMoney(1000, 'EUR')} at 0.95)`);
  });
});

describe('replacedValue', () => {
  const entry = (group: string, value: Record<string, unknown>): ReplacedEdit => ({
    group,
    value,
    by: 'ada',
    at: '2027-07-10T10:00:00Z',
    replaced_by: 'bo',
    replaced_at: '2027-07-10T10:00:01Z',
  });

  it('words the amount, the category or the text that was replaced', () => {
    expect(replacedValue(entry('money', { amount_minor: 4250, currency: 'EUR' }))).toBe(formatMoney(4250, 'EUR'));
    expect(replacedValue(entry('category', { category: 'drinks' }))).toBe('Drinks');
    expect(replacedValue(entry('title', { title: 'Beer' }))).toBe('Beer');
    expect(replacedValue(entry('receipt', { receipt_path: null }))).toBe('');
  });
});

describe('lastRates', () => {
  it('keeps the rate last entered for each currency, payments after expenses', () => {
    const rates = lastRates(
      [
        { created_at: '2027-07-02T00:00:00Z', currency: 'EUR', rate_e6: 960_000 },
        { created_at: '2027-07-01T00:00:00Z', currency: 'EUR', rate_e6: 940_000 },
        { created_at: '2027-07-01T00:00:00Z', currency: 'CHF' },
        { created_at: '2027-07-03T00:00:00Z', currency: 'GBP', rate_e6: 1_100_000 },
      ],
      [
        { paid_currency: 'GBP', paid_rate_e6: 1_120_000 },
        { paid_currency: null, paid_rate_e6: null },
      ],
    );
    expect(rates).toEqual({ EUR: 960_000, GBP: 1_120_000 });
  });
});

describe('balanceRows', () => {
  it('splits each balance into paid, share and settled, which add up to it', () => {
    const expenses = [
      {
        paid_by: 'ada',
        amount_minor: 9000,
        shares: [
          { user_id: 'ada', share_minor: 3000 },
          { user_id: 'bo', share_minor: 3000 },
          { user_id: 'cy', share_minor: 3000 },
        ],
      },
      { paid_by: 'bo', amount_minor: 500, shares: [] },
    ];
    const settlements = [{ from_user: 'bo', to_user: 'ada', amount_minor: 3000 }];
    const balance = balances(['ada', 'bo', 'cy'], expenses, settlements);
    const rows = balanceRows(expenses, balance);
    expect(rows).toEqual([
      { userId: 'ada', paid: 9000, share: 3000, settled: -3000, balance: 3000 },
      { userId: 'bo', paid: 0, share: 3000, settled: 3000, balance: 0 },
      { userId: 'cy', paid: 0, share: 3000, settled: 0, balance: -3000 },
    ]);
    for (const row of rows) expect(row.paid - row.share + row.settled).toBe(row.balance);
  });
});

describe('the order of the expenses and my balance', () => {
  it('lists the newest first: by the day spent, then by when each was entered, stable for equal ones', () => {
    const e = (id: string, spent_on: string, created_at: string) => ({ id, spent_on, created_at });
    const list = [
      e('a', '2027-07-01', '2027-07-01T08:00:00.000Z'),
      e('b', '2027-07-02', '2027-07-01T09:00:00.000Z'),
      e('c', '2027-07-01', '2027-07-03T10:00:00.000Z'),
      e('d', '2027-07-02', '2027-07-01T09:00:00.000Z'),
      e('e', '2027-06-30', '2027-07-04T10:00:00.000Z'),
    ];
    expect(newestFirst(list).map((x) => x.id)).toEqual(['d', 'b', 'c', 'a', 'e']);
    expect(newestFirst([...list].reverse()).map((x) => x.id)).toEqual(['d', 'b', 'c', 'a', 'e']);
  });

  it('words my own balance', () => {
    expect(myBalanceText(3000, 'CHF')).toMatch(/^You get back CHF\s30\.00$/);
    expect(myBalanceText(-950, 'CHF')).toMatch(/^You owe CHF\s9\.50$/);
    expect(myBalanceText(0, 'CHF')).toBe('You are settled up.');
  });
});
