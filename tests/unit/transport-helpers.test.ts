/** The Transport page's helpers: rides in departure order with their passengers, and who has no ride. */
import { describe, expect, it } from 'vitest';
import type { RidePassengerRow, RideRow } from '../../src/db/row-schemas.ts';
import { ridesWithSeats, withoutRide } from '../../src/features/transport/transport-helpers.ts';

const ride = (id: string, driver: string, departs: string, seats = 3): RideRow => ({
  key: id,
  id,
  event_id: 'e1',
  driver_id: driver,
  vehicle: null,
  seats,
  departure_place: `Place ${id}`,
  departs_at: departs,
  notes: null,
  created_at: '2027-01-01T00:00:00Z',
  updated_at: '2027-01-01T00:00:00Z',
});
const seat = (rideId: string, user: string, at: string): RidePassengerRow => ({
  key: `${rideId}|${user}`,
  ride_id: rideId,
  event_id: 'e1',
  user_id: user,
  updated_at: at,
});

describe('ridesWithSeats', () => {
  it('orders rides by departure, then id, and passengers by when they took the seat', () => {
    const rides = ridesWithSeats(
      [
        ride('b', 'ann', '2027-07-01T10:00:00'),
        ride('a', 'ben', '2027-07-01T10:00:00'),
        ride('c', 'cat', '2027-07-01T08:00:00'),
      ],
      [
        seat('a', 'dan', '2027-01-02T00:00:00Z'),
        seat('a', 'eve', '2027-01-01T00:00:00Z'),
        seat('c', 'fay', '2027-01-01T00:00:00Z'),
      ],
    );
    expect(rides.map((r) => [r.id, r.passengerIds])).toEqual([
      ['c', ['fay']],
      ['a', ['eve', 'dan']],
      ['b', []],
    ]);
  });
});

describe('withoutRide', () => {
  it('lists the members who neither drive nor sit in a ride, in the members order', () => {
    const members = ['ann', 'ben', 'dan', 'gus', 'hal'].map((user_id) => ({ user_id }));
    const rides = ridesWithSeats([ride('a', 'ann', '2027-07-01T10:00:00')], [seat('a', 'dan', '2027-01-01T00:00:00Z')]);
    expect(withoutRide(members, rides).map((m) => m.user_id)).toEqual(['ben', 'gus', 'hal']);
    expect(withoutRide(members, [])).toHaveLength(5);
  });
});
