/** The device rows of expenses: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { nullableText, tableRows, withKey } from '../../../db/row-values.ts';
import { editTracking, sentOnly } from '../../../sync/edit-groups.ts';

/** A share of an expense: whom it was for and how many cents of it. */
const expenseShareSchema = z.object({ user_id: z.string(), share_minor: z.number().int() });

/** One of several payers of an expense and how many cents (of the expense's currency) they paid. */
const expensePayerSchema = z.object({ user_id: z.string(), paid_minor: z.number().int() });

export type { ReplacedEdit } from '../../../sync/edit-groups.ts';

/**
 * An expense, in cents of `currency` at `rate_e6` (CHF per unit, times a million, fixed when it
 * was entered; `amount_event_minor` is the amount in CHF); `shares` is empty for a manual (not
 * split) expense, `payers` empty when `paid_by` paid it all. Rows stored before these columns
 * existed lack the optional fields: read them through `expenseMoney` in money.ts.
 */
export const expenseRowSchema = tableRows.expenses
  .omit({ deleted_at: true, ...sentOnly })
  .extend({
    ...withKey,
    rate_e6: z.number().int().optional(),
    amount_event_minor: z.number().int().optional(),
    payers: z.array(expensePayerSchema).optional(),
    shares: z.array(expenseShareSchema),
    receipt_path: nullableText.optional(),
    ...editTracking,
  })
  .describe('expenses');

export type ExpenseRow = z.infer<typeof expenseRowSchema>;

/** Money paid back from one member to another. */
export const settlementRowSchema = tableRows.settlements
  .omit({ deleted_at: true })
  .extend({
    ...withKey,
    /** Paid in another currency at a fixed rate (organizer); `amount_minor` is what it settled in CHF. */
    paid_currency: nullableText.optional(),
    paid_amount_minor: z.number().int().nullable().optional(),
    paid_rate_e6: z.number().int().nullable().optional(),
  })
  .describe('settlements');

export type SettlementRow = z.infer<typeof settlementRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    expenses: ExpenseRow;
    settlements: SettlementRow;
  }
}
