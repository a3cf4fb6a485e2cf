/**
 * Mutation kinds of checklist items. Items get their id on the device (a replayed insert is the
 * same row); updates send only the changed fields; ticking sends the state wanted (done or not),
 * never a toggle, so a replay changes nothing; a move re-keys only the rows `planMove` names
 * (src/sync/ordering.ts).
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { checklistItemsSource } from './checklist-sources.ts';
import { eventRef, itemRef, listRef, newItemRow, position } from './checklist-kind-parts.ts';

const itemFields = z.object({
  text: z.string().trim().min(1, 'The item needs a text').max(500),
  quantity: z.number().int().min(1, 'The quantity must be at least 1').max(100000),
  assignee_id: z.string().nullable(),
  due_date: z.iso.date().nullable(),
  position,
});

/** An item's field groups under the one conflict rule (the database's trigger names the same). */
export const ITEM_EDIT_GROUPS: kit.EditGroups = {
  text: { fields: ['text'], label: 'text' },
  quantity: { fields: ['quantity'], label: 'quantity' },
  assignee: { fields: ['assignee_id'], label: 'assignee' },
  due_date: { fields: ['due_date'], label: 'due date' },
};

export const addChecklistItem = kit.createRowKind('checklist-item.add', checklistItemsSource, itemRef, {
  args: z.object({
    checklistId: z.string(),
    eventId: z.string(),
    text: itemFields.shape.text,
    quantity: itemFields.shape.quantity.default(1),
    assigneeId: z.string().nullable().optional(),
    dueDate: z.iso.date().nullable().optional(),
    done: z.boolean().optional(),
    id: z.string().optional(),
    position: position.optional(),
    at: z.string().optional(),
  }),
  async prepare(args, ctx) {
    const items = await ctx.db.checklistItems.where('checklist_id').equals(args.checklistId).toArray();
    return { position: args.position ?? kit.keyAtEnd(items) };
  },
  needs: (args) => [listRef(args.checklistId), eventRef(args.eventId)],
  row: (args, existing, userId) => ({
    ...newItemRow(userId, { id: args.checklistId, eventId: args.eventId }, args, args.at),
    ...newItem(args),
    done_by: args.done ? userId : null,
    done_at: args.done ? args.at : null,
    ...kit.madeBy(existing, userId, args.at),
  }),
  insert: (args) => ({ ...newItem(args), checklist_id: args.checklistId, text: args.text, quantity: args.quantity }),
  describe: (args, ctx) => `Add ${kit.quoted(args.text)} to a list${kit.inEvent(ctx, 'in', args.eventId)}`,
});

/** The item's fields a new item may start with (open and unassigned when not given). */
function newItem(args: {
  id: string;
  position: string;
  assigneeId?: string | null;
  dueDate?: string | null;
  done?: boolean;
}) {
  return {
    id: args.id,
    assignee_id: args.assigneeId ?? null,
    due_date: args.dueDate ?? null,
    done: args.done ?? false,
    position: args.position,
  };
}

/** Changes some fields of an item; only those fields are sent. */
export const updateChecklistItem = kit.editRowKind('checklist-item.update', checklistItemsSource, itemRef, {
  changes: itemFields.partial(),
  groups: ITEM_EDIT_GROUPS,
  missing: 'This item no longer exists, or you cannot change it',
  describe: (args) => {
    const text = kit.given(args.changes.text);
    return text ? `Change the item ${kit.quoted(text)}` : 'Change an item of a list';
  },
});

export const setChecklistItemDone = kit.defineKind({
  name: 'checklist-item.set-done',
  args: z.object({ id: z.string(), done: z.boolean(), at: z.string().optional() }),
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    const item = await w.get('checklistItems', args.id);
    if (!item || item.done === args.done) return;
    await w.update('checklistItems', args.id, {
      done: args.done,
      done_by: args.done ? w.userId : null,
      done_at: args.done ? args.at : null,
    });
  },
  send: ({ client }, args) =>
    kit.updateOne(client, 'checklist_items', args.id, { done: args.done }, 'This item no longer exists'),
  batch: (args) => ({
    op: 'update',
    table: 'checklist_items',
    id: args.id,
    values: { done: args.done },
    missing: 'This item no longer exists',
  }),
  describe: (args) => (args.done ? 'Tick off an item' : 'Untick an item'),
});

/** A drag: the rows `planMove` re-keyed (usually one), each a position update. */
export const moveChecklistItems = kit.defineKind({
  name: 'checklist-item.move',
  args: z.object({ checklistId: z.string(), moves: z.array(z.object({ id: z.string(), position })).min(1) }),
  refs: (args) => [listRef(args.checklistId), ...args.moves.map((m) => itemRef(m.id))],
  async applyLocal(w, args) {
    for (const move of args.moves) await w.update('checklistItems', move.id, { position: move.position });
  },
  async send({ client }, args) {
    for (const move of args.moves)
      await kit.updateOne(
        client,
        'checklist_items',
        move.id,
        { position: move.position },
        'This item no longer exists',
      );
    return null;
  },
  describe: () => 'Reorder a list',
});

export const deleteChecklistItem = kit.deleteRowKind('checklist-item.delete', checklistItemsSource, itemRef, {
  missing: 'This item no longer exists, or you cannot delete it',
  describe: 'Delete an item of a list',
});
