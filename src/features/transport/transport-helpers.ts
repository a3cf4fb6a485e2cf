/**
 * Pure helpers of the Transport page: rides with their passengers, who has no ride yet (per
 * direction: to the event, and home), and what a ride's cost split records.
 */
import type { RideDirection, RidePassengerRow, RideRow } from './sync/transport-rows.ts';
import { splitEqually, type Share } from '../expenses/index.ts';

export interface SeatedRide extends RideRow {
  /** Who has a seat, in the order they took it. */
  passengerIds: string[];
  /** Where each passenger gets on (a stop's id); passengers getting on at the departure place are absent. */
  pickups: Map<string, string>;
  /** The seats taken, as changes (when, by whom): a seat someone else took is news like the ride's own edits. */
  seatChanges: { at: string; by: string }[];
}

/** What changed on a ride and by whom: its own row (its driver's) and each seat taken (its passenger's). */
export function rideChanges(ride: SeatedRide): { at: string; by: string | null }[] {
  return [{ at: ride.updated_at, by: ride.driver_id }, ...ride.seatChanges];
}

/** The rides by departure (then id), each with its passengers. */
export function ridesWithSeats(rides: readonly RideRow[], passengers: readonly RidePassengerRow[]): SeatedRide[] {
  const byRide = new Map<string, RidePassengerRow[]>();
  for (const p of passengers) byRide.set(p.ride_id, [...(byRide.get(p.ride_id) ?? []), p]);
  return [...rides]
    .sort((a, b) => a.departs_at.localeCompare(b.departs_at) || a.id.localeCompare(b.id))
    .map((ride) => {
      const seated = (byRide.get(ride.id) ?? []).sort(
        (a, b) => a.updated_at.localeCompare(b.updated_at) || a.user_id.localeCompare(b.user_id),
      );
      const stopIds = new Set(ride.stops.map((stop) => stop.id));
      return {
        ...ride,
        passengerIds: seated.map((p) => p.user_id),
        pickups: new Map(
          seated
            .filter((p) => p.pickup_stop_id !== null && stopIds.has(p.pickup_stop_id))
            .map((p) => [p.user_id, p.pickup_stop_id!]),
        ),
        seatChanges: seated.map((p) => ({ at: p.updated_at, by: p.user_id })),
      };
    });
}

/** The rides of one direction, in the order given. */
export function ridesOf<R extends { direction: RideDirection }>(rides: readonly R[], direction: RideDirection): R[] {
  return rides.filter((ride) => ride.direction === direction);
}

/** The members who neither drive nor have a seat in `rides` (one direction's), in the members' order. */
export function withoutRide<M extends { user_id: string }>(members: readonly M[], rides: readonly SeatedRide[]): M[] {
  const travelling = new Set<string>();
  for (const ride of rides) {
    travelling.add(ride.driver_id);
    for (const id of ride.passengerIds) travelling.add(id);
  }
  return members.filter((member) => !travelling.has(member.user_id));
}

/** Who shares a ride's costs: its driver, then its passengers. */
export function costSharers(ride: SeatedRide): string[] {
  return [ride.driver_id, ...ride.passengerIds.filter((id) => id !== ride.driver_id)];
}

/** The expense a ride's fuel and toll become: paid by the driver, split equally among its people. */
export function rideCostExpense(
  ride: SeatedRide,
  fuelMinor: number,
  tollMinor: number,
): { title: string; amount_minor: number; paid_by: string; shares: Share[] } {
  const amount = fuelMinor + tollMinor;
  const what = fuelMinor && tollMinor ? 'Fuel and toll' : fuelMinor ? 'Fuel' : 'Toll';
  const title = `${what}: ride ${ride.direction === 'return' ? 'back ' : ''}from ${ride.departure_place}`;
  return {
    title: title.slice(0, 200),
    amount_minor: amount,
    paid_by: ride.driver_id,
    shares: splitEqually(amount, costSharers(ride)),
  };
}
