/**
 * `npm run bench:money`: the Expenses page's money maths on a big event, as it runs on every
 * change of the page's data: balances in CHF (expenses in another currency carried over by largest
 * remainder, several payers) and the settle-up plan, for 30 members, 2,000 expenses (half in
 * euros, a third paid by two people) and 100 payments. Median of 50 runs after 5 warm-ups; goal:
 * under 16 ms (one frame). Prints a table; writes bench/results/money.json. Not part of the tests.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { balances, settleUp, splitEqually, type ExpenseLike } from '../src/features/expenses/money.ts';

const root = path.resolve(import.meta.dirname, '..');
const ids = Array.from({ length: 30 }, (_, i) => `member-${String(i).padStart(2, '0')}`);
const expenses: ExpenseLike[] = Array.from({ length: 2000 }, (_, i) => {
  const amount = 1000 + ((i * 7919) % 50000);
  const payers =
    i % 3 === 0
      ? [
          { user_id: ids[i % 30], paid_minor: amount - 500 },
          { user_id: ids[(i + 1) % 30], paid_minor: 500 },
        ]
      : [];
  return {
    paid_by: ids[i % 30],
    amount_minor: amount,
    payers,
    rate_e6: i % 2 ? 935_500 : 1_000_000,
    shares: splitEqually(amount, ids.slice(0, 5 + (i % 25))),
  };
});
const settlements = Array.from({ length: 100 }, (_, i) => ({
  from_user: ids[i % 30],
  to_user: ids[(i + 3) % 30],
  amount_minor: 1234,
}));

for (let k = 0; k < 5; k++) settleUp(balances(ids, expenses, settlements));
const samples: number[] = [];
let transfers = 0;
for (let k = 0; k < 50; k++) {
  const start = performance.now();
  transfers = settleUp(balances(ids, expenses, settlements)).length;
  samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
const results = {
  'balances + settle-up, median (ms)': Number(samples[25].toFixed(2)),
  'balances + settle-up, slowest (ms)': Number(samples[49].toFixed(2)),
  'transfers suggested (at most 29)': transfers,
};
console.table(results);
await mkdir(path.join(root, 'bench', 'results'), { recursive: true });
await writeFile(path.join(root, 'bench', 'results', 'money.json'), JSON.stringify(results, null, 2));
