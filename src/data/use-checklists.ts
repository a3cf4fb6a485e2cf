/**
 * Live reads of an event's checklists: the lists and their items in their shared order (position,
 * then id), the items assigned to the user across every list ("my items"), and the user's templates.
 */
import type { ChecklistItemRow, ChecklistRow, ChecklistTemplateRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { sortByPosition } from '../sync/ordering.ts';
import { useDeviceQuery } from './use-device-query.ts';

const NO_LISTS: ChecklistRow[] = [];
const NO_ITEMS: ChecklistItemRow[] = [];
const NO_TEMPLATES: ChecklistTemplateRow[] = [];

export function useChecklists(eventId: string | null | undefined): ChecklistRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? sortByPosition(parseRows('checklists', await db.checklists.where('event_id').equals(eventId).toArray()))
        : NO_LISTS,
    [eventId],
    NO_LISTS,
  );
}

export function useChecklistItems(checklistId: string | null | undefined): ChecklistItemRow[] {
  return useDeviceQuery(
    async (db) =>
      checklistId
        ? sortByPosition(
            parseRows('checklistItems', await db.checklistItems.where('checklist_id').equals(checklistId).toArray()),
          )
        : NO_ITEMS,
    [checklistId],
    NO_ITEMS,
  );
}

/** Every item of the event's lists (for "my items" and progress across lists). */
export function useEventChecklistItems(eventId: string | null | undefined): ChecklistItemRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows('checklistItems', await db.checklistItems.where('event_id').equals(eventId).toArray())
        : NO_ITEMS,
    [eventId],
    NO_ITEMS,
  );
}

export function useChecklistTemplates(): ChecklistTemplateRow[] {
  return useDeviceQuery(
    async (db) =>
      parseRows('checklistTemplates', await db.checklistTemplates.toArray()).sort((a, b) =>
        a.title.localeCompare(b.title),
      ),
    [],
    NO_TEMPLATES,
  );
}
