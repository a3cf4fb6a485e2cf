/**
 * The crew sheet's contents worked out from device rows (pure): the crew with what each shares,
 * the rides (who with whom, when, from where), the schedule in order, and the open checklist items
 * by person. Times are the wall-clock times at the event's place, printed as they are stored.
 */
import type { CrewContactRow, MemberRow } from '../events/index.ts';
import type { RideRow, RidePassengerRow } from '../transport/sync/index.ts';
import type { ChecklistItemRow, ChecklistRow } from '../checklists/sync/index.ts';

export interface SheetPerson {
  userId: string;
  name: string;
  role: string;
  phone: string | null;
  emergency: { name: string; phone: string } | null;
}

const ROLE_LABELS: Record<string, string> = { creator: 'Organiser', admin: 'Admin', member: 'Member' };

export function sheetPeople(members: readonly MemberRow[], contacts: readonly CrewContactRow[]): SheetPerson[] {
  const byUser = new Map(contacts.map((c) => [c.user_id, c]));
  return members
    .map((m) => {
      const c = byUser.get(m.user_id);
      return {
        userId: m.user_id,
        name: m.name ?? m.email ?? 'A member',
        role: ROLE_LABELS[m.role] ?? m.role,
        phone: c?.phone ?? null,
        emergency:
          c?.emergency_contact_name && c.emergency_contact_phone
            ? { name: c.emergency_contact_name, phone: c.emergency_contact_phone }
            : null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface SheetRide {
  id: string;
  title: string;
  when: string;
  driver: string;
  passengers: string[];
  seatsLeft: number;
}

export function sheetRides(
  rides: readonly RideRow[],
  passengers: readonly RidePassengerRow[],
  names: ReadonlyMap<string, string>,
): SheetRide[] {
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? 'A former member') : 'Nobody yet');
  return [...rides]
    .sort((a, b) => a.departs_at.localeCompare(b.departs_at))
    .map((ride) => {
      const seated = passengers.filter((p) => p.ride_id === ride.id).map((p) => nameOf(p.user_id));
      return {
        id: ride.id,
        title: `${ride.direction === 'return' ? 'Return ride' : 'Ride'} from ${ride.departure_place}`,
        when: formatWallClock(ride.departs_at),
        driver: nameOf(ride.driver_id),
        passengers: seated.sort((a, b) => a.localeCompare(b)),
        seatsLeft: Math.max(0, ride.seats - seated.length),
      };
    });
}

export interface PersonItems {
  person: string;
  items: { id: string; text: string; list: string; quantity: number; due: string | null }[];
}

/** Open items grouped by whom they are assigned to (by name), the unassigned ones last. */
export function openItemsByPerson(
  items: readonly ChecklistItemRow[],
  lists: readonly ChecklistRow[],
  names: ReadonlyMap<string, string>,
): PersonItems[] {
  const listTitle = new Map(lists.map((l) => [l.id, l.title]));
  const groups = new Map<string, PersonItems['items']>();
  for (const item of items) {
    if (item.done) continue;
    const person = item.assignee_id ? (names.get(item.assignee_id) ?? 'A former member') : 'Not assigned';
    const group = groups.get(person) ?? [];
    group.push({
      id: item.id,
      text: item.text,
      list: listTitle.get(item.checklist_id) ?? 'A list',
      quantity: item.quantity,
      due: item.due_date,
    });
    groups.set(person, group);
  }
  return [...groups.entries()]
    .map(([person, rows]) => ({ person, items: rows.sort((a, b) => a.text.localeCompare(b.text)) }))
    .sort((a, b) =>
      a.person === 'Not assigned' ? 1 : b.person === 'Not assigned' ? -1 : a.person.localeCompare(b.person),
    );
}

const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** `2027-07-01T09:30:00` as 'Thu 1 Jul, 09:30' (the wall clock as stored, not moved to this device's zone). */
export function formatWallClock(value: string): string {
  const [date, time = ''] = value.split('T');
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return value;
  return time ? `${DAY.format(day)}, ${time.slice(0, 5)}` : DAY.format(day);
}
