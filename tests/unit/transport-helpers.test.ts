/**
 * The Transport page's helpers: rides in departure order with their passengers and pick-up points,
 * who has no ride (per direction), and the expense a ride's costs become.
 */
import { describe, expect, it } from 'vitest';
import type { RidePassengerRow, RideRow } from '../../src/features/transport/sync/transport-rows.ts';
import { isNewSince } from '../../src/features/activity/section-activity.ts';
import {
  rideChanges,
  rideCostExpense,
  ridesOf,
  ridesWithSeats,
  withoutRide,
} from '../../src/features/transport/transport-helpers.ts';

const ride = (id: string, driver: string, departs: string, seats = 3, extra: Partial<RideRow> = {}): RideRow => ({
  key: id,
  id,
  event_id: 'e1',
  driver_id: driver,
  vehicle: null,
  seats,
  departure_place: `Place ${id}`,
  departs_at: departs,
  notes: null,
  direction: 'outbound',
  stops: [],
  cost_split: null,
  created_at: '2027-01-01T00:00:00Z',
  updated_at: '2027-01-01T00:00:00Z',
  ...extra,
});
const seat = (rideId: string, user: string, at: string, pickup: string | null = null): RidePassengerRow => ({
  key: `${rideId}|${user}`,
  ride_id: rideId,
  event_id: 'e1',
  user_id: user,
  pickup_stop_id: pickup,
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

describe('what is new on a ride', () => {
  const visit = '2027-01-05T00:00:00Z';
  const isNewTo = (me: string, seated: ReturnType<typeof ridesWithSeats>[number]) =>
    rideChanges(seated).some((change) => isNewSince(change, visit, me));

  it('counts a seat someone else took since my visit as news, like the ride itself', () => {
    const offered = ride('a', 'ann', '2027-07-01T10:00:00', 3, { updated_at: '2027-01-01T00:00:00Z' });
    const [before] = ridesWithSeats([offered], [seat('a', 'dan', '2027-01-02T00:00:00Z')]);
    expect(isNewTo('ann', before)).toBe(false);
    const [after] = ridesWithSeats([offered], [seat('a', 'dan', '2027-01-06T00:00:00Z')]);
    // Ann drives: Dan taking a seat after her visit is news to her, and to Eve; not to Dan himself.
    expect(isNewTo('ann', after)).toBe(true);
    expect(isNewTo('eve', after)).toBe(true);
    expect(isNewTo('dan', after)).toBe(false);
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

describe('premium transport', () => {
  const back = ride('r', 'ben', '2027-07-04T17:00:00', 3, {
    direction: 'return',
    departure_place: 'Gurten',
    stops: [{ id: 's1', place: 'Wabern', time: '17:20' }],
  });

  it('keeps the pick-up points of stops still on the ride only', () => {
    const [seated] = ridesWithSeats(
      [back],
      [seat('r', 'dan', '2027-01-01T00:00:00Z', 's1'), seat('r', 'eve', '2027-01-02T00:00:00Z', 'gone')],
    );
    expect([...seated.pickups]).toEqual([['dan', 's1']]);
  });

  it('counts who has no ride per direction', () => {
    const members = ['ann', 'ben', 'dan'].map((user_id) => ({ user_id }));
    const rides = ridesWithSeats(
      [ride('a', 'ann', '2027-07-01T10:00:00'), back],
      [seat('a', 'dan', '2027-01-01T00:00:00Z'), seat('r', 'ann', '2027-01-01T00:00:00Z')],
    );
    expect(withoutRide(members, ridesOf(rides, 'outbound')).map((m) => m.user_id)).toEqual(['ben']);
    expect(withoutRide(members, ridesOf(rides, 'return')).map((m) => m.user_id)).toEqual(['dan']);
  });

  it('turns fuel and toll into one expense paid by the driver, split to the cent among driver and passengers', () => {
    const [seated] = ridesWithSeats(
      [back],
      [seat('r', 'dan', '2027-01-01T00:00:00Z'), seat('r', 'eve', '2027-01-02T00:00:00Z')],
    );
    const expense = rideCostExpense(seated, 6000, 4001);
    expect(expense).toMatchObject({
      title: 'Fuel and toll: ride back from Gurten',
      amount_minor: 10001,
      paid_by: 'ben',
    });
    expect(expense.shares.map((s) => s.user_id).sort()).toEqual(['ben', 'dan', 'eve']);
    expect(expense.shares.reduce((sum, s) => sum + s.share_minor, 0)).toBe(10001);
    expect(
      Math.max(...expense.shares.map((s) => s.share_minor)) - Math.min(...expense.shares.map((s) => s.share_minor)),
    ).toBe(1);
    expect(rideCostExpense(seated, 0, 1500).title).toBe('Toll: ride back from Gurten');
  });
});
