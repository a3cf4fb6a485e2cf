import { describe, expect, it } from 'vitest';
import {
  formatWallClock,
  openItemsByPerson,
  sheetPeople,
  sheetRides,
} from '../../src/features/crew-sheet/crew-sheet-data.ts';
import type { CrewContactRow, MemberRow } from '../../src/features/events/index.ts';
import type { RidePassengerRow, RideRow } from '../../src/features/transport/sync/index.ts';
import type { ChecklistItemRow, ChecklistRow } from '../../src/features/checklists/sync/index.ts';

const member = (user_id: string, name: string, role = 'member') => ({ user_id, name, email: null, role }) as MemberRow;
const names = new Map([
  ['u1', 'Ada'],
  ['u2', 'Bo'],
]);

describe('the crew sheet from device rows', () => {
  it('lists the crew by name with only what each shares', () => {
    const contacts: CrewContactRow[] = [
      { key: 'u2', user_id: 'u2', phone: '+41 79', emergency_contact_name: null, emergency_contact_phone: null },
    ];
    expect(sheetPeople([member('u2', 'Bo'), member('u1', 'Ada', 'creator')], contacts)).toEqual([
      { userId: 'u1', name: 'Ada', role: 'Organiser', phone: null, emergency: null },
      { userId: 'u2', name: 'Bo', role: 'Member', phone: '+41 79', emergency: null },
    ]);
  });

  it('orders rides by departure with their passengers and free seats', () => {
    const rides = [
      {
        id: 'r2',
        departs_at: '2027-07-18T16:00:00',
        departure_place: 'Camp',
        direction: 'return',
        driver_id: 'u2',
        seats: 1,
      },
      {
        id: 'r1',
        departs_at: '2027-07-16T08:30:00',
        departure_place: 'Bern',
        direction: 'outbound',
        driver_id: 'u1',
        seats: 3,
      },
    ] as RideRow[];
    const passengers = [{ ride_id: 'r1', user_id: 'u2' }] as RidePassengerRow[];
    expect(sheetRides(rides, passengers, names)).toEqual([
      { id: 'r1', title: 'Ride from Bern', when: 'Fri 16 Jul, 08:30', driver: 'Ada', passengers: ['Bo'], seatsLeft: 2 },
      {
        id: 'r2',
        title: 'Return ride from Camp',
        when: 'Sun 18 Jul, 16:00',
        driver: 'Bo',
        passengers: [],
        seatsLeft: 1,
      },
    ]);
  });

  it('groups open items by person, the unassigned last, done ones left out', () => {
    const lists = [{ id: 'l', title: 'Packing' }] as ChecklistRow[];
    const items = [
      { id: 'a', checklist_id: 'l', text: 'Tent', assignee_id: null, done: false, quantity: 1, due_date: null },
      {
        id: 'b',
        checklist_id: 'l',
        text: 'Stove',
        assignee_id: 'u2',
        done: false,
        quantity: 2,
        due_date: '2027-07-10',
      },
      { id: 'c', checklist_id: 'l', text: 'Map', assignee_id: 'u1', done: true, quantity: 1, due_date: null },
    ] as ChecklistItemRow[];
    expect(openItemsByPerson(items, lists, names)).toEqual([
      { person: 'Bo', items: [{ id: 'b', text: 'Stove', list: 'Packing', quantity: 2, due: '2027-07-10' }] },
      { person: 'Not assigned', items: [{ id: 'a', text: 'Tent', list: 'Packing', quantity: 1, due: null }] },
    ]);
    expect(formatWallClock('2027-07-10')).toBe('Sat 10 Jul');
  });
});
