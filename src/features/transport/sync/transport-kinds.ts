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
import * as kit from '../../../sync/kind-kit.ts';
import { passengerKey, rideDirections, rideNeedKey, rideNeedStatuses, type RideStop } from './transport-rows.ts';
import { rideNeedsSource, ridesSource } from './transport-sources.ts';

const eventRef = kit.refTo('event');
const rideRef = kit.refTo('ride');

const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'A time is YYYY-MM-DDTHH:mm');

const rideStop = z.object({
  id: z.string().min(1).max(64),
  place: z.string().trim().min(1, 'Where is the pick-up point?').max(200),
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A pick-up time is HH:mm')
    .nullable(),
});

const rideFields = z.object({
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

const createRide = kit.createRowKind('ride.create', ridesSource, rideRef, {
  args: createArgs,
  needs: (args) => [eventRef(args.eventId)],
  row: (args, existing, userId) => {
    const ride = newRide(args);
    return {
      key: args.id,
      ...ride,
      departs_at: kit.wallClock(ride.departs_at),
      driver_id: existing?.driver_id ?? userId,
      cost_split: existing?.cost_split ?? null,
      ...kit.madeAt(existing, args.at),
    };
  },
  insert: newRide,
  describe: (args, ctx) => `Offer a ride from ${args.departure_place}${kit.inEvent(ctx, 'to', args.eventId)}`,
});

/** The columns of a new ride, as sent and (times aside) as the device stores them. */
function newRide(args: z.output<typeof createArgs> & { id: string }) {
  const { id, eventId, seats, departure_place, departs_at } = args;
  return {
    ...{ id, event_id: eventId, seats, departure_place, departs_at },
    vehicle: args.vehicle ?? null,
    notes: args.notes ?? null,
    direction: args.direction ?? 'outbound',
    stops: args.stops ?? [],
  };
}

/** A ride's field groups under the one conflict rule (the database's trigger names the same). */
export const RIDE_EDIT_GROUPS: kit.EditGroups = {
  vehicle: { fields: ['vehicle'], label: 'vehicle' },
  seats: { fields: ['seats'], label: 'seats' },
  departure: { fields: ['departure_place', 'departs_at'], label: 'departure' },
  notes: { fields: ['notes'], label: 'notes' },
  direction: { fields: ['direction'], label: 'direction' },
  stops: { fields: ['stops'], label: 'pick-up points' },
  cost_split: { fields: ['cost_split'], label: 'cost split' },
};

const rideChanges = kit.editRowKind('ride.update', ridesSource, rideRef, {
  changes: rideFields.extend({ cost_split: costSplit.nullable() }).partial(),
  groups: RIDE_EDIT_GROUPS,
  missing: 'This ride no longer exists, or you cannot change it',
  validate: (changes) => {
    const split = changes.cost_split;
    if (split && split.fuel_minor + split.toll_minor < 1)
      throw new kit.MutationValidationError('Fuel and toll together must be more than 0.');
  },
  local: (changes) => (changes.departs_at ? { ...changes, departs_at: kit.wallClock(changes.departs_at) } : changes),
  describe: (args) => (args.changes.cost_split ? 'Split the costs of a ride' : 'Change a ride'),
});

/** As the database does: a stop taken off the ride drops the passengers' choice of it. */
async function dropRemovedStops(w: kit.LocalWriter, rideId: string, stops: readonly RideStop[]): Promise<void> {
  const kept = new Set(stops.map((stop) => stop.id));
  for (const p of await w.db.ridePassengers.where('ride_id').equals(rideId).toArray())
    if (p.pickup_stop_id && !kept.has(p.pickup_stop_id))
      await w.update('ridePassengers', p.key, { pickup_stop_id: null });
}

const updateRide = kit.defineKind({
  ...rideChanges,
  // A cost split names the expense it was split into: it waits for (and falls with) that expense.
  refs: (args) => [
    rideRef(args.id),
    ...(args.changes.cost_split ? [`expense:${args.changes.cost_split.expense_id}`] : []),
  ],
  async applyLocal(w, args) {
    await rideChanges.applyLocal(w, args);
    if (args.changes.stops) await dropRemovedStops(w, args.id, args.changes.stops);
  },
});

const cancelRide = kit.deleteRowKind('ride.cancel', ridesSource, rideRef, {
  missing: 'This ride no longer exists, or you cannot cancel it',
  alsoRemove: (w, id) => w.deleteWhere('ridePassengers', 'ride_id', id),
  describe: 'Cancel a ride',
});

const seatArgs = z.object({
  eventId: z.string(),
  rideId: z.string(),
  /** Whose seat; a claim is always the caller's own. */
  userId: z.string().optional(),
  at: z.string().optional(),
});

const claimSeat = kit.defineKind({
  name: 'ride.claim',
  args: seatArgs,
  prepare: (args, ctx) => ({ ...kit.withTime(args, ctx), userId: ctx.userId }),
  refs: (args) => [eventRef(args.eventId), rideRef(args.rideId)],
  async applyLocal(w, args) {
    const key = passengerKey(args.rideId, args.userId);
    if (await w.get('ridePassengers', key)) return;
    await w.put('ridePassengers', {
      key,
      ride_id: args.rideId,
      event_id: args.eventId,
      user_id: args.userId,
      pickup_stop_id: null,
      updated_at: args.at,
    });
    // As the database does: a seat taken ends "I need a ride".
    const need = await w.get('rideNeeds', rideNeedKey(args.eventId, args.userId));
    if (need?.status === 'needs_ride') await w.delete('rideNeeds', need.key);
  },
  send: ({ client }, args) => kit.callProcedure(client, 'claim_ride_seat', { p_ride_id: args.rideId }),
  describe: (args, ctx) => `Take a seat in a ride${kit.inEvent(ctx, 'to', args.eventId)}`,
});

const releaseSeat = kit.defineKind({
  name: 'ride.release',
  args: seatArgs,
  prepare: (args, ctx) => ({ ...args, userId: args.userId ?? ctx.userId }),
  refs: (args) => [eventRef(args.eventId), rideRef(args.rideId)],
  async applyLocal(w, args) {
    await w.delete('ridePassengers', passengerKey(args.rideId, args.userId));
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'release_ride_seat', { p_ride_id: args.rideId, p_user_id: args.userId }),
  describe: (args, ctx) => `Give up a seat in a ride${kit.inEvent(ctx, 'to', args.eventId)}`,
});

const pickupArgs = z.object({
  eventId: z.string(),
  rideId: z.string(),
  /** The stop where the caller gets on; null: the departure place. */
  stopId: z.string().min(1).max(64).nullable(),
});

const choosePickup = kit.defineKind({
  name: 'ride.pickup',
  args: pickupArgs,
  refs: (args) => [eventRef(args.eventId), rideRef(args.rideId)],
  async applyLocal(w, args) {
    await w.update('ridePassengers', passengerKey(args.rideId, w.userId), { pickup_stop_id: args.stopId });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'choose_ride_pickup', { p_ride_id: args.rideId, p_stop_id: args.stopId }),
  describe: (args, ctx) => `Choose where you get on a ride${kit.inEvent(ctx, 'to', args.eventId)}`,
});

const needArgs = z.object({
  eventId: z.string(),
  /** "I need a ride", "Going on my own", or null: undecided again. */
  status: z.enum(rideNeedStatuses).nullable(),
  note: z.string().trim().max(200, 'A note can have at most 200 characters').nullable().optional(),
  at: z.string().optional(),
});

/**
 * The caller's ride status in an event. Setting is an upsert of their own row (a replay writes the
 * same values); clearing is a tombstone of it. Both are the caller's own row only (RLS).
 */
const setRideNeed = kit.defineKind({
  name: 'ride.need',
  args: needArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: (args) => [eventRef(args.eventId)],
  async applyLocal(w, args) {
    const key = rideNeedKey(args.eventId, w.userId);
    if (!args.status) return w.delete('rideNeeds', key);
    const note = args.status === 'needs_ride' ? kit.given(args.note) : null;
    await w.put('rideNeeds', {
      key,
      event_id: args.eventId,
      user_id: w.userId,
      status: args.status,
      note,
      updated_at: args.at,
    });
  },
  async send({ client }, args) {
    if (!args.status) {
      const cleared = await client
        .from('ride_needs')
        .update({ deleted_at: new Date().toISOString() })
        .eq('event_id', args.eventId)
        .is('deleted_at', null)
        .select('id');
      kit.expectData(cleared);
      return null;
    }
    const note = args.status === 'needs_ride' ? kit.given(args.note) : null;
    return kit.upsertRow(
      client,
      rideNeedsSource,
      { event_id: args.eventId, status: args.status, note, deleted_at: null },
      'event_id,user_id' as 'event_id',
    );
  },
  reconcile: async (w, _args, answer) => {
    if (answer) await kit.storeAnswer(rideNeedsSource)(w, _args, answer);
  },
  describe: (args, ctx) => {
    if (!args.status) return `Clear your ride status${kit.inEvent(ctx, 'in', args.eventId)}`;
    const what = args.status === 'needs_ride' ? 'Ask for a ride' : 'Go on your own';
    return `${what}${kit.inEvent(ctx, 'to', args.eventId)}`;
  },
});

export const transportKinds = [
  createRide,
  updateRide,
  cancelRide,
  claimSeat,
  releaseSeat,
  choosePickup,
  setRideNeed,
] as const;
