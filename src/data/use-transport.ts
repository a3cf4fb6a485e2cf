/** Live reads of an event's transport: the rides by departure, and who has a seat in which. */
import type { RidePassengerRow, RideRow } from '../db/row-schemas.ts';
import { parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const NO_RIDES: RideRow[] = [];
const NO_PASSENGERS: RidePassengerRow[] = [];

export function useRides(eventId: string | null | undefined): RideRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows(
            'rides',
            await db.rides.where('[event_id+departs_at]').between([eventId, ''], [eventId, '\uffff']).toArray(),
          )
        : NO_RIDES,
    [eventId],
    NO_RIDES,
  );
}

export function useRidePassengers(eventId: string | null | undefined): RidePassengerRow[] {
  return useDeviceQuery(
    async (db) =>
      eventId
        ? parseRows('ridePassengers', await db.ridePassengers.where('event_id').equals(eventId).toArray())
        : NO_PASSENGERS,
    [eventId],
    NO_PASSENGERS,
  );
}
