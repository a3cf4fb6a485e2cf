/**
 * Mutation kinds of checklists (the lists; items and templates have their own files). Lists get
 * their id on the device (a replayed insert is the same row); updates send only the changed
 * fields, so two members changing different fields of one list both keep their change. Clone is a
 * procedure that answers a replay with what the first request made; the device picks the copies'
 * ids up front so its optimistic rows are the server's rows.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { checklistKindSchema, type ChecklistKind } from './checklist-rows.ts';
import { checklistsSource } from './checklist-sources.ts';
import { copiedItem, eventRef, listRef, position, putCopiedItems, putList } from './checklist-kind-parts.ts';

const title = z.string().trim().min(1, 'The list needs a title').max(200);

export const createChecklist = kit.createRowKind('checklist.create', checklistsSource, listRef, {
  args: z.object({
    eventId: z.string(),
    title,
    kind: checklistKindSchema.default('todo'),
    id: z.string().optional(),
    position: position.optional(),
    at: z.string().optional(),
  }),
  async prepare(args, ctx) {
    const lists = await kit.serverView(ctx.db, 'checklists');
    return { position: args.position ?? kit.keyAtEnd(lists.filter((l) => l.event_id === args.eventId)) };
  },
  needs: (args) => [eventRef(args.eventId)],
  row: (args, existing, userId) => ({ key: args.id, ...newList(args), ...kit.madeBy(existing, userId, args.at) }),
  insert: newList,
  describe: (args, ctx) => `Start the list ${kit.quoted(args.title)}${kit.inEvent(ctx, 'in', args.eventId)}`,
});

function newList(args: { id: string; eventId: string; title: string; kind: ChecklistKind; position: string }) {
  return { id: args.id, event_id: args.eventId, title: args.title, kind: args.kind, position: args.position };
}

/** A list's field groups under the one conflict rule (the database's trigger names the same). */
export const LIST_EDIT_GROUPS: kit.EditGroups = {
  title: { fields: ['title'], label: 'title' },
  kind: { fields: ['kind'], label: 'kind' },
};

export const updateChecklist = kit.editRowKind('checklist.update', checklistsSource, listRef, {
  changes: z.object({ title, kind: checklistKindSchema, position }).partial(),
  groups: LIST_EDIT_GROUPS,
  missing: 'This list no longer exists, or you cannot change it',
  describe: (args) => (args.changes.title ? `Rename a list to ${kit.quoted(args.changes.title)}` : 'Change a list'),
});

export const deleteChecklist = kit.deleteRowKind('checklist.delete', checklistsSource, listRef, {
  missing: 'This list no longer exists, or you cannot delete it',
  alsoRemove: (w, id) => w.deleteWhere('checklistItems', 'checklist_id', id),
  describe: 'Delete a list',
});

export const cloneChecklist = kit.defineKind({
  name: 'checklist.clone',
  args: z.object({
    sourceId: z.string(),
    id: z.string().optional(),
    title: z.string().max(200).nullable().optional(),
    /** Filled at mutate time: the list and its items as the device shows them, with the copies' ids. */
    eventId: z.string().optional(),
    kind: checklistKindSchema.optional(),
    sourceTitle: z.string().optional(),
    position: z.string().optional(),
    items: z.array(copiedItem).optional(),
    at: z.string().optional(),
  }),
  async prepare(args, ctx) {
    const source = await ctx.db.checklists.get(args.sourceId);
    if (!source) throw new kit.MutationValidationError('This list is no longer on this device');
    const items = kit.sortByPosition(await ctx.db.checklistItems.where('checklist_id').equals(args.sourceId).toArray());
    return {
      ...kit.withNewId(args, ctx),
      eventId: source.event_id,
      kind: source.kind,
      sourceTitle: source.title,
      position: `${source.position}V`,
      items: items.map((i) => ({ id: crypto.randomUUID(), text: i.text, quantity: i.quantity, position: i.position })),
    };
  },
  refs: (args) => [listRef(args.sourceId), eventRef(args.eventId)],
  creates: (args) => [listRef(args.id)],
  async applyLocal(w, args) {
    const copyTitle = (kit.given(args.title) ?? `${args.sourceTitle} (copy)`).slice(0, 200);
    await putList(
      w,
      { id: args.id, event_id: args.eventId, title: copyTitle, kind: args.kind, position: args.position },
      args.at,
    );
    await putCopiedItems(w, { id: args.id, eventId: args.eventId }, args.items, args.at);
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'clone_checklist', {
      p_checklist_id: args.sourceId,
      p_new_id: args.id,
      p_title: args.title ?? null,
      p_item_ids: args.items.map((i) => i.id),
      p_position: args.position,
    }),
  describe: (args) => `Copy the list ${kit.quoted(args.sourceTitle)}`,
});
