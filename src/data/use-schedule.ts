/** Live reads of an event's schedule: the items by start time, and who is assigned to which item. */
import type { ScheduleAssigneeRow, ScheduleItemRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const NO_ITEMS: ScheduleItemRow[] = [];
const NO_ASSIGNEES: ScheduleAssigneeRow[] = [];

export function useScheduleItems(eventId: string | null | undefined): ScheduleItemRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows(
            'scheduleItems',
            await db.scheduleItems.where('[event_id+starts_at]').between([eventId, ''], [eventId, '\uffff']).toArray(),
          )
        : NO_ITEMS,
    [eventId],
    NO_ITEMS,
  );
}

export function useScheduleAssignees(eventId: string | null | undefined): ScheduleAssigneeRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows('scheduleAssignees', await db.scheduleAssignees.where('event_id').equals(eventId).toArray())
        : NO_ASSIGNEES,
    [eventId],
    NO_ASSIGNEES,
  );
}
