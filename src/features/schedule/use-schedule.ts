/** Live reads of an event's schedule: the items by start time, and who is assigned to which item. */
import { useRowsWhere } from '../../data/use-rows.ts';
import { scheduleAssigneeRowSchema, scheduleItemRowSchema } from './sync/index.ts';

export const useScheduleItems = (eventId: string | null | undefined) =>
  useRowsWhere('scheduleItems', scheduleItemRowSchema, 'event_id', eventId, { orderBy: 'starts_at' });

export const useScheduleAssignees = (eventId: string | null | undefined) =>
  useRowsWhere('scheduleAssignees', scheduleAssigneeRowSchema, 'event_id', eventId);
