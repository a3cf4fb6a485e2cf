/**
 * Mutation kinds of transport: offer a ride (the device gives it its id), change it (changed
 * fields only), cancel it (a tombstone; its seats are given back), and claim or release a seat
 * (procedures that take the ride's row lock and answer a replay with the state reached). The seat
 * limit, one ride per member and direction and the tier gates are the database's; a refused claim
 * is rolled back on the device and explained.
 *
 * Premium transport (organizer) rides on the same kinds: a ride's direction and its pick-up points
 * are fields of the ride, the cost split (`cost_split`, naming the expense recorded just before
 * through `expense.create`) is a ride change that depends on that expense, and a passenger's
 * pick-up point is `ride.pickup` (a procedure that answers a replay with the choice already made).
 */
import { z } from 'zod';
import type { MutationKind } from '../kind-registry.ts';
import { passengerKey, rideDirections } from '../../db/row-schemas.ts';
import { ridesSource, wallClock } from '../pull-sources.ts';
import { MutationValidationError } from '../send-errors.ts';
import { callProcedure } from './backend-calls.ts';
import { insertOnce, softDelete, updateOne } from './rest-writes.ts';

const eventRef = (id: string) => `event:${id}`;
const rideRef = (id: string) => `ride:${id}`;

const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'A time is YYYY-MM-DDTHH:mm');

export const rideStop = z.object({
  id: z.string().min(1).max(64),
  place: z.string().trim().min(1, 'Where is the pick-up point?').max(200),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A pick-up time is HH:mm')
    .nullable(),
});

export const rideFields = z.object({
  vehicle: z.string().trim().max(100).nullable(),
  seats: z.number().int().min(1, 'A ride needs at least one free seat').max(50, 'A ride can have at most 50 seats'),
  departure_place: z.string().trim().min(1, 'Where does the ride leave from?').max(200),
  departs_at: localTime,
  notes: z.string().max(2000).nullable(),
  direction: z.enum(rideDirections),
  stops: z.array(rideStop).max(10, 'A ride can have at most 10 pick-up points'),
});

const costSplit = z.object({
  expense_id: z.string(),
  fuel_minor: z.number().int().min(0),
  toll_minor: z.number().int().min(0),
});

const createArgs = rideFields.partial({ vehicle: true, notes: true, direction: true, stops: true }).extend({
  eventId: z.string(),
  id: z.string().optional(),
  at: z.string().optional(),
});
type CreateArgs = z.infer<typeof createArgs>;

export const createRide: MutationKind<CreateArgs> = {
  name: 'ride.create',
  args: createArgs,
  prepare: (args, ctx) => ({ ...args, id: args.id ?? crypto.randomUUID(), at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId)],
  creates: (args) => [rideRef(args.id!)],
  async applyLocal(w, args) {
    const existing = await w.get('rides', args.id!);
    await w.put('rides', {
      key: args.id!,
      id: args.id!,
      event_id: args.eventId,
      driver_id: existing?.driver_id ?? w.userId,
      vehicle: args.vehicle ?? null,
      seats: args.seats,
      departure_place: args.departure_place,
      departs_at: wallClock(args.departs_at),
      notes: args.notes ?? null,
      direction: args.direction ?? 'outbound',
      stops: args.stops ?? [],
      cost_split: existing?.cost_split ?? null,
      created_at: existing?.created_at ?? args.at!,
      updated_at: existing?.updated_at ?? args.at!,
    });
  },
  send: ({ client }, args) =>
    insertOnce(
      client,
      'rides',
      {
        id: args.id,
        event_id: args.eventId,
        vehicle: args.vehicle ?? null,
        seats: args.seats,
        departure_place: args.departure_place,
        departs_at: args.departs_at,
        notes: args.notes ?? null,
        direction: args.direction ?? 'outbound',
        stops: args.stops ?? [],
      },
      ridesSource.select,
    ),
  async reconcile(w, args, result) {
    const { row } = ridesSource.toRow(result as Record<string, unknown>, w.userId);
    await w.storeServer('rides', args.id!, row);
  },
};

const updateArgs = z.object({
  id: z.string(),
  changes: rideFields
    .extend({ cost_split: costSplit.nullable() })
    .partial()
    .refine((c) => Object.keys(c).length > 0, 'Nothing to change'),
});
type UpdateArgs = z.infer<typeof updateArgs>;

export const updateRide: MutationKind<UpdateArgs> = {
  name: 'ride.update',
  args: updateArgs,
  validate: (args) => {
    const split = args.changes.cost_split;
    if (split && split.fuel_minor + split.toll_minor < 1)
      throw new MutationValidationError('Fuel and toll together must be more than 0.');
  },
  // A cost split names the expense it was split into: it waits for (and falls with) that expense.
  refs: (args) => [
    rideRef(args.id),
    ...(args.changes.cost_split ? [`expense:${args.changes.cost_split.expense_id}`] : []),
  ],
  async applyLocal(w, args) {
    const changes = { ...args.changes };
    if (changes.departs_at) changes.departs_at = wallClock(changes.departs_at);
    await w.update('rides', args.id, changes);
    if (changes.stops) {
      // As the database does: a stop taken off the ride drops the passengers' choice of it.
      const kept = new Set(changes.stops.map((stop) => stop.id));
      for (const p of await w.db.ridePassengers.where('ride_id').equals(args.id).toArray())
        if (p.pickup_stop_id && !kept.has(p.pickup_stop_id))
          await w.update('ridePassengers', p.key, { pickup_stop_id: null });
    }
  },
  send: ({ client }, args) =>
    updateOne(client, 'rides', args.id, args.changes, 'This ride no longer exists, or you cannot change it'),
};

const idArgs = z.object({ id: z.string() });
type IdArgs = z.infer<typeof idArgs>;

export const cancelRide: MutationKind<IdArgs> = {
  name: 'ride.cancel',
  args: idArgs,
  refs: (args) => [rideRef(args.id)],
  async applyLocal(w, args) {
    await w.delete('rides', args.id);
    for (const p of await w.db.ridePassengers.where('ride_id').equals(args.id).toArray())
      await w.delete('ridePassengers', p.key);
  },
  send: ({ client }, args) =>
    softDelete(client, 'rides', args.id, 'This ride no longer exists, or you cannot cancel it'),
};

const seatArgs = z.object({
  eventId: z.string(),
  rideId: z.string(),
  /** Whose seat; a claim is always the caller's own. */
  userId: z.string().optional(),
  at: z.string().optional(),
});
type SeatArgs = z.infer<typeof seatArgs>;

export const claimSeat: MutationKind<SeatArgs> = {
  name: 'ride.claim',
  args: seatArgs,
  prepare: (args, ctx) => ({ ...args, userId: ctx.userId, at: new Date(ctx.now).toISOString() }),
  refs: (args) => [eventRef(args.eventId), rideRef(args.rideId)],
  async applyLocal(w, args) {
    const key = passengerKey(args.rideId, args.userId!);
    if (await w.get('ridePassengers', key)) return;
    await w.put('ridePassengers', {
      key,
      ride_id: args.rideId,
      event_id: args.eventId,
      user_id: args.userId!,
      pickup_stop_id: null,
      updated_at: args.at!,
    });
  },
  send: ({ client }, args) => callProcedure(client, 'claim_ride_seat', { p_ride_id: args.rideId }),
};

export const releaseSeat: MutationKind<SeatArgs> = {
  name: 'ride.release',
  args: seatArgs,
  prepare: (args, ctx) => ({ ...args, userId: args.userId ?? ctx.userId }),
  refs: (args) => [eventRef(args.eventId), rideRef(args.rideId)],
  async applyLocal(w, args) {
    await w.delete('ridePassengers', passengerKey(args.rideId, args.userId!));
  },
  send: ({ client }, args) =>
    callProcedure(client, 'release_ride_seat', { p_ride_id: args.rideId, p_user_id: args.userId }),
};

const pickupArgs = z.object({
  eventId: z.string(),
  rideId: z.string(),
  /** The stop where the caller gets on; null: the departure place. */
  stopId: z.string().min(1).max(64).nullable(),
});
type PickupArgs = z.infer<typeof pickupArgs>;

export const choosePickup: MutationKind<PickupArgs> = {
  name: 'ride.pickup',
  args: pickupArgs,
  refs: (args) => [eventRef(args.eventId), rideRef(args.rideId)],
  async applyLocal(w, args) {
    await w.update('ridePassengers', passengerKey(args.rideId, w.userId), { pickup_stop_id: args.stopId });
  },
  send: ({ client }, args) =>
    callProcedure(client, 'choose_ride_pickup', { p_ride_id: args.rideId, p_stop_id: args.stopId }),
};

export const transportKinds = [createRide, updateRide, cancelRide, claimSeat, releaseSeat, choosePickup];
