/** The device rows of checklists: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';
import { editTracking, sentOnly } from '../../../sync/edit-groups.ts';

export const CHECKLIST_KINDS = ['packing', 'shopping', 'todo'] as const;

export const checklistKindSchema = z.enum(CHECKLIST_KINDS);

export type ChecklistKind = z.infer<typeof checklistKindSchema>;

export const checklistRowSchema = tableRows.checklists
  .omit({ deleted_at: true, source_checklist_id: true, source_template_id: true, ...sentOnly })
  .extend({ ...withKey, ...editTracking, kind: checklistKindSchema })
  .describe('checklists');

export type ChecklistRow = z.infer<typeof checklistRowSchema>;

export const checklistItemRowSchema = tableRows.checklist_items
  .omit({ deleted_at: true, ...sentOnly })
  .extend({ ...withKey, ...editTracking })
  .describe('checklistItems');

export type ChecklistItemRow = z.infer<typeof checklistItemRowSchema>;

export const templateItemSchema = z.object({ text: z.string(), quantity: z.number().int() });

/** One of this user's checklist templates. */
export const checklistTemplateRowSchema = tableRows.checklist_templates
  .omit({ deleted_at: true, owner_id: true, source_template_id: true })
  .extend({ ...withKey, kind: checklistKindSchema, items: z.array(templateItemSchema) })
  .describe('checklistTemplates');

export type ChecklistTemplateRow = z.infer<typeof checklistTemplateRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    checklists: ChecklistRow;
    checklistItems: ChecklistItemRow;
    checklistTemplates: ChecklistTemplateRow;
  }
}
