/** Pure helpers of the Transport page: rides with their passengers, and who has no ride yet. */
import type { RidePassengerRow, RideRow } from '../../db/row-schemas.ts';

export interface SeatedRide extends RideRow {
  /** Who has a seat, in the order they took it. */
  passengerIds: string[];
}

/** The rides by departure (then id), each with its passengers. */
export function ridesWithSeats(rides: readonly RideRow[], passengers: readonly RidePassengerRow[]): SeatedRide[] {
  const byRide = new Map<string, RidePassengerRow[]>();
  for (const p of passengers) byRide.set(p.ride_id, [...(byRide.get(p.ride_id) ?? []), p]);
  return [...rides]
    .sort((a, b) => a.departs_at.localeCompare(b.departs_at) || a.id.localeCompare(b.id))
    .map((ride) => ({
      ...ride,
      passengerIds: (byRide.get(ride.id) ?? [])
        .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.user_id.localeCompare(b.user_id))
        .map((p) => p.user_id),
    }));
}

/** The members who neither drive nor have a seat, in the members' order. */
export function withoutRide<M extends { user_id: string }>(members: readonly M[], rides: readonly SeatedRide[]): M[] {
  const travelling = new Set<string>();
  for (const ride of rides) {
    travelling.add(ride.driver_id);
    for (const id of ride.passengerIds) travelling.add(id);
  }
  return members.filter((member) => !travelling.has(member.user_id));
}
