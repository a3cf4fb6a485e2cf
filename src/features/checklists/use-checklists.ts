/**
 * Live reads of an event's checklists: the lists and their items in their shared order (position,
 * then id), the items assigned to the user across every list ("my items"), and the user's templates.
 */
import { useAllRows, useRowsWhere } from '../../data/use-rows.ts';
import { sortByPosition } from '../../sync/ordering.ts';
import {
  checklistItemRowSchema,
  checklistRowSchema,
  checklistTemplateRowSchema,
  type ChecklistTemplateRow,
} from './sync/index.ts';

const byTitle = (rows: ChecklistTemplateRow[]) => rows.sort((a, b) => a.title.localeCompare(b.title));

export const useChecklists = (eventId: string | null | undefined) =>
  useRowsWhere('checklists', checklistRowSchema, 'event_id', eventId, { then: sortByPosition });

/** Every item of the event's lists (for "my items" and progress across lists). */
export const useEventChecklistItems = (eventId: string | null | undefined) =>
  useRowsWhere('checklistItems', checklistItemRowSchema, 'event_id', eventId);

export const useChecklistTemplates = () => useAllRows('checklistTemplates', checklistTemplateRowSchema, byTitle);
