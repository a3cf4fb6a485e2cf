/**
 * The organizer's view across events, worked out from rows already read: upcoming schedule items,
 * open checklist items by person, non-zero balances (the expenses feature's maths), and rides:
 * members with neither a ride nor a car of their own, and rides with seats left. Pure functions.
 */
import { balances, type ExpenseLike, type SettlementLike } from '../expenses/index.ts';

export interface EventData {
  id: string;
  name: string;
  /** The event's currency (ISO 4217). */
  currency: string;
  members: { user_id: string; name: string }[];
  schedule: { id: string; title: string; starts_at: string; ends_at: string }[];
  openItems: { id: string; text: string; assignee_id: string | null }[];
  expenses: ExpenseLike[];
  settlements: SettlementLike[];
  rides: {
    id: string;
    driver_id: string;
    seats: number;
    departure_place: string;
    departs_at: string;
    direction: string;
  }[];
  passengers: { ride_id: string; user_id: string }[];
}

export interface Upcoming {
  eventName: string;
  id: string;
  title: string;
  starts_at: string;
}

/** Schedule items that have not ended at `now` ('YYYY-MM-DDTHH:mm:ss', wall-clock), soonest first. */
export function upcomingItems(events: readonly EventData[], now: string, limit = 20): Upcoming[] {
  return events
    .flatMap((event) =>
      event.schedule
        .filter((item) => item.ends_at.slice(0, 19) > now)
        .map((item) => ({ eventName: event.name, id: item.id, title: item.title, starts_at: item.starts_at })),
    )
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))
    .slice(0, limit);
}

export interface PersonItems {
  /** The assignee's user id, or null for items nobody has taken. */
  userId: string | null;
  name: string;
  items: { id: string; text: string; eventName: string }[];
}

/** Open items grouped by who has them (most first; nobody's last). */
export function openItemsByPerson(events: readonly EventData[]): PersonItems[] {
  const groups = new Map<string | null, PersonItems>();
  for (const event of events) {
    const names = new Map(event.members.map((m) => [m.user_id, m.name]));
    for (const item of event.openItems) {
      const key = item.assignee_id;
      let group = groups.get(key);
      if (!group) {
        group = { userId: key, name: key ? (names.get(key) ?? 'A former member') : 'Nobody yet', items: [] };
        groups.set(key, group);
      }
      group.items.push({ id: item.id, text: item.text, eventName: event.name });
    }
  }
  return [...groups.values()].sort(
    (a, b) => Number(a.userId === null) - Number(b.userId === null) || b.items.length - a.items.length,
  );
}

export interface BalanceLine {
  eventName: string;
  userId: string;
  name: string;
  /** In the event currency's minor units: positive gets money back, negative owes. */
  amount: number;
  currency: string;
}

/** Every member's balance that is not zero, per event, largest debts first. */
export function openBalances(events: readonly EventData[]): BalanceLine[] {
  return events.flatMap((event) => {
    const names = new Map(event.members.map((m) => [m.user_id, m.name]));
    const ids = event.members.map((m) => m.user_id);
    return [...balances(ids, event.expenses, event.settlements)]
      .filter(([, amount]) => amount !== 0)
      .map(([userId, amount]) => ({
        eventName: event.name,
        userId,
        name: names.get(userId) ?? 'A former member',
        amount,
        currency: event.currency,
      }))
      .sort((a, b) => a.amount - b.amount);
  });
}

export interface RideGaps {
  eventName: string;
  /** Members who neither drive nor have a seat on the way there, by name. */
  withoutRide: string[];
  /** Rides there or back with seats left. */
  freeSeats: { id: string; label: string; left: number }[];
}

/** Per event: who has no ride there yet, and which rides have seats left. */
export function rideGaps(events: readonly EventData[]): RideGaps[] {
  return events.map((event) => {
    const taken = new Map<string, number>();
    const riding = new Set<string>();
    for (const seat of event.passengers) taken.set(seat.ride_id, (taken.get(seat.ride_id) ?? 0) + 1);
    const outbound = new Set(event.rides.filter((r) => r.direction === 'outbound').map((r) => r.id));
    for (const seat of event.passengers) if (outbound.has(seat.ride_id)) riding.add(seat.user_id);
    for (const ride of event.rides) if (ride.direction === 'outbound') riding.add(ride.driver_id);
    return {
      eventName: event.name,
      withoutRide: event.members
        .filter((m) => !riding.has(m.user_id))
        .map((m) => m.name)
        .sort((a, b) => a.localeCompare(b)),
      freeSeats: event.rides
        .map((ride) => ({
          id: ride.id,
          label: `${ride.direction === 'return' ? 'Back from' : 'From'} ${ride.departure_place}`,
          left: ride.seats - (taken.get(ride.id) ?? 0),
        }))
        .filter((ride) => ride.left > 0),
    };
  });
}
