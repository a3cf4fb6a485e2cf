/**
 * Mutation kinds of shared expenses: record an expense (the device gives it its id), change it
 * (changed fields only, so two members editing different fields of one expense both keep their
 * change, and the later one wins a field both changed), delete it (a tombstone), and record or
 * undo a settlement. Amounts are cents; shares are computed on the device (money.ts) and checked
 * by the database (members only, adding up to the amount, the tier's kind of split).
 *
 * An edit says when it was made and which edit of each changed field group it was based on (the
 * `field_edits` the device had): when another member's edit of that group landed in between, the
 * database keeps the later-made one and records the other in `replaced` for its author to see.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import * as edits from '../../../sync/edit-groups.ts';
import { serverState } from '../../../sync/local-writer.ts';
import { expensesSource, settlementsSource } from './expense-sources.ts';
import { CURRENCIES, currencyOf, RATE_ONE, toEventMinor, type Currency } from './currency.ts';

const eventRef = kit.refTo('event');
const expenseRef = kit.refTo('expense');
const settlementRef = kit.refTo('settlement');

export const EXPENSE_CATEGORIES = ['food', 'drinks', 'transport', 'camping', 'tickets', 'gear', 'other'] as const;

const cents = z.number().int().min(1, 'The amount must be more than 0').max(100_000_000_000);
const shareSchema = z.object({ user_id: z.string(), share_minor: z.number().int().min(0) });
const payerSchema = z.object({ user_id: z.string(), paid_minor: z.number().int().min(1) });

const fields = z.object({
  title: z.string().trim().min(1, 'The expense needs a title').max(200),
  amount_minor: cents,
  currency: z.enum(CURRENCIES),
  rate_e6: z.number().int().min(1).max(1_000_000_000),
  spent_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD'),
  paid_by: z.string(),
  payers: z.array(payerSchema),
  category: z.enum(EXPENSE_CATEGORIES),
  shares: z.array(shareSchema),
});
type Fields = z.infer<typeof fields>;

/** An expense's field groups under the one conflict rule (the database's trigger names the same). */
export const EXPENSE_EDIT_GROUPS = {
  title: { fields: ['title'], label: 'title' },
  spent_on: { fields: ['spent_on'], label: 'date' },
  category: { fields: ['category'], label: 'category' },
  money: {
    fields: ['amount_minor', 'currency', 'rate_e6', 'paid_by', 'payers', 'shares'] as (keyof Fields)[],
    label: 'amount and split',
  },
  receipt: { fields: ['receipt_path'], label: 'receipt' },
} satisfies kit.EditGroups;

/** The groups an edit's changed fields belong to. */
export const groupsOf = (changes: object): string[] => edits.groupsOf(EXPENSE_EDIT_GROUPS, changes);

// At the event's currency the rate is 1: the database checks it (the event's currency is its).
function checkMoney(values: Partial<Fields>): void {
  if (values.amount_minor === undefined) return;
  if (values.shares?.length) {
    const total = values.shares.reduce((sum, s) => sum + s.share_minor, 0);
    if (total !== values.amount_minor)
      throw new kit.MutationValidationError(
        `The shares add up to ${total} cents, not the ${values.amount_minor} of the expense.`,
      );
  }
  if (values.payers?.length) {
    const paid = values.payers.reduce((sum, p) => sum + p.paid_minor, 0);
    if (paid !== values.amount_minor)
      throw new kit.MutationValidationError(
        `What the payers paid adds up to ${paid}, not the ${values.amount_minor} of the expense.`,
      );
  }
}

const createArgs = fields
  .partial({ currency: true, rate_e6: true, payers: true })
  .extend({ eventId: z.string(), id: z.string().optional(), at: z.string().optional() });

/** The currency of an event on the device (an expense or payment left without one is in it). */
async function eventCurrency(ctx: kit.PrepareContext, eventId: string): Promise<Currency> {
  return currencyOf(await ctx.db.events.get(eventId));
}

const createExpense = kit.createRowKind('expense.create', expensesSource, expenseRef, {
  args: createArgs,
  validate: checkMoney,
  prepare: async (args, ctx) => ({ currency: args.currency ?? (await eventCurrency(ctx, args.eventId)) }),
  needs: (args) => [eventRef(args.eventId)],
  row: (args, existing, userId) => {
    const { edited_at: _sentOnly, ...fields } = newExpense(args);
    return {
      key: args.id,
      ...fields,
      amount_event_minor: toEventMinor(args.amount_minor, args.rate_e6),
      receipt_path: existing?.receipt_path ?? null,
      field_edits: existing?.field_edits ?? kit.firstMarks(EXPENSE_EDIT_GROUPS, args.at, userId),
      replaced: existing?.replaced ?? [],
      ...kit.madeBy(existing, userId, args.at),
    };
  },
  insert: newExpense,
  describe: (args, ctx) => `Add an expense ${kit.quoted(args.title)}${kit.inEvent(ctx, 'to', args.eventId)}`,
});

/** The columns of a new expense, as sent (and, but for the edit time, as the device stores them). */
function newExpense(args: z.output<typeof createArgs> & { id: string; at: string; currency: Currency }) {
  return {
    id: args.id,
    event_id: args.eventId,
    title: args.title,
    amount_minor: args.amount_minor,
    currency: args.currency,
    rate_e6: args.rate_e6 ?? RATE_ONE,
    spent_on: args.spent_on,
    paid_by: args.paid_by,
    payers: args.payers ?? [],
    category: args.category,
    shares: args.shares,
    edited_at: args.at,
  };
}

const updateArgs = z.object({
  id: z.string(),
  // A receipt is added by its own kind (with its photo); an edit can only take it off.
  changes: fields
    .partial()
    .extend({ receipt_path: z.null().optional() })
    .refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
  /** The time of the last edit of each changed group the device had when this edit was made. */
  base: z.record(z.string(), z.string()).optional(),
  at: z.string().optional(),
});

const updateExpense = kit.defineKind({
  name: 'expense.update',
  args: updateArgs,
  validate: (args) => checkMoney(args.changes),
  prepare: async (args, ctx) => ({
    ...args,
    at: args.at ?? new Date(ctx.now).toISOString(),
    base: args.base ?? editBase(await serverState(ctx.db, 'expenses', args.id), args.changes),
  }),
  refs: (args) => [expenseRef(args.id)],
  async applyLocal(w, args) {
    const row = await w.get('expenses', args.id);
    if (!row) return;
    const next = { ...row, ...args.changes };
    await w.update('expenses', args.id, {
      ...args.changes,
      amount_event_minor: toEventMinor(next.amount_minor, next.rate_e6),
      field_edits: edits.markEdits(EXPENSE_EDIT_GROUPS, row, args.changes, args.at, w.userId),
    });
  },
  send: ({ client }, args) =>
    kit.updateOne(
      client,
      'expenses',
      args.id,
      { ...args.changes, edited_at: args.at, edit_base: args.base ?? {} },
      'This expense no longer exists, or you cannot change it',
    ),
  describe: () => 'Change an expense',
});

/** What an edit of `row` changing `changes` was based on: its groups' last edit times. */
export const editBase = (row: { field_edits?: edits.FieldEdits } | null, changes: object): Record<string, string> =>
  edits.editBase(EXPENSE_EDIT_GROUPS, row, changes);

const deleteExpense = kit.deleteRowKind('expense.delete', expensesSource, expenseRef, {
  missing: 'This expense no longer exists, or you cannot delete it',
  describe: 'Delete an expense',
});

const settleArgs = z.object({
  eventId: z.string(),
  id: z.string().optional(),
  from_user: z.string(),
  to_user: z.string(),
  amount_minor: cents,
  /** Paid in another currency at a fixed rate (organizer); `amount_minor` is what it settles in the event's. */
  paid: z
    .object({
      currency: z.enum(CURRENCIES),
      amount_minor: cents,
      rate_e6: z.number().int().min(1).max(1_000_000_000),
    })
    .optional(),
  at: z.string().optional(),
});

const recordSettlement = kit.createRowKind('settlement.record', settlementsSource, settlementRef, {
  args: settleArgs,
  prepare: async (args, ctx) => ({ currency: await eventCurrency(ctx, args.eventId) }),
  validate: (args) => {
    if (args.from_user === args.to_user) throw new kit.MutationValidationError('A settlement is between two people.');
  },
  needs: (args) => [eventRef(args.eventId)],
  row: (args, _existing, userId) => ({
    key: args.id,
    ...newSettlement(args),
    ...{ paid_currency: null, paid_amount_minor: null, paid_rate_e6: null, ...paidColumns(args) },
    currency: args.currency,
    ...kit.madeBy(undefined, userId, args.at),
  }),
  insert: (args) => ({ ...newSettlement(args), ...paidColumns(args) }),
  describe: (args, ctx) => `Record a payment${kit.inEvent(ctx, 'to', args.eventId)}`,
});

type SettleArgs = z.output<typeof settleArgs> & { id: string };

function newSettlement(args: SettleArgs) {
  const { id, eventId, from_user, to_user, amount_minor } = args;
  return { id, event_id: eventId, from_user, to_user, amount_minor };
}

/** Only when paid in another currency: other settlements never send the organizer's columns. */
function paidColumns({ paid }: SettleArgs) {
  return paid ? { paid_currency: paid.currency, paid_amount_minor: paid.amount_minor, paid_rate_e6: paid.rate_e6 } : {};
}

const undoSettlement = kit.deleteRowKind('settlement.undo', settlementsSource, settlementRef, {
  missing: 'This settlement no longer exists, or you cannot undo it',
  describe: 'Undo a payment',
});

const receiptArgs = z.object({
  eventId: z.string(),
  expenseId: z.string(),
  ...kit.photoArgs,
  base: z.record(z.string(), z.string()).optional(),
  at: z.string().optional(),
});

/**
 * A receipt photo for an expense: kept in the outbox while offline (the bytes, at most 5 MB),
 * uploaded to the event's folder of the private receipts bucket, then set on the expense. A replay
 * finds the file already there and sets the same path again.
 */
const attachReceipt = kit.defineKind({
  name: 'expense.attach-receipt',
  args: receiptArgs,
  validate: kit.checkPhoto,
  prepare(args, ctx) {
    return {
      ...args,
      path: args.path ?? `${args.eventId}/${args.expenseId}/receipt-${ctx.now}.${kit.photoExtension(args)}`,
      at: args.at ?? new Date(ctx.now).toISOString(),
    };
  },
  refs: (args) => [expenseRef(args.expenseId)],
  async applyLocal(w, args) {
    const row = await w.get('expenses', args.expenseId);
    if (!row) return;
    await w.update('expenses', args.expenseId, {
      receipt_path: args.path,
      field_edits: { ...row.field_edits, receipt: { at: args.at, by: w.userId } },
    });
  },
  async send({ client }, args) {
    await kit.uploadOnce(client, 'receipts', args.path, args.bytes, {
      contentType: args.contentType,
      forbidden: 'This expense no longer exists, or you cannot add a receipt to it',
      failed: 'Failed to upload the receipt',
    });
    return kit.updateOne(
      client,
      'expenses',
      args.expenseId,
      { receipt_path: args.path, edited_at: args.at, edit_base: args.base ?? {} },
      'This expense no longer exists, or you cannot change it',
    );
  },
  describe: () => 'Add a receipt photo to an expense',
});

export const expenseKinds = [
  createExpense,
  updateExpense,
  deleteExpense,
  recordSettlement,
  undoSettlement,
  attachReceipt,
] as const;
