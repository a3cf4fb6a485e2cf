/**
 * Live reads of the mirrored tables that most screens make: the rows with one value of an index,
 * every row, or one row by key, each read back through the table's row schema (a row that does
 * not parse is left out, see validated-read.ts). The answer keeps its identity while nothing
 * changed, and is empty (or null) while loading, when no one is signed in, and without a value.
 */
import type { z } from 'zod';
import type { MirrorTable, RowOf } from '../db/mirror.ts';
import { parseRow, parseRows } from '../db/validated-read.ts';
import { tableOf } from '../sync/local-writer.ts';
import { useDeviceQuery } from './use-device-query.ts';

const NONE: never[] = [];

type RowSchema<T extends MirrorTable> = z.ZodType<RowOf[T]>;

export interface RowsOptions<R> {
  /** Read in the order of the compound index `[{where}+{orderBy}]`. */
  orderBy?: string;
  /** Newest first (the index order reversed). */
  isReversed?: boolean;
  /** Orders or shapes the parsed rows (keep it a function of the rows only). */
  then?: (rows: R[]) => R[];
}

/** The rows of `table` whose indexed field `where` is `value`; none while `value` is missing. */
export function useRowsWhere<T extends MirrorTable>(
  table: T,
  schema: RowSchema<T>,
  where: keyof RowOf[T] & string,
  value: string | null | undefined,
  { orderBy, isReversed, then }: RowsOptions<RowOf[T]> = {},
): RowOf[T][] {
  return useDeviceQuery(
    async (db) => {
      if (!value) return NONE;
      const rows = tableOf(db, table);
      let found = orderBy
        ? rows.where(`[${where}+${orderBy}]`).between([value, ''], [value, '\uffff'])
        : rows.where(where).equals(value);
      if (isReversed) found = found.reverse();
      const parsed = parseRows(schema, await found.toArray());
      return then ? then(parsed) : parsed;
    },
    [table, where, value, orderBy, isReversed],
    NONE,
  );
}

/** Every row of `table` (a user's own lists: friends, templates, events). */
export function useAllRows<T extends MirrorTable>(
  table: T,
  schema: RowSchema<T>,
  then?: (rows: RowOf[T][]) => RowOf[T][],
): RowOf[T][] {
  return useDeviceQuery(
    async (db) => {
      const parsed = parseRows(schema, await tableOf(db, table).toArray());
      return then ? then(parsed) : parsed;
    },
    [table],
    NONE,
  );
}

/** The key of the signed-in user's own row (their profile, their subscription). */
export const MINE = Symbol('the signed-in user');

/** One row by key; null while the key is missing. */
export function useRow<T extends MirrorTable>(
  table: T,
  schema: RowSchema<T>,
  key: string | typeof MINE | null | undefined,
): RowOf[T] | null {
  return useDeviceQuery(
    async (db, me) => {
      const rowKey = key === MINE ? me : key;
      return rowKey ? (parseRow(schema, await tableOf(db, table).get(rowKey)) ?? null) : null;
    },
    [table, key],
    null,
  );
}
