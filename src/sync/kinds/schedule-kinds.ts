/**
 * Mutation kinds of the schedule: create (the device gives the item its id), update (changed
 * fields only), delete (a tombstone) and assignees on and off (a procedure that answers a replay
 * with the state reached). Times are the wall-clock time at the event's place
 * (`YYYY-MM-DDTHH:mm[:ss]`); the event's dates, planning days and tier gates are the database's.
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import { assigneeKey } from '../../db/row-schemas.ts';
import { scheduleItemsSource, wallClock } from '../pull-sources.ts';
import { MutationValidationError } from '../send-errors.ts';
import { callProcedure } from './backend-calls.ts';
import { insertOnce, softDelete, updateOne } from './rest-writes.ts';

const eventRef = (id: string) => `event:${id}`;
const itemRef = (id: string) => `schedule-item:${id}`;

const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'A time is YYYY-MM-DDTHH:mm');

const fields = z.object({
  title: z.string().trim().min(1, 'The item needs a title').max(200),
  starts_at: localTime,
  ends_at: localTime,
  location: z.string().max(300).nullable(),
  notes: z.string().max(5000).nullable(),
});

function checkOrder(changes: { starts_at?: string; ends_at?: string }): void {
  if (changes.starts_at && changes.ends_at && wallClock(changes.ends_at) <= wallClock(changes.starts_at))
    throw new MutationValidationError('An item must end after it starts.');
}

const createArgs = fields.partial({ location: true, notes: true }).extend({
  eventId: z.string(),
  id: z.string().optional(),
  at: z.string().optional(),
});
type CreateArgs = z.infer<typeof createArgs>;

export const createScheduleItem: MutationKind<CreateArgs> = {
  name: 'schedule.create',
  args: createArgs,
  validate: checkOrder,
  prepare: (args, ctx) => ({ ...args, id: args.id ?? crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId)],
  creates: (args) => [itemRef(args.id!)],
  async applyLocal(w, args) {
    const existing = await w.get('scheduleItems', args.id!);
    await w.put('scheduleItems', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      title: args.title,
      starts_at: wallClock(args.starts_at),
      ends_at: wallClock(args.ends_at),
      location: args.location ?? null,
      notes: args.notes ?? null,
      created_by: existing?.created_by ?? w.userId,
      updated_by: w.userId,
      created_at: existing?.created_at ?? args.at!,
      updated_at: existing?.updated_at ?? args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'schedule_items',
      {
        id: args.id,
        event_id: args.eventId,
        title: args.title,
        starts_at: args.starts_at,
        ends_at: args.ends_at,
        location: args.location ?? null,
        notes: args.notes ?? null,
      },
      scheduleItemsSource.select,
    ),
  async reconcile(w, args, result) {
    const { row } = scheduleItemsSource.toRow(result as Record<string, unknown>, w.userId);
    await w.storeServer('scheduleItems', args.id!, row);
  },
};

const updateArgs = z.object({
  id: z.string(),
  changes: fields.partial().refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
});
type UpdateArgs = z.infer<typeof updateArgs>;

export const updateScheduleItem: MutationKind<UpdateArgs> = {
  name: 'schedule.update',
  args: updateArgs,
  validate: (args) => checkOrder(args.changes),
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    const changes = { ...args.changes };
    if (changes.starts_at) changes.starts_at = wallClock(changes.starts_at);
    if (changes.ends_at) changes.ends_at = wallClock(changes.ends_at);
    await w.update('scheduleItems', args.id, changes);
  },
  send: ({ client }, args) =>
    updateOne(client, 'schedule_items', args.id, args.changes, 'This item no longer exists, or you cannot change it'),
};

const idArgs = z.object({ id: z.string() });
type IdArgs = z.infer<typeof idArgs>;

export const deleteScheduleItem: MutationKind<IdArgs> = {
  name: 'schedule.delete',
  args: idArgs,
  refs: (args) => [itemRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('scheduleItems', args.id);
    for (const a of await w.db.scheduleAssignees.where('item_id').equals(args.id).toArray())
      await w.delete('scheduleAssignees', a.key);
  },
  send: ({ client }, args) =>
    softDelete(client, 'schedule_items', args.id, 'This item no longer exists, or you cannot delete it'),
};

const assignArgs = z.object({
  eventId: z.string(),
  itemId: z.string(),
  userId: z.string(),
  assigned: z.boolean(),
  at: z.string().optional(),
});
type AssignArgs = z.infer<typeof assignArgs>;

export const assignScheduleItem: MutationKind<AssignArgs> = {
  name: 'schedule.assign',
  args: assignArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId), itemRef(args.itemId)],
  async applyLocal(w, args) {
    const key = assigneeKey(args.itemId, args.userId);
    if (!args.assigned) {
      await w.delete('scheduleAssignees', key);
      return;
    }
    if (await w.get('scheduleAssignees', key)) return;
    await w.put('scheduleAssignees', {
      key,
      item_id: args.itemId,
      event_id: args.eventId,
      user_id: args.userId,
      updated_at: args.at!,
    });
  },
  send: ({ client }, args) =>
    callProcedure(client, 'set_schedule_assignee', {
      p_item_id: args.itemId,
      p_user_id: args.userId,
      p_assigned: args.assigned,
    }),
};

export const scheduleKinds = [createScheduleItem, updateScheduleItem, deleteScheduleItem, assignScheduleItem];
