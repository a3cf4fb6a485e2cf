/**
 * Shared expenses and settlements: this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { expenseKinds } from './expense-kinds.ts';
import { expenseSources } from './expense-sources.ts';

export * from './expense-rows.ts';
export * from './currency.ts';
export * from './expense-kinds.ts';

export const expensesSync = { kinds: expenseKinds, sources: expenseSources } satisfies SyncFeature;
