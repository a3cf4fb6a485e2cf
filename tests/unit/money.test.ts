/**
 * The money maths as invariants (fast-check): every split adds up to its amount; balances add up
 * to zero; recording the whole settle-up plan brings every balance to zero; the plan has at most
 * n-1 transfers; recording one suggested transfer leaves the others exactly as they were; splits
 * are deterministic (whatever the order of the members given).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balances,
  expenseInEventCurrency,
  formatRate,
  fromEventMinor,
  parseRate,
  toEventMinor,
  parseMoney,
  settleUp,
  splitByWeights,
  splitEqually,
  type ExpenseLike,
  type SettlementLike,
} from '../../src/features/expenses/money.ts';

const memberIds = fc.uniqueArray(fc.stringMatching(/^[a-f0-9]{4}$/), { minLength: 1, maxLength: 12 });
const cents = fc.integer({ min: 1, max: 10_000_000 });

/** An event: members, and expenses paid by one of them, split among some of them (by weights). */
const crew = memberIds.chain((ids) =>
  fc.record({
    ids: fc.constant(ids),
    expenses: fc.array(
      fc.record({
        amount: cents,
        payer: fc.constantFrom(...ids),
        // Several payers (organizer), and another currency at a fixed rate, now and then.
        payerWeights: fc.option(
          fc.array(fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 1, max: 100 })), {
            minLength: 1,
            maxLength: ids.length,
          }),
        ),
        rate: fc.oneof(fc.constant(1_000_000), fc.integer({ min: 1_000, max: 5_000_000 })),
        weights: fc.array(fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 1, max: 100 })), {
          minLength: 1,
          maxLength: ids.length,
        }),
      }),
      { maxLength: 25 },
    ),
  }),
);

function toExpenses(data: {
  expenses: {
    amount: number;
    payer: string;
    payerWeights: [string, number][] | null;
    rate: number;
    weights: [string, number][];
  }[];
}): ExpenseLike[] {
  return data.expenses.map((e) => {
    const weights = [...new Map(e.weights).entries()].map(([id, weight]) => ({ id, weight }));
    const payers = e.payerWeights
      ? splitByWeights(
          e.amount,
          [...new Map(e.payerWeights).entries()].map(([id, weight]) => ({ id, weight })),
        )
          .filter((p) => p.share_minor > 0)
          .map((p) => ({ user_id: p.user_id, paid_minor: p.share_minor }))
      : [];
    return {
      paid_by: payers[0]?.user_id ?? e.payer,
      amount_minor: e.amount,
      payers,
      rate_e6: e.rate,
      shares: splitByWeights(e.amount, weights),
    };
  });
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

describe('splits', () => {
  it('add up to the amount, in whole non-negative cents', () => {
    fc.assert(
      fc.property(
        cents,
        memberIds,
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 12, maxLength: 12 }),
        (amount, ids, raw) => {
          const weights = ids.map((id, i) => ({ id, weight: raw[i] }));
          fc.pre(weights.some((w) => w.weight > 0));
          const shares = splitByWeights(amount, weights);
          expect(sum(shares.map((s) => s.share_minor))).toBe(amount);
          for (const s of shares) expect(Number.isInteger(s.share_minor) && s.share_minor >= 0).toBe(true);
          for (const w of weights)
            if (w.weight === 0) expect(shares.find((s) => s.user_id === w.id)?.share_minor).toBe(0);
        },
      ),
    );
  });

  it('are equal to the cent, and the same whatever order the members come in', () => {
    fc.assert(
      fc.property(cents, memberIds, (amount, ids) => {
        const shares = splitEqually(amount, ids);
        const values = shares.map((s) => s.share_minor);
        expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
        expect(splitEqually(amount, [...ids].reverse())).toEqual(shares);
      }),
    );
  });

  it('gives the leftover cents to the largest remainders, ties to the lower id', () => {
    expect(splitEqually(100, ['c', 'a', 'b'])).toEqual([
      { user_id: 'a', share_minor: 34 },
      { user_id: 'b', share_minor: 33 },
      { user_id: 'c', share_minor: 33 },
    ]);
    // 10.00 by 1:2:2 = 2.00, 4.00, 4.00; by 1:1:1:3 = 1.666.. each, 5.00: the two first remainders win.
    expect(
      splitByWeights(1000, [
        { id: 'x', weight: 1 },
        { id: 'y', weight: 2 },
        { id: 'z', weight: 2 },
      ]).map((s) => s.share_minor),
    ).toEqual([200, 400, 400]);
    expect(
      splitByWeights(1000, [
        { id: 'a', weight: 1 },
        { id: 'b', weight: 1 },
        { id: 'c', weight: 1 },
        { id: 'd', weight: 3 },
      ]).map((s) => s.share_minor),
    ).toEqual([167, 167, 166, 500]);
  });
});

describe('balances and the settle-up plan', () => {
  it('balances add up to zero', () => {
    fc.assert(
      fc.property(crew, (data) => {
        expect(sum(balances(data.ids, toExpenses(data), []).values())).toBe(0);
      }),
    );
  });

  it('recording the whole plan settles everyone, in at most n-1 transfers', () => {
    fc.assert(
      fc.property(crew, (data) => {
        const expenses = toExpenses(data);
        const plan = settleUp(balances(data.ids, expenses, []));
        expect(plan.length).toBeLessThanOrEqual(Math.max(0, data.ids.length - 1));
        for (const t of plan) expect(t.amount).toBeGreaterThan(0);
        const settled: SettlementLike[] = plan.map((t) => ({
          from_user: t.from,
          to_user: t.to,
          amount_minor: t.amount,
        }));
        for (const value of balances(data.ids, expenses, settled).values()) expect(value).toBe(0);
      }),
    );
  });

  it('stays as it was when one suggested transfer is recorded', () => {
    fc.assert(
      fc.property(crew, fc.nat(), (data, pick) => {
        const expenses = toExpenses(data);
        const plan = settleUp(balances(data.ids, expenses, []));
        fc.pre(plan.length > 0);
        const paid = plan[pick % plan.length];
        const after = settleUp(
          balances(data.ids, expenses, [{ from_user: paid.from, to_user: paid.to, amount_minor: paid.amount }]),
        );
        expect(after).toEqual(plan.filter((t) => t !== paid));
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(crew, (data) => {
        const expenses = toExpenses(data);
        expect(settleUp(balances([...data.ids].reverse(), expenses, []))).toEqual(
          settleUp(balances(data.ids, expenses, [])),
        );
      }),
    );
  });

  it('leaves manual expenses (not split) out of the balances', () => {
    expect([...balances(['a', 'b'], [{ paid_by: 'a', amount_minor: 500, shares: [] }], []).values()]).toEqual([0, 0]);
  });
});

describe('parseMoney', () => {
  it('reads amounts with up to two decimals, and nothing else', () => {
    expect(parseMoney('12')).toBe(1200);
    expect(parseMoney('12.5')).toBe(1250);
    expect(parseMoney('12,05')).toBe(1205);
    expect(parseMoney("1'234.00")).toBe(123400);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '12.']) expect(parseMoney(bad)).toBeNull();
  });
});

describe('currencies', () => {
  it('turn an amount into CHF cents rounded half up, as the database does', () => {
    expect(toEventMinor(1001, 935_500)).toBe(936); // 9.364355
    expect(toEventMinor(1000, 1_234_567)).toBe(1235); // 12.34567
    expect(toEventMinor(1, 500_000)).toBe(1); // 0.5 -> 1
    expect(toEventMinor(3, 500_000)).toBe(2); // 1.5 -> 2
    expect(toEventMinor(12_345, 1_000_000)).toBe(12_345);
    expect(fromEventMinor(4530, 940_000)).toBe(4819); // 48.1915 EUR
  });

  it('carry payers and shares over to the CHF amount, adding up exactly', () => {
    fc.assert(
      fc.property(crew, (data) => {
        for (const e of toExpenses(data)) {
          const { amount, paid, owed } = expenseInEventCurrency(e);
          expect(amount).toBe(toEventMinor(e.amount_minor, e.rate_e6));
          expect(sum(paid.map((p) => p.share_minor))).toBe(amount);
          expect(sum(owed.map((s) => s.share_minor))).toBe(amount);
          if (e.rate_e6 === 1_000_000) expect(owed).toEqual(e.shares);
        }
      }),
    );
  });

  it('read and write rates with up to six decimals', () => {
    expect(parseRate('0.9355')).toBe(935_500);
    expect(parseRate('1,05')).toBe(1_050_000);
    expect(parseRate('0')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(parseRate('0.1234567')).toBeNull();
    expect(parseRate('abc')).toBeNull();
    expect(formatRate(935_500)).toBe('0.9355');
    expect(formatRate(2_000_000)).toBe('2');
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), (rate) => parseRate(formatRate(rate)) === rate));
  });
});
