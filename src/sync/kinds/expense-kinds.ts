/**
 * Mutation kinds of shared expenses: record an expense (the device gives it its id), change it
 * (changed fields only, so two members editing different fields of one expense both keep their
 * change, and the later one wins a field both changed), delete it (a tombstone), and record or
 * undo a settlement. Amounts are cents; shares are computed on the device (money.ts) and checked
 * by the database (members only, adding up to the amount, the tier's kind of split).
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import { expensesSource, settlementsSource } from '../pull-sources.ts';
import { MutationValidationError } from '../send-errors.ts';
import { insertOnce, softDelete, updateOne } from './rest-writes.ts';

const eventRef = (id: string) => `event:${id}`;
const expenseRef = (id: string) => `expense:${id}`;
const settlementRef = (id: string) => `settlement:${id}`;

export const EXPENSE_CATEGORIES = ['food', 'drinks', 'transport', 'camping', 'tickets', 'gear', 'other'] as const;

const cents = z.number().int().min(1, 'The amount must be more than 0').max(100_000_000_000);
const shareSchema = z.object({ user_id: z.string(), share_minor: z.number().int().min(0) });

const fields = z.object({
  title: z.string().trim().min(1, 'The expense needs a title').max(200),
  amount_minor: cents,
  spent_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD'),
  paid_by: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  shares: z.array(shareSchema),
});

function checkShares(values: { amount_minor?: number; shares?: { share_minor: number }[] }): void {
  if (!values.shares?.length || values.amount_minor === undefined) return;
  const total = values.shares.reduce((sum, s) => sum + s.share_minor, 0);
  if (total !== values.amount_minor)
    throw new MutationValidationError(
      `The shares add up to ${total} cents, not the ${values.amount_minor} of the expense.`,
    );
}

const createArgs = fields.extend({ eventId: z.string(), id: z.string().optional(), at: z.string().optional() });
type CreateArgs = z.infer<typeof createArgs>;

export const createExpense: MutationKind<CreateArgs> = {
  name: 'expense.create',
  args: createArgs,
  validate: checkShares,
  prepare: (args, ctx) => ({ ...args, id: args.id ?? crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId)],
  creates: (args) => [expenseRef(args.id!)],
  async applyLocal(w, args) {
    const existing = await w.get('expenses', args.id!);
    await w.put('expenses', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      title: args.title,
      amount_minor: args.amount_minor,
      currency: existing?.currency ?? 'CHF',
      spent_on: args.spent_on,
      paid_by: args.paid_by,
      category: args.category,
      shares: args.shares,
      created_by: existing?.created_by ?? w.userId,
      created_at: existing?.created_at ?? args.at!,
      updated_at: existing?.updated_at ?? args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'expenses',
      {
        id: args.id,
        event_id: args.eventId,
        title: args.title,
        amount_minor: args.amount_minor,
        spent_on: args.spent_on,
        paid_by: args.paid_by,
        category: args.category,
        shares: args.shares,
      },
      expensesSource.select,
    ),
  async reconcile(w, args, result) {
    const { row } = expensesSource.toRow(result as Record<string, unknown>, w.userId);
    await w.storeServer('expenses', args.id!, row);
  },
};

const updateArgs = z.object({
  id: z.string(),
  changes: fields.partial().refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
});
type UpdateArgs = z.infer<typeof updateArgs>;

export const updateExpense: MutationKind<UpdateArgs> = {
  name: 'expense.update',
  args: updateArgs,
  validate: (args) => checkShares(args.changes),
  refs: (args) => [expenseRef(args.id)],
  async applyLocal(w, args) {
    await w.update('expenses', args.id, args.changes);
  },
  send: ({ client }, args) =>
    updateOne(client, 'expenses', args.id, args.changes, 'This expense no longer exists, or you cannot change it'),
};

const idArgs = z.object({ id: z.string() });
type IdArgs = z.infer<typeof idArgs>;

export const deleteExpense: MutationKind<IdArgs> = {
  name: 'expense.delete',
  args: idArgs,
  refs: (args) => [expenseRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('expenses', args.id);
  },
  send: ({ client }, args) =>
    softDelete(client, 'expenses', args.id, 'This expense no longer exists, or you cannot delete it'),
};

const settleArgs = z.object({
  eventId: z.string(),
  id: z.string().optional(),
  from_user: z.string(),
  to_user: z.string(),
  amount_minor: cents,
  at: z.string().optional(),
});
type SettleArgs = z.infer<typeof settleArgs>;

export const recordSettlement: MutationKind<SettleArgs> = {
  name: 'settlement.record',
  args: settleArgs,
  validate: (args) => {
    if (args.from_user === args.to_user) throw new MutationValidationError('A settlement is between two people.');
  },
  prepare: (args, ctx) => ({ ...args, id: args.id ?? crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId)],
  creates: (args) => [settlementRef(args.id!)],
  async applyLocal(w, args) {
    await w.put('settlements', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      from_user: args.from_user,
      to_user: args.to_user,
      amount_minor: args.amount_minor,
      currency: 'CHF',
      created_by: w.userId,
      created_at: args.at!,
      updated_at: args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'settlements',
      {
        id: args.id,
        event_id: args.eventId,
        from_user: args.from_user,
        to_user: args.to_user,
        amount_minor: args.amount_minor,
      },
      settlementsSource.select,
    ),
  async reconcile(w, args, result) {
    const { row } = settlementsSource.toRow(result as Record<string, unknown>, w.userId);
    await w.storeServer('settlements', args.id!, row);
  },
};

export const undoSettlement: MutationKind<IdArgs> = {
  name: 'settlement.undo',
  args: idArgs,
  refs: (args) => [settlementRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('settlements', args.id);
  },
  send: ({ client }, args) =>
    softDelete(client, 'settlements', args.id, 'This settlement no longer exists, or you cannot undo it'),
};

export const expenseKinds = [createExpense, updateExpense, deleteExpense, recordSettlement, undoSettlement];
