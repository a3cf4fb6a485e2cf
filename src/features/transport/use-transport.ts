/** Live reads of an event's transport: the rides by departure, who has a seat in which, who needs one. */
import { useRowsWhere } from '../../data/use-rows.ts';
import { rideNeedRowSchema, ridePassengerRowSchema, rideRowSchema } from './sync/index.ts';

export const useRides = (eventId: string | null | undefined) =>
  useRowsWhere('rides', rideRowSchema, 'event_id', eventId, { orderBy: 'departs_at' });

export const useRidePassengers = (eventId: string | null | undefined) =>
  useRowsWhere('ridePassengers', ridePassengerRowSchema, 'event_id', eventId);

/** Who said "I need a ride" or "Going on my own" in the event. */
export const useRideNeeds = (eventId: string | null | undefined) =>
  useRowsWhere('rideNeeds', rideNeedRowSchema, 'event_id', eventId);
