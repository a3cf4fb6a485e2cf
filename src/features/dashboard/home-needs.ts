/**
 * What the home says per event ("what needs me"), worked out from rows already read from the
 * device database: when it is (happening now, a countdown, past), the next schedule item, my open
 * checklist items, my balance (the expenses feature's maths), my ride. Pure functions
 * of their inputs (and of `today` / `now`), so the home and its tests agree on every line.
 */
import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { ActivityCounts } from '../activity/index.ts';
import { balances, type ExpenseLike, type SettlementLike } from '../expenses/index.ts';

export type EventTiming = { kind: 'now' } | { kind: 'upcoming'; days: number } | { kind: 'undated' } | { kind: 'past' };

interface Dated {
  status: string;
  start_date: string | null;
  end_date: string | null;
}

/** When an event is, seen on `today` (a local 'YYYY-MM-DD'). A past-status event is past. */
export function eventTiming(event: Dated, today: string): EventTiming {
  if (event.status === 'past') return { kind: 'past' };
  if (!event.start_date) return { kind: 'undated' };
  const end = event.end_date ?? event.start_date;
  if (end < today) return { kind: 'past' };
  if (event.start_date <= today) return { kind: 'now' };
  return { kind: 'upcoming', days: differenceInCalendarDays(parseISO(event.start_date), parseISO(today)) };
}

/** "Happening now", "Starts tomorrow", "In 12 days", "No dates yet", "Over". */
export function timingText(timing: EventTiming): string {
  switch (timing.kind) {
    case 'now':
      return 'Happening now';
    case 'upcoming':
      return timing.days === 1 ? 'Starts tomorrow' : `In ${timing.days} days`;
    case 'undated':
      return 'No dates yet';
    case 'past':
      return 'Over';
  }
}

const RANK: Record<EventTiming['kind'], number> = { now: 0, upcoming: 1, undated: 2, past: 3 };

/**
 * The home's order: happening now on top, then upcoming by start date (soonest first), then those
 * without dates, then past ones (most recent first); ties by name.
 */
export function homeOrder<E extends Dated & { name: string }>(events: readonly E[], today: string): E[] {
  const keyed = events.map((event) => ({ event, timing: eventTiming(event, today) }));
  keyed.sort((a, b) => {
    const rank = RANK[a.timing.kind] - RANK[b.timing.kind];
    if (rank) return rank;
    const aStart = a.event.start_date ?? '';
    const bStart = b.event.start_date ?? '';
    if (aStart !== bStart) return a.timing.kind === 'past' ? (aStart < bStart ? 1 : -1) : aStart < bStart ? -1 : 1;
    return a.event.name.localeCompare(b.event.name);
  });
  return keyed.map(({ event }) => event);
}

export interface NextItem {
  title: string;
  starts_at: string;
  ends_at: string;
}

/** The schedule item going on at `now`, else the next to start; null when none is left. */
export function nextScheduleItem<T extends NextItem>(items: readonly T[], now: number): T | null {
  let best: T | null = null;
  for (const item of items) {
    if (Date.parse(item.ends_at) <= now) continue;
    if (!best || item.starts_at < best.starts_at) best = item;
  }
  return best;
}

/** My balance in an event, in CHF cents (positive: I get money back; negative: I owe). */
export function myBalance(
  me: string,
  expenses: readonly ExpenseLike[],
  settlements: readonly SettlementLike[],
): number {
  return balances([me], expenses, settlements).get(me) ?? 0;
}

export type MyRide =
  { kind: 'driving'; departs_at: string } | { kind: 'riding'; departs_at: string } | { kind: 'none' };

interface RideLike {
  id: string;
  driver_id: string;
  departs_at: string;
  direction: string;
}

/** My ride to the event: one I drive or have a seat in (outbound first), else none. */
export function myRide(me: string, rides: readonly RideLike[], mySeatRideIds: ReadonlySet<string>): MyRide {
  const mine = rides
    .filter((ride) => ride.driver_id === me || mySeatRideIds.has(ride.id))
    .sort((a, b) =>
      a.direction === b.direction ? a.departs_at.localeCompare(b.departs_at) : a.direction === 'outbound' ? -1 : 1,
    );
  const ride = mine[0];
  if (!ride) return { kind: 'none' };
  return { kind: ride.driver_id === me ? 'driving' : 'riding', departs_at: ride.departs_at };
}

/** What the home shows for one event. */
export interface EventNeeds {
  timing: EventTiming;
  next: NextItem | null;
  openItems: { count: number; first: string | null };
  /** My balance in the event currency's minor units; null when the event has no expenses or payments. */
  balance: number | null;
  /** The event's currency (ISO 4217). */
  currency: string;
  ride: MyRide;
  /** Unread chat messages. */
  unread: number;
  /** What others changed on each page since my last visit there (the activity feature). */
  news: ActivityCounts | null;
}
