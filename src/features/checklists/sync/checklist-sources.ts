/** What a pull reads of the checklist tables; the device rows are the server's columns (rowSource). */
import { editConverters } from '../../../sync/edit-groups.ts';
import { rowSource } from '../../../sync/pull-source.ts';
import { objects, oneOf, str } from '../../../sync/server-values.ts';
import {
  CHECKLIST_KINDS,
  checklistItemRowSchema,
  checklistRowSchema,
  checklistTemplateRowSchema,
} from './checklist-rows.ts';

export const checklistsSource = rowSource({
  table: 'checklists',
  remote: 'checklists',
  schema: checklistRowSchema,
  convert: { kind: (r) => oneOf(CHECKLIST_KINDS, r.kind, 'todo'), ...editConverters },
  inScope: 'event_id',
});

export const checklistItemsSource = rowSource({
  table: 'checklistItems',
  remote: 'checklist_items',
  schema: checklistItemRowSchema,
  convert: editConverters,
  inScope: 'event_id',
});

export const checklistTemplatesSource = rowSource({
  table: 'checklistTemplates',
  remote: 'checklist_templates',
  schema: checklistTemplateRowSchema,
  convert: {
    kind: (r) => oneOf(CHECKLIST_KINDS, r.kind, 'todo'),
    items: (r) => objects(r.items).map((i) => ({ text: str(i.text), quantity: Number(i.quantity ?? 1) })),
  },
});
