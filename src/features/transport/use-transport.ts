/** Live reads of an event's transport: the rides by departure, and who has a seat in which. */
import { useRowsWhere } from '../../data/use-rows.ts';
import { ridePassengerRowSchema, rideRowSchema } from './sync/index.ts';

export const useRides = (eventId: string | null | undefined) =>
  useRowsWhere('rides', rideRowSchema, 'event_id', eventId, { orderBy: 'departs_at' });

export const useRidePassengers = (eventId: string | null | undefined) =>
  useRowsWhere('ridePassengers', ridePassengerRowSchema, 'event_id', eventId);
