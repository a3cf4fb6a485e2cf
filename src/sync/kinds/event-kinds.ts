/**
 * Mutation kinds on events: create (local id `temp-{timestamp}`, the server insert carries a
 * client_ref so a replay finds the row it made, and the real id replaces the local one
 * everywhere), update (changed fields only), soft delete, restore, delete for good (server function),
 * leave, and join by link.
 */
import { z } from 'zod';
import type { LocalWriter } from '../local-writer.ts';
import type { MutationKind } from '../kind-registry.ts';
import { memberKey, type EventRow } from '../../db/row-schemas.ts';
import { eventFromServer, eventsSource } from '../pull-sources.ts';
import { failure, MutationValidationError } from '../send-errors.ts';
import { newTempEventId, replaceTempId } from '../temp-ids.ts';
import { callFunction, callProcedure, expectData } from './backend-calls.ts';

const eventFields = z.object({
  name: z.string().trim().min(1, 'The event needs a name').max(200),
  description: z.string().max(5000).nullable().optional(),
  location: z.string().max(300).nullable().optional(),
  start_date: z.iso.date().nullable().optional(),
  end_date: z.iso.date().nullable().optional(),
});
type EventFields = z.infer<typeof eventFields>;

const createArgs = eventFields.extend({
  id: z.string().optional(),
  clientRef: z.string().optional(),
  createdAt: z.string().optional(),
});
type CreateArgs = z.infer<typeof createArgs>;

function checkDates(fields: Partial<EventFields>): void {
  if (fields.start_date && fields.end_date && fields.end_date < fields.start_date) {
    throw new MutationValidationError('The end date cannot be before the start date');
  }
}

const ref = (id: string) => `event:${id}`;

export const createEvent: MutationKind<CreateArgs> = {
  name: 'event.create',
  args: createArgs,
  validate: checkDates,
  async prepare(args, ctx) {
    const id = await newTempEventId(ctx.db, ctx.now);
    return { ...args, id, clientRef: `${id}.${ctx.clientId}`, createdAt: new Date(ctx.now).toISOString() };
  },
  refs: () => [],
  creates: (args) => [ref(args.id!)],
  async applyLocal(w, args) {
    const id = args.id!;
    const existing = await w.get('events', id);
    const row: EventRow = {
      key: id,
      id,
      name: args.name,
      description: args.description ?? null,
      location: args.location ?? null,
      start_date: args.start_date ?? null,
      end_date: args.end_date ?? null,
      access_tier: existing?.access_tier ?? (await w.get('profiles', w.userId))?.subscription_tier ?? 'free',
      status: existing?.status ?? 'active',
      created_by: w.userId,
      client_ref: args.clientRef ?? null,
      created_at: existing?.created_at ?? args.createdAt!,
      updated_at: existing?.updated_at ?? args.createdAt!,
      deleted_at: existing?.deleted_at ?? null,
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
        created_at: args.createdAt!,
        updated_at: args.createdAt!,
        name: me?.name ?? null,
        avatar: me?.avatar ?? null,
        email: me?.email ?? null,
      });
    }
  },
  async send({ client, userId }, args) {
    const row = {
      name: args.name,
      description: args.description ?? null,
      location: args.location ?? null,
      start_date: args.start_date ?? null,
      end_date: args.end_date ?? null,
      created_by: userId,
      client_ref: args.clientRef,
    };
    const inserted = expectData(
      await client
        .from('events')
        .upsert(row, { onConflict: 'created_by,client_ref', ignoreDuplicates: true })
        .select(eventsSource.select),
    ) as unknown as Record<string, unknown>[];
    if (inserted.length) return inserted[0];
    // A replay: the first request made the row.
    const found = expectData(
      await client
        .from('events')
        .select(eventsSource.select)
        .eq('created_by', userId)
        .eq('client_ref', args.clientRef!)
        .maybeSingle()
        .retry(false),
    );
    if (!found) throw failure(404, 'not_found', 'The event was created but is no longer there');
    return found;
  },
  async reconcile(w, args, result) {
    const row = eventFromServer(result as Record<string, unknown>);
    await replaceTempId(w.db, args.id!, row.id);
    await w.storeServer('events', row.id, row);
  },
};

const updateArgs = z.object({ id: z.string(), changes: eventFields.partial() });
type UpdateArgs = z.infer<typeof updateArgs>;

export const updateEvent: MutationKind<UpdateArgs> = {
  name: 'event.update',
  args: updateArgs,
  validate: (args) => checkDates(args.changes),
  refs: (args) => [ref(args.id)],
  async applyLocal(w, args) {
    await w.update('events', args.id, args.changes);
  },
  async send({ client }, args) {
    const rows = expectData(
      await client.from('events').update(args.changes).eq('id', args.id).select('id'),
    ) as unknown[];
    if (!rows.length) throw failure(404, 'not_found', 'This event no longer exists, or you can no longer change it');
    return null;
  },
};

const idArgs = z.object({ id: z.string(), at: z.string().optional() });
type IdArgs = z.infer<typeof idArgs>;

export const softDeleteEvent: MutationKind<IdArgs> = {
  name: 'event.soft-delete',
  args: idArgs,
  prepare: (args, ctx) => ({ ...args, at: new Date(ctx.now).toISOString() }),
  refs: (args) => [ref(args.id)],
  async applyLocal(w, args) {
    await w.update('events', args.id, { status: 'deleted', deleted_at: args.at ?? null });
  },
  async send({ client }, args) {
    const rows = expectData(
      await client.from('events').update({ status: 'deleted' }).eq('id', args.id).select('id'),
    ) as unknown[];
    if (!rows.length) throw failure(404, 'not_found', 'This event no longer exists, or you can no longer delete it');
    return null;
  },
};

/**
 * Brings a soft-deleted event back (its creator only; the events-at-once limit applies, both
 * enforced by the database). Restoring an event that is already active changes nothing.
 */
export const restoreEvent: MutationKind<IdArgs> = {
  name: 'event.restore',
  args: idArgs,
  refs: (args) => [ref(args.id)],
  async applyLocal(w, args) {
    await w.update('events', args.id, { status: 'active', deleted_at: null });
  },
  async send({ client }, args) {
    const rows = expectData(
      await client.from('events').update({ status: 'active', deleted_at: null }).eq('id', args.id).select('id'),
    ) as unknown[];
    if (!rows.length) throw failure(404, 'not_found', 'This event no longer exists, or you can no longer restore it');
    return null;
  },
};

/** Removes an event and what hangs on it from the device (leaving it, deleting it for good). */
async function dropEventLocally(w: LocalWriter, eventId: string): Promise<void> {
  await w.delete('events', eventId);
  for (const member of await w.db.members.where('event_id').equals(eventId).toArray())
    await w.delete('members', member.key);
  for (const invitation of await w.db.invitations.where('event_id').equals(eventId).toArray()) {
    if (invitation.recipient_id !== w.userId) await w.delete('invitations', invitation.key);
  }
}

export const deleteEvent: MutationKind<IdArgs> = {
  name: 'event.delete',
  args: idArgs,
  refs: (args) => [ref(args.id)],
  applyLocal: (w, args) => dropEventLocally(w, args.id),
  send: ({ client }, args) => callFunction(client, 'delete-event', { eventId: args.id }),
};

export const leaveEvent: MutationKind<IdArgs> = {
  name: 'event.leave',
  args: idArgs,
  refs: (args) => [ref(args.id)],
  applyLocal: (w, args) => dropEventLocally(w, args.id),
  send: ({ client }, args) => callProcedure(client, 'leave_event', { p_event_id: args.id }),
};

export const joinEvent: MutationKind<IdArgs> = {
  name: 'event.join',
  args: idArgs,
  refs: () => [],
  // Nothing to show before the server agrees: the event arrives with the pull that follows.
  applyLocal: async () => {},
  send: ({ client }, args) => callProcedure(client, 'join_event', { p_event_id: args.id }),
};

export const eventKinds = [createEvent, updateEvent, softDeleteEvent, restoreEvent, deleteEvent, leaveEvent, joinEvent];
