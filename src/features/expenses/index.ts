/** The expenses feature's public API: what other features and the app may import (lint-enforced). */
export * from './sync/index.ts';
export * from './use-expenses.ts';
export { formatMoney, parseMoney, splitEqually } from './money.ts';
export type { Share } from './money.ts';
export { useEventCurrency } from './use-event-currency.ts';
