/** What a pull reads of the schedule tables; the device rows are the server's columns (rowSource). */
import { editConverters } from '../../../sync/edit-groups.ts';
import { assigneeKey, scheduleAssigneeRowSchema, scheduleItemRowSchema } from './schedule-rows.ts';
import { rowSource } from '../../../sync/pull-source.ts';
import { wallClock } from '../../../sync/server-values.ts';

export const scheduleItemsSource = rowSource({
  table: 'scheduleItems',
  remote: 'schedule_items',
  schema: scheduleItemRowSchema,
  convert: { starts_at: (r) => wallClock(r.starts_at), ends_at: (r) => wallClock(r.ends_at), ...editConverters },
  inScope: 'event_id',
});

const scheduleAssigneesSource = rowSource({
  table: 'scheduleAssignees',
  remote: 'schedule_item_assignees',
  schema: scheduleAssigneeRowSchema,
  key: (r) => assigneeKey(r.item_id, r.user_id),
  inScope: 'event_id',
});

/** This feature's tables, in pull order (what a row points at comes first). */
export const scheduleSources = [scheduleItemsSource, scheduleAssigneesSource];
