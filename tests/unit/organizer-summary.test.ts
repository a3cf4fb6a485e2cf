/** The organizer's view across events: upcoming items, open items by person, balances, ride gaps. */
import { describe, expect, it } from 'vitest';
import {
  openBalances,
  openItemsByPerson,
  rideGaps,
  upcomingItems,
  type EventData,
} from '../../src/features/organizer/organizer-summary.ts';

const event = (id: string, patch: Partial<EventData>): EventData => ({
  id,
  name: id === 'e1' ? 'Lake weekend' : 'Forest trip',
  currency: 'CHF',
  members: [
    { user_id: 'ada', name: 'Ada' },
    { user_id: 'ben', name: 'Ben' },
    { user_id: 'cy', name: 'Cy' },
  ],
  schedule: [],
  openItems: [],
  expenses: [],
  settlements: [],
  rides: [],
  passengers: [],
  ...patch,
});

describe('the organizer view', () => {
  it('lists items not yet over, soonest first, across events', () => {
    const events = [
      event('e1', {
        schedule: [
          { id: 's1', title: 'Over', starts_at: '2027-07-16T08:00:00', ends_at: '2027-07-16T09:00:00' },
          { id: 's2', title: 'Hike', starts_at: '2027-07-17T10:00:00', ends_at: '2027-07-17T12:00:00' },
        ],
      }),
      event('e2', {
        schedule: [{ id: 's3', title: 'Going on', starts_at: '2027-07-16T11:00:00', ends_at: '2027-07-16T14:00:00' }],
      }),
    ];
    expect(upcomingItems(events, '2027-07-16T12:00:00').map((i) => [i.title, i.eventName])).toEqual([
      ['Going on', 'Forest trip'],
      ['Hike', 'Lake weekend'],
    ]);
  });

  it('groups open items by person, most first, nobody last', () => {
    const groups = openItemsByPerson([
      event('e1', {
        openItems: [
          { id: 'i1', text: 'Tent', assignee_id: 'ben' },
          { id: 'i2', text: 'Stove', assignee_id: null },
          { id: 'i3', text: 'Tarp', assignee_id: 'ada' },
        ],
      }),
      event('e2', { openItems: [{ id: 'i4', text: 'Map', assignee_id: 'ada' }] }),
    ]);
    expect(groups.map((g) => [g.name, g.items.map((i) => i.text)])).toEqual([
      ['Ada', ['Tarp', 'Map']],
      ['Ben', ['Tent']],
      ['Nobody yet', ['Stove']],
    ]);
  });

  it('shows non-zero balances from the expenses maths', () => {
    const lines = openBalances([
      event('e1', {
        expenses: [
          {
            paid_by: 'ada',
            amount_minor: 9000,
            shares: [
              { user_id: 'ada', share_minor: 3000 },
              { user_id: 'ben', share_minor: 3000 },
              { user_id: 'cy', share_minor: 3000 },
            ],
          },
        ],
        settlements: [{ from_user: 'cy', to_user: 'ada', amount_minor: 3000 }],
      }),
    ]);
    expect(lines.map((l) => [l.name, l.amount])).toEqual([
      ['Ben', -3000],
      ['Ada', 3000],
    ]);
  });

  it('names members without a ride there and rides with seats left', () => {
    const [gaps] = rideGaps([
      event('e1', {
        rides: [
          { id: 'r1', driver_id: 'ada', seats: 2, departure_place: 'Bern', departs_at: '', direction: 'outbound' },
          { id: 'r2', driver_id: 'ben', seats: 1, departure_place: 'Camp', departs_at: '', direction: 'return' },
        ],
        passengers: [{ ride_id: 'r2', user_id: 'cy' }],
      }),
    ]);
    expect(gaps.withoutRide).toEqual(['Ben', 'Cy']);
    expect(gaps.freeSeats).toEqual([{ id: 'r1', label: 'From Bern', left: 2 }]);
  });
});
