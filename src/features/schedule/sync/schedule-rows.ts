/** The device rows of schedule: their schemas (rows read back are parsed with them) and types. */
import type { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';
import { editTracking, sentOnly } from '../../../sync/edit-groups.ts';

/** A schedule item; times are the wall-clock time at the event's place (`YYYY-MM-DDTHH:mm:ss`). */
export const scheduleItemRowSchema = tableRows.schedule_items
  .omit({ deleted_at: true, ...sentOnly })
  .extend({ ...withKey, ...editTracking })
  .describe('scheduleItems');

export type ScheduleItemRow = z.infer<typeof scheduleItemRowSchema>;

/** Who takes care of a schedule item. Key: `{item_id}|{user_id}`. */
export const scheduleAssigneeRowSchema = tableRows.schedule_item_assignees
  .omit({ id: true, created_at: true, deleted_at: true })
  .extend(withKey)
  .describe('scheduleAssignees');

type ScheduleAssigneeRow = z.infer<typeof scheduleAssigneeRowSchema>;

/** The local key of a schedule assignee row. */
export function assigneeKey(itemId: string, userId: string): string {
  return `${itemId}|${userId}`;
}

declare module '../../../db/mirror.ts' {
  interface RowOf {
    scheduleItems: ScheduleItemRow;
    scheduleAssignees: ScheduleAssigneeRow;
  }
}
