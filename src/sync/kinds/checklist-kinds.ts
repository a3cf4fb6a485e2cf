/**
 * Mutation kinds of checklists, their items and templates. Lists and items get their id on the
 * device (a replayed insert is the same row); updates send only the changed fields, so two
 * members changing different fields of one item both keep their change; ticking sends the state
 * wanted (done or not), never a toggle, so a replay changes nothing; a move re-keys only the rows
 * `planMove` names (src/features/checklists/ordering.ts). Clone, save as template, start from a
 * template and duplicate are procedures that answer a replay with what the first request made;
 * the device picks the new ids up front so its optimistic rows are the server's rows.
 */
import { z } from 'zod';
import type { LocalWriter } from '../local-writer.ts';
import type { MutationKind } from '../kind-registry.ts';
import { checklistKindSchema, type ChecklistItemRow } from '../../db/row-schemas.ts';
import { serverView } from '../local-writer.ts';
import { checklistFromServer, checklistItemsSource, checklistsSource } from '../pull-sources.ts';
import { MutationValidationError } from '../send-errors.ts';
import { keyAtEnd, sortByPosition } from '../ordering.ts';
import { callProcedure } from './backend-calls.ts';
import { insertOnce, softDelete, updateOne } from './rest-writes.ts';

const eventRef = (id: string) => `event:${id}`;
const listRef = (id: string) => `checklist:${id}`;
const itemRef = (id: string) => `checklist-item:${id}`;
const templateRef = (id: string) => `checklist-template:${id}`;

const position = z.string().regex(/^[0-9A-Za-z]{0,199}[1-9A-Za-z]$/, 'Invalid position');
const title = z.string().trim().min(1, 'The list needs a title').max(200);

/** The position the server gives the n-th item (from 1) of a list started from a template. */
export function templateItemPosition(n: number): string {
  return `V${String(n).padStart(5, '0')}V`;
}

async function dropList(w: LocalWriter, checklistId: string): Promise<void> {
  await w.delete('checklists', checklistId);
  for (const item of await w.db.checklistItems.where('checklist_id').equals(checklistId).toArray())
    await w.delete('checklistItems', item.key);
}

// Lists -------------------------------------------------------------------------------------------
const createArgs = z.object({
  eventId: z.string(),
  title,
  kind: checklistKindSchema.default('todo'),
  id: z.string().optional(),
  position: position.optional(),
  at: z.string().optional(),
});
type CreateArgs = z.infer<typeof createArgs>;

export const createChecklist: MutationKind<CreateArgs> = {
  name: 'checklist.create',
  args: createArgs,
  async prepare(args, ctx) {
    const lists = await serverView(ctx.db, 'checklists');
    return {
      ...args,
      id: args.id ?? crypto.randomUUID(),
      position: args.position ?? keyAtEnd(lists.filter((l) => l.event_id === args.eventId)),
      at: new Date(ctx.now).toISOString(),
    };
  },
  refs: (args) => [eventRef(args.eventId)],
  creates: (args) => [listRef(args.id!)],
  async applyLocal(w, args) {
    const existing = await w.get('checklists', args.id!);
    await w.put('checklists', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      title: args.title,
      kind: args.kind,
      position: args.position!,
      created_by: existing?.created_by ?? w.userId,
      created_at: existing?.created_at ?? args.at!,
      updated_at: existing?.updated_at ?? args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'checklists',
      { id: args.id, event_id: args.eventId, title: args.title, kind: args.kind, position: args.position },
      checklistsSource.select,
    ),
  async reconcile(w, args, result) {
    await w.storeServer('checklists', args.id!, checklistFromServer(result as Record<string, unknown>));
  },
};

const updateListArgs = z.object({
  id: z.string(),
  changes: z.object({ title: title.optional(), kind: checklistKindSchema.optional(), position: position.optional() }),
});
type UpdateListArgs = z.infer<typeof updateListArgs>;

export const updateChecklist: MutationKind<UpdateListArgs> = {
  name: 'checklist.update',
  args: updateListArgs,
  refs: (args) => [listRef(args.id)],
  async applyLocal(w, args) {
    await w.update('checklists', args.id, args.changes);
  },
  send: ({ client }, args) =>
    updateOne(client, 'checklists', args.id, args.changes, 'This list no longer exists, or you cannot change it'),
};

const idArgs = z.object({ id: z.string() });
type IdArgs = z.infer<typeof idArgs>;

export const deleteChecklist: MutationKind<IdArgs> = {
  name: 'checklist.delete',
  args: idArgs,
  refs: (args) => [listRef(args.id)],
  applyLocal: (w, args) => dropList(w, args.id),
  send: ({ client }, args) =>
    softDelete(client, 'checklists', args.id, 'This list no longer exists, or you cannot delete it'),
};

const snapshotItem = z.object({ id: z.string(), text: z.string(), quantity: z.number().int(), position: z.string() });

const cloneArgs = z.object({
  sourceId: z.string(),
  id: z.string().optional(),
  title: z.string().max(200).nullable().optional(),
  /** Filled at mutate time: the list and its items as the device shows them, with the copies' ids. */
  eventId: z.string().optional(),
  kind: checklistKindSchema.optional(),
  sourceTitle: z.string().optional(),
  position: z.string().optional(),
  items: z.array(snapshotItem).optional(),
  at: z.string().optional(),
});
type CloneArgs = z.infer<typeof cloneArgs>;

export const cloneChecklist: MutationKind<CloneArgs> = {
  name: 'checklist.clone',
  args: cloneArgs,
  async prepare(args, ctx) {
    const source = await ctx.db.checklists.get(args.sourceId);
    if (!source) throw new MutationValidationError('This list is no longer on this device');
    const items = sortByPosition(await ctx.db.checklistItems.where('checklist_id').equals(args.sourceId).toArray());
    return {
      ...args,
      id: args.id ?? crypto.randomUUID(),
      eventId: source.event_id,
      kind: source.kind,
      sourceTitle: source.title,
      position: `${source.position}V`,
      items: items.map((i) => ({ id: crypto.randomUUID(), text: i.text, quantity: i.quantity, position: i.position })),
      at: new Date(ctx.now).toISOString(),
    };
  },
  refs: (args) => [listRef(args.sourceId), ...(args.eventId ? [eventRef(args.eventId)] : [])],
  creates: (args) => [listRef(args.id!)],
  async applyLocal(w, args) {
    const id = args.id!;
    await w.put('checklists', {
      key: id,
      id,
      event_id: args.eventId!,
      title: (args.title?.trim() || `${args.sourceTitle} (copy)`).slice(0, 200),
      kind: args.kind!,
      position: args.position!,
      created_by: w.userId,
      created_at: args.at!,
      updated_at: args.at!,
    });
    for (const item of args.items ?? []) {
      if (await w.get('checklistItems', item.id)) continue;
      await w.put('checklistItems', newItemRow(w, item.id, id, args.eventId!, item, args.at!));
    }
  },
  send: ({ client }, args) =>
    callProcedure(client, 'clone_checklist', {
      p_checklist_id: args.sourceId,
      p_new_id: args.id,
      p_title: args.title ?? null,
      p_item_ids: (args.items ?? []).map((i) => i.id),
      p_position: args.position,
    }),
};

function newItemRow(
  w: LocalWriter,
  id: string,
  checklistId: string,
  eventId: string,
  fields: { text: string; quantity: number; position: string },
  at: string,
): ChecklistItemRow {
  return {
    key: id,
    id,
    checklist_id: checklistId,
    event_id: eventId,
    text: fields.text,
    quantity: fields.quantity,
    assignee_id: null,
    due_date: null,
    done: false,
    done_by: null,
    done_at: null,
    position: fields.position,
    created_by: w.userId,
    updated_by: w.userId,
    created_at: at,
    updated_at: at,
  };
}

// Items -------------------------------------------------------------------------------------------
const itemFields = z.object({
  text: z.string().trim().min(1, 'The item needs a text').max(500),
  quantity: z.number().int().min(1, 'The quantity must be at least 1').max(100000),
  assignee_id: z.string().nullable(),
  due_date: z.iso.date().nullable(),
  position,
});

const addItemArgs = z.object({
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
});
type AddItemArgs = z.infer<typeof addItemArgs>;

export const addChecklistItem: MutationKind<AddItemArgs> = {
  name: 'checklist-item.add',
  args: addItemArgs,
  async prepare(args, ctx) {
    const items = await ctx.db.checklistItems.where('checklist_id').equals(args.checklistId).toArray();
    return {
      ...args,
      id: args.id ?? crypto.randomUUID(),
      position: args.position ?? keyAtEnd(items),
      at: new Date(ctx.now).toISOString(),
    };
  },
  refs: (args) => [listRef(args.checklistId), eventRef(args.eventId)],
  creates: (args) => [itemRef(args.id!)],
  async applyLocal(w, args) {
    const existing = await w.get('checklistItems', args.id!);
    const row = newItemRow(
      w,
      args.id!,
      args.checklistId,
      args.eventId,
      { ...args, position: args.position! },
      args.at!,
    );
    await w.put('checklistItems', {
      ...row,
      assignee_id: args.assigneeId ?? null,
      due_date: args.dueDate ?? null,
      done: args.done ?? false,
      done_by: args.done ? w.userId : null,
      done_at: args.done ? args.at! : null,
      created_by: existing?.created_by ?? w.userId,
      created_at: existing?.created_at ?? args.at!,
      updated_at: existing?.updated_at ?? args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'checklist_items',
      {
        id: args.id,
        checklist_id: args.checklistId,
        text: args.text,
        quantity: args.quantity,
        assignee_id: args.assigneeId ?? null,
        due_date: args.dueDate ?? null,
        done: args.done ?? false,
        position: args.position,
      },
      checklistItemsSource.select,
    ),
  async reconcile(w, args, result) {
    const { row } = checklistItemsSource.toRow(result as Record<string, unknown>, w.userId);
    await w.storeServer('checklistItems', args.id!, row);
  },
};

const updateItemArgs = z.object({
  id: z.string(),
  changes: itemFields.partial().refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
});
type UpdateItemArgs = z.infer<typeof updateItemArgs>;

/** Changes some fields of an item; only those fields are sent. */
export const updateChecklistItem: MutationKind<UpdateItemArgs> = {
  name: 'checklist-item.update',
  args: updateItemArgs,
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    await w.update('checklistItems', args.id, args.changes);
  },
  send: ({ client }, args) =>
    updateOne(client, 'checklist_items', args.id, args.changes, 'This item no longer exists, or you cannot change it'),
};

const doneArgs = z.object({ id: z.string(), done: z.boolean(), at: z.string().optional() });
type DoneArgs = z.infer<typeof doneArgs>;

export const setChecklistItemDone: MutationKind<DoneArgs> = {
  name: 'checklist-item.set-done',
  args: doneArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    const item = await w.get('checklistItems', args.id);
    if (!item || item.done === args.done) return;
    await w.update('checklistItems', args.id, {
      done: args.done,
      done_by: args.done ? w.userId : null,
      done_at: args.done ? args.at! : null,
    });
  },
  send: ({ client }, args) =>
    updateOne(client, 'checklist_items', args.id, { done: args.done }, 'This item no longer exists'),
};

const moveArgs = z.object({
  checklistId: z.string(),
  moves: z.array(z.object({ id: z.string(), position })).min(1),
});
type MoveArgs = z.infer<typeof moveArgs>;

/** A drag: the rows `planMove` re-keyed (usually one), each a position update. */
export const moveChecklistItems: MutationKind<MoveArgs> = {
  name: 'checklist-item.move',
  args: moveArgs,
  refs: (args) => [listRef(args.checklistId), ...args.moves.map((m) => itemRef(m.id))],
  async applyLocal(w, args) {
    for (const move of args.moves) await w.update('checklistItems', move.id, { position: move.position });
  },
  async send({ client }, args) {
    for (const move of args.moves)
      await updateOne(client, 'checklist_items', move.id, { position: move.position }, 'This item no longer exists');
    return null;
  },
};

export const deleteChecklistItem: MutationKind<IdArgs> = {
  name: 'checklist-item.delete',
  args: idArgs,
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('checklistItems', args.id);
  },
  send: ({ client }, args) =>
    softDelete(client, 'checklist_items', args.id, 'This item no longer exists, or you cannot delete it'),
};

// Templates ---------------------------------------------------------------------------------------
const saveTemplateArgs = z.object({
  checklistId: z.string(),
  id: z.string().optional(),
  title: z.string().max(200).nullable().optional(),
  kind: checklistKindSchema.optional(),
  items: z.array(z.object({ text: z.string(), quantity: z.number().int() })).optional(),
  at: z.string().optional(),
});
type SaveTemplateArgs = z.infer<typeof saveTemplateArgs>;

export const saveChecklistTemplate: MutationKind<SaveTemplateArgs> = {
  name: 'checklist-template.save',
  args: saveTemplateArgs,
  async prepare(args, ctx) {
    const list = await ctx.db.checklists.get(args.checklistId);
    if (!list) throw new MutationValidationError('This list is no longer on this device');
    const items = sortByPosition(await ctx.db.checklistItems.where('checklist_id').equals(args.checklistId).toArray());
    return {
      ...args,
      id: args.id ?? crypto.randomUUID(),
      title: args.title?.trim() || list.title,
      kind: list.kind,
      items: items.map((i) => ({ text: i.text, quantity: i.quantity })),
      at: new Date(ctx.now).toISOString(),
    };
  },
  refs: (args) => [listRef(args.checklistId)],
  creates: (args) => [templateRef(args.id!)],
  async applyLocal(w, args) {
    if (await w.get('checklistTemplates', args.id!)) return;
    await w.put('checklistTemplates', {
      key: args.id!,
      id: args.id!,
      title: args.title!,
      kind: args.kind!,
      items: args.items!,
      created_at: args.at!,
      updated_at: args.at!,
    });
  },
  send: ({ client }, args) =>
    callProcedure(client, 'save_checklist_template', {
      p_checklist_id: args.checklistId,
      p_template_id: args.id,
      p_title: args.title ?? null,
    }),
};

const useTemplateArgs = z.object({
  eventId: z.string(),
  templateId: z.string(),
  id: z.string().optional(),
  title: z.string().optional(),
  kind: checklistKindSchema.optional(),
  position: z.string().optional(),
  items: z.array(snapshotItem).optional(),
  at: z.string().optional(),
});
type UseTemplateArgs = z.infer<typeof useTemplateArgs>;

export const startChecklistFromTemplate: MutationKind<UseTemplateArgs> = {
  name: 'checklist-template.use',
  args: useTemplateArgs,
  async prepare(args, ctx) {
    const template = await ctx.db.checklistTemplates.get(args.templateId);
    if (!template) throw new MutationValidationError('This template is no longer on this device');
    const lists = (await ctx.db.checklists.where('event_id').equals(args.eventId).toArray()) ?? [];
    return {
      ...args,
      id: args.id ?? crypto.randomUUID(),
      title: template.title,
      kind: template.kind,
      position: keyAtEnd(lists),
      items: template.items.map((item, i) => ({
        id: crypto.randomUUID(),
        text: item.text,
        quantity: item.quantity,
        position: templateItemPosition(i + 1),
      })),
      at: new Date(ctx.now).toISOString(),
    };
  },
  refs: (args) => [eventRef(args.eventId), templateRef(args.templateId)],
  creates: (args) => [listRef(args.id!)],
  async applyLocal(w, args) {
    const id = args.id!;
    if (!(await w.get('checklists', id))) {
      await w.put('checklists', {
        key: id,
        id,
        event_id: args.eventId,
        title: args.title!,
        kind: args.kind!,
        position: args.position!,
        created_by: w.userId,
        created_at: args.at!,
        updated_at: args.at!,
      });
    }
    for (const item of args.items ?? []) {
      if (await w.get('checklistItems', item.id)) continue;
      await w.put('checklistItems', newItemRow(w, item.id, id, args.eventId, item, args.at!));
    }
  },
  send: ({ client }, args) =>
    callProcedure(client, 'start_checklist_from_template', {
      p_event_id: args.eventId,
      p_template_id: args.templateId,
      p_checklist_id: args.id,
      p_item_ids: (args.items ?? []).map((i) => i.id),
      p_position: args.position,
    }),
};

const duplicateArgs = z.object({
  templateId: z.string(),
  id: z.string().optional(),
  title: z.string().max(200).nullable().optional(),
  at: z.string().optional(),
});
type DuplicateArgs = z.infer<typeof duplicateArgs>;

export const duplicateChecklistTemplate: MutationKind<DuplicateArgs> = {
  name: 'checklist-template.duplicate',
  args: duplicateArgs,
  prepare: (args, ctx) => ({ ...args, id: args.id ?? crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  refs: (args) => [templateRef(args.templateId)],
  creates: (args) => [templateRef(args.id!)],
  async applyLocal(w, args) {
    const source = await w.get('checklistTemplates', args.templateId);
    if (!source || (await w.get('checklistTemplates', args.id!))) return;
    await w.put('checklistTemplates', {
      ...source,
      key: args.id!,
      id: args.id!,
      title: (args.title?.trim() || `${source.title} (copy)`).slice(0, 200),
      created_at: args.at!,
      updated_at: args.at!,
    });
  },
  send: ({ client }, args) =>
    callProcedure(client, 'duplicate_checklist_template', {
      p_template_id: args.templateId,
      p_new_id: args.id,
      p_title: args.title ?? null,
    }),
};

export const deleteChecklistTemplate: MutationKind<IdArgs> = {
  name: 'checklist-template.delete',
  args: idArgs,
  refs: (args) => [templateRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('checklistTemplates', args.id);
  },
  send: ({ client }, args) => softDelete(client, 'checklist_templates', args.id, 'This template no longer exists'),
};

export const checklistKinds = [
  createChecklist,
  updateChecklist,
  deleteChecklist,
  cloneChecklist,
  addChecklistItem,
  updateChecklistItem,
  setChecklistItemDone,
  moveChecklistItems,
  deleteChecklistItem,
  saveChecklistTemplate,
  startChecklistFromTemplate,
  duplicateChecklistTemplate,
  deleteChecklistTemplate,
];
