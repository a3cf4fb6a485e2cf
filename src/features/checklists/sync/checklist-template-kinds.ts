/**
 * Mutation kinds of checklist templates (the user's own). Save as template, start a list from a
 * template and duplicate are procedures that answer a replay with what the first request made;
 * the device picks the new ids up front so its optimistic rows are the server's rows.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { checklistKindSchema, templateItemSchema } from './checklist-rows.ts';
import { checklistTemplatesSource } from './checklist-sources.ts';
import { copiedItem, eventRef, listRef, putCopiedItems, putList, templateRef } from './checklist-kind-parts.ts';

/** The position the server gives the n-th item (from 1) of a list started from a template. */
function templateItemPosition(n: number): string {
  return `V${String(n).padStart(5, '0')}V`;
}

export const saveChecklistTemplate = kit.defineKind({
  name: 'checklist-template.save',
  args: z.object({
    checklistId: z.string(),
    id: z.string().optional(),
    title: z.string().max(200).nullable().optional(),
    kind: checklistKindSchema.optional(),
    items: z.array(templateItemSchema).optional(),
    at: z.string().optional(),
  }),
  async prepare(args, ctx) {
    const list = await ctx.db.checklists.get(args.checklistId);
    if (!list) throw new kit.MutationValidationError('This list is no longer on this device');
    const items = kit.sortByPosition(
      await ctx.db.checklistItems.where('checklist_id').equals(args.checklistId).toArray(),
    );
    return {
      ...kit.withNewId(args, ctx),
      title: kit.given(args.title) ?? list.title,
      kind: list.kind,
      items: items.map((i) => ({ text: i.text, quantity: i.quantity })),
    };
  },
  refs: (args) => [listRef(args.checklistId)],
  creates: (args) => [templateRef(args.id)],
  async applyLocal(w, args) {
    if (await w.get('checklistTemplates', args.id)) return;
    await w.put('checklistTemplates', {
      key: args.id,
      id: args.id,
      title: args.title,
      kind: args.kind,
      items: args.items,
      created_at: args.at,
      updated_at: args.at,
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'save_checklist_template', {
      p_checklist_id: args.checklistId,
      p_template_id: args.id,
      p_title: args.title ?? null,
    }),
  describe: (args) => `Save the template ${kit.quoted(args.title)}`,
});

export const startChecklistFromTemplate = kit.defineKind({
  name: 'checklist-template.use',
  args: z.object({
    eventId: z.string(),
    templateId: z.string(),
    id: z.string().optional(),
    title: z.string().optional(),
    kind: checklistKindSchema.optional(),
    position: z.string().optional(),
    items: z.array(copiedItem).optional(),
    at: z.string().optional(),
  }),
  async prepare(args, ctx) {
    const template = await ctx.db.checklistTemplates.get(args.templateId);
    if (!template) throw new kit.MutationValidationError('This template is no longer on this device');
    const lists = await ctx.db.checklists.where('event_id').equals(args.eventId).toArray();
    return {
      ...kit.withNewId(args, ctx),
      title: template.title,
      kind: template.kind,
      position: kit.keyAtEnd(lists),
      items: template.items.map((item, i) => ({
        id: crypto.randomUUID(),
        text: item.text,
        quantity: item.quantity,
        position: templateItemPosition(i + 1),
      })),
    };
  },
  refs: (args) => [eventRef(args.eventId), templateRef(args.templateId)],
  creates: (args) => [listRef(args.id)],
  async applyLocal(w, args) {
    const list = { id: args.id, event_id: args.eventId, title: args.title, kind: args.kind, position: args.position };
    await putList(w, list, args.at);
    await putCopiedItems(w, { id: args.id, eventId: args.eventId }, args.items, args.at);
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'start_checklist_from_template', {
      p_event_id: args.eventId,
      p_template_id: args.templateId,
      p_checklist_id: args.id,
      p_item_ids: args.items.map((i) => i.id),
      p_position: args.position,
    }),
  describe: (args, ctx) => `Start the list ${kit.quoted(args.title)}${kit.inEvent(ctx, 'in', args.eventId)}`,
});

export const duplicateChecklistTemplate = kit.defineKind({
  name: 'checklist-template.duplicate',
  args: z.object({
    templateId: z.string(),
    id: z.string().optional(),
    title: z.string().max(200).nullable().optional(),
    at: z.string().optional(),
  }),
  prepare: (args, ctx) => kit.withNewId(args, ctx),
  refs: (args) => [templateRef(args.templateId)],
  creates: (args) => [templateRef(args.id)],
  async applyLocal(w, args) {
    const source = await w.get('checklistTemplates', args.templateId);
    if (!source || (await w.get('checklistTemplates', args.id))) return;
    await w.put('checklistTemplates', {
      ...source,
      key: args.id,
      id: args.id,
      title: (kit.given(args.title) ?? `${source.title} (copy)`).slice(0, 200),
      created_at: args.at,
      updated_at: args.at,
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'duplicate_checklist_template', {
      p_template_id: args.templateId,
      p_new_id: args.id,
      p_title: args.title ?? null,
    }),
  describe: () => 'Duplicate a template',
});

export const deleteChecklistTemplate = kit.deleteRowKind(
  'checklist-template.delete',
  checklistTemplatesSource,
  templateRef,
  {
    missing: 'This template no longer exists',
    describe: 'Delete a template',
  },
);
