import { describe, expect, it } from 'vitest';
import { mainPayer, payersOf, sharesOf } from './expense-split.ts';
import { formatMoney } from './money.ts';

const total = (shares: { share_minor: number }[]) => shares.reduce((sum, s) => sum + s.share_minor, 0);

describe('sharesOf', () => {
  it('asks who the expense was for when nobody is chosen', () => {
    expect(sharesOf(1000, 'equal', [], {})).toBe('Choose who the expense was for.');
  });

  it('splits equally, the odd cents to the lower ids, adding up to the amount', () => {
    expect(sharesOf(1000, 'equal', ['cy', 'ada', 'bo'], {})).toEqual([
      { user_id: 'ada', share_minor: 334 },
      { user_id: 'bo', share_minor: 333 },
      { user_id: 'cy', share_minor: 333 },
    ]);
  });

  it('takes exact amounts only when they add up to the amount', () => {
    expect(sharesOf(3000, 'exact', ['bo', 'ada'], { ada: '12.50', bo: '17.50' })).toEqual([
      { user_id: 'ada', share_minor: 1250 },
      { user_id: 'bo', share_minor: 1750 },
    ]);
    expect(sharesOf(3000, 'exact', ['ada', 'bo'], { ada: '12.50', bo: '10' })).toBe(
      `The amounts add up to ${formatMoney(2250, 'CHF')}, not ${formatMoney(3000, 'CHF')}.`,
    );
    expect(sharesOf(3000, 'exact', ['ada', 'bo'], { ada: '12.5.0', bo: '10' })).toBe(
      'Give each person an amount, like 12.50.',
    );
    expect(sharesOf(3000, 'exact', ['ada', 'bo'], { ada: '30' }, 'EUR')).toBe(
      'Give each person an amount, like 12.50.',
    );
  });

  it('words the currency of the expense in the exact amounts check', () => {
    expect(sharesOf(3000, 'exact', ['ada'], { ada: '20' }, 'EUR')).toBe(
      `The amounts add up to ${formatMoney(2000, 'EUR')}, not ${formatMoney(3000, 'EUR')}.`,
    );
  });

  it('divides by shares, with a comma as the decimal mark', () => {
    const shares = sharesOf(1000, 'shares', ['ada', 'bo'], { ada: '1,5', bo: '0.5' });
    expect(shares).toEqual([
      { user_id: 'ada', share_minor: 750 },
      { user_id: 'bo', share_minor: 250 },
    ]);
  });

  it('needs a number of shares from each person, and at least one share', () => {
    expect(sharesOf(1000, 'shares', ['ada', 'bo'], { ada: '2' })).toBe('Give each person a number of shares.');
    expect(sharesOf(1000, 'shares', ['ada', 'bo'], { ada: '2', bo: '-1' })).toBe(
      'Give each person a number of shares.',
    );
    expect(sharesOf(1000, 'shares', ['ada', 'bo'], { ada: '0', bo: '0' })).toBe('At least one person needs a share.');
  });

  it('takes percentages that make 100, and says what they make otherwise', () => {
    const shares = sharesOf(999, 'percent', ['ada', 'bo', 'cy'], { ada: '50', bo: '25', cy: '25' });
    expect(typeof shares).not.toBe('string');
    expect(total(shares as { share_minor: number }[])).toBe(999);
    expect(sharesOf(999, 'percent', ['ada', 'bo'], { ada: '50', bo: '40' })).toBe(
      'The percentages add up to 90, not 100.',
    );
    expect(sharesOf(999, 'percent', ['ada', 'bo'], { ada: '50' })).toBe('Give each person a percentage.');
  });
});

describe('payersOf', () => {
  it('takes the payers with an amount, ordered by id, when they add up to the amount', () => {
    expect(payersOf(10000, { bo: '60', ada: '40', cy: '' })).toEqual([
      { user_id: 'ada', paid_minor: 4000 },
      { user_id: 'bo', paid_minor: 6000 },
    ]);
  });

  it('leaves out payers who paid 0', () => {
    expect(payersOf(10000, { ada: '100', bo: '0' })).toEqual([{ user_id: 'ada', paid_minor: 10000 }]);
  });

  it('says why the payers do not describe the expense', () => {
    expect(payersOf(10000, {})).toBe('Enter what each person paid.');
    expect(payersOf(10000, { ada: 'ten' })).toBe('Give each payer an amount, like 12.50.');
    expect(payersOf(10000, { ada: '50', bo: '40' }, 'EUR')).toBe(
      `What the payers paid adds up to ${formatMoney(9000, 'EUR')}, not ${formatMoney(10000, 'EUR')}.`,
    );
  });
});

describe('mainPayer', () => {
  it('is who paid most, ties to the lower id', () => {
    expect(
      mainPayer([
        { user_id: 'ada', paid_minor: 100 },
        { user_id: 'bo', paid_minor: 300 },
      ]),
    ).toBe('bo');
    expect(
      mainPayer([
        { user_id: 'cy', paid_minor: 200 },
        { user_id: 'bo', paid_minor: 200 },
      ]),
    ).toBe('bo');
  });
});
