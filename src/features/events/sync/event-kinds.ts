/**
 * Mutation kinds on events: create (local id `temp-{timestamp}`, the server insert carries a
 * client_ref so a replay finds the row it made, and the real id replaces the local one
 * everywhere), update (changed fields only), soft delete, restore, delete for good (server function),
 * leave, and join by link.
 */
import { CURRENCIES, currencyOf, type Currency } from '../../../lib/currencies.ts';
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import type { EventRow } from './event-rows.ts';
import { memberKey } from './member-rows.ts';
import { eventsSource } from './event-sources.ts';

const eventFields = z.object({
  name: z.string().trim().min(1, 'The event needs a name').max(200),
  description: z.string().max(5000).nullable().optional(),
  location: z.string().max(300).nullable().optional(),
  start_date: z.iso.date().nullable().optional(),
  end_date: z.iso.date().nullable().optional(),
  currency: z.enum(CURRENCIES).optional(),
  time_zone: z.string().min(1).max(64).optional(),
});
type EventFields = z.infer<typeof eventFields>;

/** White label (organizer events, managers): set with the other details, never at creation. */
const brandingFields = z.object({
  accent_color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/, 'The accent colour must be a colour like #e4572e')
    .nullable()
    .optional(),
  logo_path: z.string().max(200).nullable().optional(),
});

const createArgs = eventFields.extend({
  id: z.string().optional(),
  clientRef: z.string().optional(),
  createdAt: z.string().optional(),
});

function checkDates(fields: Partial<EventFields>): void {
  if (fields.start_date && fields.end_date && fields.end_date < fields.start_date) {
    throw new kit.MutationValidationError('The end date cannot be before the start date');
  }
}

const ref = kit.refTo('event');

/** The currency of the user's most recently made event, else CHF (as the database defaults it). */
export function lastCurrency(events: readonly EventRow[], userId: string): Currency {
  const mine = events.filter((e) => e.created_by === userId).sort((a, b) => b.created_at.localeCompare(a.created_at));
  return currencyOf(mine[0]);
}

/** `event "Lake trip"`, or `an event` when the device does not know its name. */
function theEvent(ctx: kit.DescribeContext, id: string, name?: string | null): string {
  const known = name?.trim() || ctx.eventName(id);
  return known ? `event ${kit.quoted(known)}` : 'an event';
}

const createEvent = kit.defineKind({
  name: 'event.create',
  args: createArgs,
  validate: checkDates,
  async prepare(args, ctx) {
    const id = await kit.newTempId(ctx.db, 'events', ctx.now);
    const currency = args.currency ?? lastCurrency(await ctx.db.events.toArray(), ctx.userId);
    // The creator's browser zone: the schedule's wall-clock times are in it.
    const time_zone = args.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    return {
      ...args,
      id,
      currency,
      time_zone,
      clientRef: `${id}.${ctx.clientId}`,
      createdAt: new Date(ctx.now).toISOString(),
    };
  },
  refs: () => [],
  creates: (args) => [ref(args.id)],
  async applyLocal(w, args) {
    const id = args.id;
    const existing = await w.get('events', id);
    const row: EventRow = {
      key: id,
      id,
      name: args.name,
      description: args.description ?? null,
      location: args.location ?? null,
      start_date: args.start_date ?? null,
      end_date: args.end_date ?? null,
      currency: args.currency,
      time_zone: args.time_zone,
      access_tier: existing?.access_tier ?? (await w.get('profiles', w.userId))?.subscription_tier ?? 'free',
      status: existing?.status ?? 'active',
      created_by: w.userId,
      client_ref: args.clientRef ?? null,
      created_at: existing?.created_at ?? args.createdAt,
      updated_at: existing?.updated_at ?? args.createdAt,
      deleted_at: existing?.deleted_at ?? null,
      accent_color: existing?.accent_color ?? null,
      logo_path: existing?.logo_path ?? null,
    };
    await w.put('events', row);
    const key = memberKey(id, w.userId);
    if (!(await w.get('members', key))) {
      const me = await w.get('profiles', w.userId);
      await w.put('members', {
        key,
        id: null,
        event_id: id,
        user_id: w.userId,
        role: 'creator',
        created_at: args.createdAt,
        updated_at: args.createdAt,
        name: me?.name ?? null,
        avatar: me?.avatar ?? null,
        email: me?.email ?? null,
      });
    }
  },
  // The server makes the id: a replay finds the row by its creator and `client_ref`.
  send: ({ client, userId }, args) =>
    kit.insertOnce(
      client,
      eventsSource,
      {
        name: args.name,
        description: args.description ?? null,
        location: args.location ?? null,
        start_date: args.start_date ?? null,
        end_date: args.end_date ?? null,
        currency: args.currency,
        time_zone: args.time_zone,
        created_by: userId,
        client_ref: args.clientRef,
      },
      ['created_by', 'client_ref'],
    ),
  async reconcile(w, args, answer) {
    const { key, row } = eventsSource.toRow(answer, w.userId);
    await w.replaceLocalId(args.id, key);
    await w.storeServer('events', key, row);
  },
  describe: (args, ctx) => `Create ${theEvent(ctx, args.id, args.name)}`,
});

/** An event's field groups under the one conflict rule (the database's trigger names the same). */
export const EVENT_EDIT_GROUPS: kit.EditGroups = {
  name: { fields: ['name'], label: 'name' },
  description: { fields: ['description'], label: 'description' },
  location: { fields: ['location'], label: 'location' },
  dates: { fields: ['start_date', 'end_date'], label: 'dates' },
  currency: { fields: ['currency'], label: 'currency' },
  time_zone: { fields: ['time_zone'], label: 'time zone' },
};

const updateEvent = kit.editRowKind('event.update', eventsSource, ref, {
  changes: eventFields.extend(brandingFields.shape).partial(),
  groups: EVENT_EDIT_GROUPS,
  missing: 'This event no longer exists, or you can no longer change it',
  validate: checkDates,
  describe: (args, ctx) => `Edit ${theEvent(ctx, args.id, args.changes.name)}`,
});

const idArgs = z.object({ id: z.string(), at: z.string().optional() });

const softDeleteEvent = kit.defineKind({
  name: 'event.soft-delete',
  args: idArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
  refs: (args) => [ref(args.id)],
  async applyLocal(w, args) {
    await w.update('events', args.id, { status: 'deleted', deleted_at: args.at ?? null });
  },
  send: ({ client }, args) =>
    kit.updateOne(
      client,
      'events',
      args.id,
      { status: 'deleted' },
      'This event no longer exists, or you can no longer delete it',
    ),
  describe: (args, ctx) => `Delete ${theEvent(ctx, args.id)}`,
});

/**
 * Brings a soft-deleted event back (its creator only; the events-at-once limit applies, both
 * enforced by the database). Restoring an event that is already active changes nothing.
 */
const restoreEvent = kit.defineKind({
  name: 'event.restore',
  args: idArgs,
  refs: (args) => [ref(args.id)],
  async applyLocal(w, args) {
    await w.update('events', args.id, { status: 'active', deleted_at: null });
  },
  send: ({ client }, args) =>
    kit.updateOne(
      client,
      'events',
      args.id,
      { status: 'active', deleted_at: null },
      'This event no longer exists, or you can no longer restore it',
    ),
  describe: (args, ctx) => `Restore ${theEvent(ctx, args.id)}`,
});

/** Removes an event and what hangs on it from the device (leaving it, deleting it for good). */
async function dropEventLocally(w: kit.LocalWriter, eventId: string): Promise<void> {
  await w.delete('events', eventId);
  await w.deleteWhere('members', 'event_id', eventId);
  for (const invitation of await w.db.invitations.where('event_id').equals(eventId).toArray()) {
    if (invitation.recipient_id !== w.userId) await w.delete('invitations', invitation.key);
  }
}

const deleteEvent = kit.defineKind({
  name: 'event.delete',
  args: idArgs,
  refs: (args) => [ref(args.id)],
  applyLocal: (w, args) => dropEventLocally(w, args.id),
  send: ({ client }, args) => kit.callFunction(client, 'delete-event', { eventId: args.id }),
  describe: (args, ctx) => `Delete ${theEvent(ctx, args.id)} for good`,
});

const leaveEvent = kit.defineKind({
  name: 'event.leave',
  args: idArgs,
  refs: (args) => [ref(args.id)],
  applyLocal: (w, args) => dropEventLocally(w, args.id),
  send: ({ client }, args) => kit.callProcedure(client, 'leave_event', { p_event_id: args.id }),
  describe: (args, ctx) => `Leave ${theEvent(ctx, args.id)}`,
});

const joinEvent = kit.defineKind({
  name: 'event.join',
  args: idArgs,
  refs: () => [],
  // Nothing to show before the server agrees: the event arrives with the pull that follows.
  applyLocal: async () => {},
  send: ({ client }, args) => kit.callProcedure(client, 'join_event', { p_event_id: args.id }),
  describe: (args, ctx) => `Join ${theEvent(ctx, args.id)}`,
});

export const eventKinds = [
  createEvent,
  updateEvent,
  softDeleteEvent,
  restoreEvent,
  deleteEvent,
  leaveEvent,
  joinEvent,
] as const;
