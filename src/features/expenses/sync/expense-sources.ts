/** What a pull reads of expenses and settlements; the device rows are the server's columns (rowSource). */
import { rowSource } from '../../../sync/pull-source.ts';
import { expenseRowSchema, settlementRowSchema } from './expense-rows.ts';
import { object, objects, str, text } from '../../../sync/server-values.ts';

export const expensesSource = rowSource({
  table: 'expenses',
  remote: 'expenses',
  schema: expenseRowSchema,
  convert: {
    payers: (r) => objects(r.payers).map((p) => ({ user_id: str(p.user_id), paid_minor: Number(p.paid_minor) })),
    shares: (r) => objects(r.shares).map((s) => ({ user_id: str(s.user_id), share_minor: Number(s.share_minor) })),
    // {group: {at, by}}: when each field group was last changed, and by whom.
    field_edits: (r) =>
      Object.fromEntries(
        Object.entries(object(r.field_edits) ?? {}).map(([group, edit]) => {
          const e = object(edit);
          return [group, { at: str(e?.at), by: text(e?.by) }];
        }),
      ),
    replaced: (r) =>
      objects(r.replaced).map((e) => ({
        group: str(e.group),
        value: object(e.value) ?? {},
        by: text(e.by),
        at: str(e.at),
        replaced_by: text(e.replaced_by),
        replaced_at: str(e.replaced_at),
      })),
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
