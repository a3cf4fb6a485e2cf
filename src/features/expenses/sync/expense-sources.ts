/** What a pull reads of expenses and settlements; the device rows are the server's columns (rowSource). */
import { rowSource } from '../../../sync/pull-source.ts';
import { expenseRowSchema, settlementRowSchema } from './expense-rows.ts';
import { objects, str } from '../../../sync/server-values.ts';
import { editConverters } from '../../../sync/edit-groups.ts';

export const expensesSource = rowSource({
  table: 'expenses',
  remote: 'expenses',
  schema: expenseRowSchema,
  convert: {
    payers: (r) => objects(r.payers).map((p) => ({ user_id: str(p.user_id), paid_minor: Number(p.paid_minor) })),
    shares: (r) => objects(r.shares).map((s) => ({ user_id: str(s.user_id), share_minor: Number(s.share_minor) })),
    ...editConverters,
  },
  inScope: 'event_id',
});

export const settlementsSource = rowSource({
  table: 'settlements',
  remote: 'settlements',
  schema: settlementRowSchema,
  inScope: 'event_id',
});

/** This feature's tables, in pull order (what a row points at comes first). */
export const expenseSources = [expensesSource, settlementsSource];
