/**
 * The home's "what needs me" for every event on the device, in one live query: the rows read are
 * only what the lines need (my checklist items and seats by index, each event's next schedule
 * items and its chat after my read marker by compound index, the money and rides of my events), so
 * 50 events with 1,000 members stay well inside a frame budget (bench/home.ts).
 */
import { format } from 'date-fns';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { parseRows } from '../../db/validated-read.ts';
import { tableOf } from '../../sync/local-writer.ts';
import { ACTIVITY_TABLES, eventsActivity } from '../activity/index.ts';
import type { CrewCampDb } from '../../db/crewcamp-db.ts';
import { checklistItemRowSchema } from '../checklists/sync/index.ts';
import { currencyOf, expenseRowSchema, settlementRowSchema } from '../expenses/index.ts';
import { eventRowSchema, invitationRowSchema, type InvitationRow } from '../events/index.ts';
import { scheduleItemRowSchema } from '../schedule/index.ts';
import { ridePassengerRowSchema, rideRowSchema } from '../transport/sync/index.ts';
import { eventTiming, myBalance, myRide, nextScheduleItem, type EventNeeds } from './home-needs.ts';

export interface HomeNeeds {
  /** Per event id. */
  byEvent: Record<string, EventNeeds>;
  /** Invitations to me still waiting for an answer, newest first. */
  invitations: InvitationRow[];
  /** Every event on the device, deleted ones too (none: a first-time user). */
  eventCount: number;
  /** The local day the answers were worked out on ('YYYY-MM-DD'; empty while loading). */
  today: string;
  isLoaded: boolean;
}

const EMPTY: HomeNeeds = { byEvent: {}, invitations: [], eventCount: 0, today: '', isLoaded: false };

function groupBy<T extends { event_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.event_id);
    if (list) list.push(row);
    else out.set(row.event_id, [row]);
  }
  return out;
}

/** The first answer's read is marked for the benchmark (bench/home.ts); later ones are not. */
let isMarked = false;

/** Every table the home reads: the whole answer comes from one read transaction (one snapshot, no per-read overhead). */
const HOME_TABLES = [
  ...new Set([
    'events',
    'checklistItems',
    'ridePassengers',
    'invitations',
    'expenses',
    'settlements',
    'rides',
    'scheduleItems',
    ...ACTIVITY_TABLES,
  ]),
];

export function useHomeNeeds(): HomeNeeds {
  return useDeviceQuery(
    async (db, me) => {
      if (!isMarked) performance.mark('crewcamp:home-query-start');
      const answer = await db.transaction('r', HOME_TABLES, () => readHomeNeeds(db, me));
      if (!isMarked) performance.mark('crewcamp:home-query-end');
      isMarked = true;
      return answer;
    },
    [],
    EMPTY,
  );
}

/**
 * Past events' cards are not on screen at first (the Past tab mounts when opened): what is new in
 * them is read by the card itself (usePastEventActivity), so the home's answer never waits for it.
 */
async function readHomeNeeds(db: CrewCampDb, me: string): Promise<HomeNeeds> {
  const now = Date.now();
  const today = format(now, 'yyyy-MM-dd');
  const [eventRows, itemRows, seatRows, inviteRows] = await Promise.all([
    db.events.toArray(),
    db.checklistItems.where('assignee_id').equals(me).toArray(),
    db.ridePassengers.where('user_id').equals(me).toArray(),
    db.invitations.where('recipient_id').equals(me).toArray(),
  ]);
  const allEvents = parseRows(eventRowSchema, eventRows);
  const events = allEvents.filter((event) => event.status !== 'deleted');
  const openItems = groupBy(parseRows(checklistItemRowSchema, itemRows).filter((item) => !item.done));
  const seats = new Set(parseRows(ridePassengerRowSchema, seatRows).map((seat) => seat.ride_id));
  // Money and rides of the events on the device (the device holds only mine).
  const [expenseRows, settlementRows, rideRows, activity] = await Promise.all([
    db.expenses.toArray(),
    db.settlements.toArray(),
    db.rides.toArray(),
    // Unread chat and what others changed on each page since my last visit (events not over).
    eventsActivity(
      db,
      me,
      events.filter((event) => eventTiming(event, today).kind !== 'past').map((event) => event.id),
    ),
  ]);
  const expenses = groupBy(parseRows(expenseRowSchema, expenseRows));
  const settlements = groupBy(parseRows(settlementRowSchema, settlementRows));
  const rides = groupBy(parseRows(rideRowSchema, rideRows));
  // Schedule times are wall-clock (no zone): an item that started up to a day ago may still run.
  const since = format(now - 86_400_000, "yyyy-MM-dd'T'HH:mm:ss");
  const perEvent = await Promise.all(
    events.map(async (event) => {
      const timing = eventTiming(event, today);
      // A past event has no next item: its schedule is not read.
      const scheduleRows =
        timing.kind === 'past'
          ? []
          : await tableOf(db, 'scheduleItems')
              .where('[event_id+starts_at]')
              .between([event.id, since], [event.id, '\uffff'])
              .limit(100)
              .toArray();
      const mine = openItems.get(event.id) ?? [];
      const money = [expenses.get(event.id) ?? [], settlements.get(event.id) ?? []] as const;
      const next = nextScheduleItem(parseRows(scheduleItemRowSchema, scheduleRows), now);
      const needs: EventNeeds = {
        timing,
        next: next ? { title: next.title, starts_at: next.starts_at, ends_at: next.ends_at } : null,
        openItems: { count: mine.length, first: mine[0]?.text ?? null },
        balance: money[0].length || money[1].length ? myBalance(me, ...money) : null,
        currency: currencyOf(event),
        ride: myRide(me, rides.get(event.id) ?? [], seats),
        unread: activity.get(event.id)?.chat ?? 0,
        news: activity.get(event.id) ?? null,
      };
      return [event.id, needs] as const;
    }),
  );
  const invitations = parseRows(invitationRowSchema, inviteRows)
    .filter((invite) => invite.status === 'pending')
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    byEvent: Object.fromEntries(perEvent),
    invitations,
    eventCount: allEvents.length,
    today,
    isLoaded: true,
  };
}
