/** The expenses feature's public API: what other features and the app may import (lint-enforced). */
export * from './sync/index.ts';
export * from './use-expenses.ts';
export { balances, formatMoney, parseMoney, splitEqually } from './money.ts';
export type { ExpenseLike, SettlementLike, Share } from './money.ts';
export { useEventCurrency } from './use-event-currency.ts';
