/**
 * The mirrored tables of the device database, by their Dexie names, and the type of their rows.
 * The database layer names no feature: each feature declares its tables' row types here through
 * declaration merging, beside its row schemas (`declare module '…/db/mirror.ts' { interface RowOf
 * { expenses: ExpenseRow } }`), the way TanStack Router's `Register` or Vue's
 * `ComponentCustomProperties` are filled in. Every program that includes a feature's `sync/`
 * folder (the app, the service worker, the tests) sees its tables.
 */
import type { Table } from 'dexie';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features
export interface RowOf {}

export type MirrorTable = keyof RowOf & string;

/** The Dexie tables of the mirrored rows, as properties of the database (`db.expenses`). */
export type MirrorTables = { readonly [T in MirrorTable]: Table<RowOf[T], string> };
