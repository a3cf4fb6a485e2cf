/**
 * Mutation kinds of the schedule: create (the device gives the item its id), update (changed
 * fields only), delete (a tombstone) and assignees on and off (a procedure that answers a replay
 * with the state reached). Times are the wall-clock time at the event's place
 * (`YYYY-MM-DDTHH:mm[:ss]`); the event's dates, planning days and tier gates are the database's.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { assigneeKey } from './schedule-rows.ts';
import { scheduleItemsSource } from './schedule-sources.ts';

const eventRef = kit.refTo('event');
const itemRef = kit.refTo('schedule-item');

const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'A time is YYYY-MM-DDTHH:mm');

const fields = z.object({
  title: z.string().trim().min(1, 'The item needs a title').max(200),
  starts_at: localTime,
  ends_at: localTime,
  location: z.string().max(300).nullable(),
  notes: z.string().max(5000).nullable(),
});

function checkOrder(changes: { starts_at?: string; ends_at?: string }): void {
  if (changes.starts_at && changes.ends_at && kit.wallClock(changes.ends_at) <= kit.wallClock(changes.starts_at))
    throw new kit.MutationValidationError('An item must end after it starts.');
}

/** Times as the device stores them (`YYYY-MM-DDTHH:mm:ss`, as the server answers them). */
function storedTimes<C extends { starts_at?: string; ends_at?: string }>(changes: C): C {
  const stored = { ...changes };
  if (stored.starts_at) stored.starts_at = kit.wallClock(stored.starts_at);
  if (stored.ends_at) stored.ends_at = kit.wallClock(stored.ends_at);
  return stored;
}

const createArgs = fields.partial({ location: true, notes: true }).extend({
  eventId: z.string(),
  id: z.string().optional(),
  at: z.string().optional(),
});

const createScheduleItem = kit.createRowKind('schedule.create', scheduleItemsSource, itemRef, {
  args: createArgs,
  validate: checkOrder,
  needs: (args) => [eventRef(args.eventId)],
  row: (args, existing, userId) => ({
    key: args.id,
    ...storedTimes(newItem(args)),
    ...kit.madeBy(existing, userId, args.at),
    updated_by: userId,
  }),
  insert: newItem,
  describe: (args, ctx) => `Add ${kit.quoted(args.title)} to the schedule${kit.inEvent(ctx, 'of', args.eventId)}`,
});

function newItem(args: z.output<typeof createArgs> & { id: string }) {
  const { id, eventId, title, starts_at, ends_at } = args;
  return {
    id,
    event_id: eventId,
    title,
    starts_at,
    ends_at,
    location: args.location ?? null,
    notes: args.notes ?? null,
  };
}

/** A schedule item's field groups under the one conflict rule (the database's trigger names the same). */
export const SCHEDULE_EDIT_GROUPS: kit.EditGroups = {
  title: { fields: ['title'], label: 'title' },
  time: { fields: ['starts_at', 'ends_at'], label: 'time' },
  location: { fields: ['location'], label: 'location' },
  notes: { fields: ['notes'], label: 'notes' },
};

const updateScheduleItem = kit.editRowKind('schedule.update', scheduleItemsSource, itemRef, {
  changes: fields.partial(),
  groups: SCHEDULE_EDIT_GROUPS,
  missing: 'This item no longer exists, or you cannot change it',
  validate: checkOrder,
  local: storedTimes,
  describe: () => 'Change an item of the schedule',
});

const deleteScheduleItem = kit.deleteRowKind('schedule.delete', scheduleItemsSource, itemRef, {
  missing: 'This item no longer exists, or you cannot delete it',
  alsoRemove: (w, id) => w.deleteWhere('scheduleAssignees', 'item_id', id),
  describe: 'Delete an item of the schedule',
});

const assignScheduleItem = kit.defineKind({
  name: 'schedule.assign',
  args: z.object({
    eventId: z.string(),
    itemId: z.string(),
    userId: z.string(),
    assigned: z.boolean(),
    at: z.string().optional(),
  }),
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [eventRef(args.eventId), itemRef(args.itemId)],
  async applyLocal(w, args) {
    const key = assigneeKey(args.itemId, args.userId);
    if (!args.assigned) {
      await w.delete('scheduleAssignees', key);
      return;
    }
    if (await w.get('scheduleAssignees', key)) return;
    const { eventId, itemId, userId } = args;
    await w.put('scheduleAssignees', { key, item_id: itemId, event_id: eventId, user_id: userId, updated_at: args.at });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'set_schedule_assignee', {
      p_item_id: args.itemId,
      p_user_id: args.userId,
      p_assigned: args.assigned,
    }),
  describe: (args) =>
    args.assigned ? 'Assign someone to an item of the schedule' : 'Unassign someone from an item of the schedule',
});

export const scheduleKinds = [createScheduleItem, updateScheduleItem, deleteScheduleItem, assignScheduleItem] as const;
