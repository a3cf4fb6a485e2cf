/**
 * The home's "what needs me" for every event on the device, in one live query: the rows read are
 * only what the lines need (my checklist items and seats by index, each event's next schedule
 * items and its chat after my read marker by compound index, the money and rides of my events), so
 * 50 events with 1,000 members stay well inside a frame budget (bench/home.ts).
 */
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { onDeviceOpen } from '../../data/device-open.ts';
import { awaitFirstAnswer } from '../../data/first-screen.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { useSyncSession } from '../../data/use-sync-session.ts';
import { parseRows } from '../../db/validated-read.ts';
import { tableOf } from '../../sync/local-writer.ts';
import { ACTIVITY_TABLES, eventsActivity } from '../activity/index.ts';
import type { CrewCampDb } from '../../db/crewcamp-db.ts';
import { checklistItemRowSchema } from '../checklists/sync/index.ts';
import { currencyOf, expenseRowSchema, settlementRowSchema } from '../expenses/index.ts';
import {
  eventRowSchema,
  invitationRowSchema,
  readMemberSummaries,
  type EventRow,
  type InvitationRow,
  type MemberSummary,
} from '../events/index.ts';
import { scheduleItemRowSchema } from '../schedule/index.ts';
import { ridePassengerRowSchema, rideRowSchema } from '../transport/sync/index.ts';
import { eventTiming, myBalance, myRide, nextScheduleItem, type EventNeeds } from './home-needs.ts';

export interface HomeNeeds {
  /** Every event on the device, deleted ones too (none: a first-time user). */
  events: EventRow[];
  /** Per event id: its member count and my role. */
  summaries: Record<string, MemberSummary>;
  /** Per event id. */
  byEvent: Record<string, EventNeeds>;
  /** Invitations to me still waiting for an answer, newest first. */
  invitations: InvitationRow[];
  /**
   * Whether this device has finished a pull: before the first one, no events may only mean they
   * are on their way (a returning user on a new device is no first-time user).
   */
  hasSynced: boolean;
  /** The local day the answers were worked out on ('YYYY-MM-DD'; empty while loading). */
  today: string;
  isLoaded: boolean;
}

const EMPTY: HomeNeeds = {
  events: [],
  summaries: {},
  byEvent: {},
  invitations: [],
  hasSynced: false,
  today: '',
  isLoaded: false,
};

function groupBy<T extends { event_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.event_id);
    if (list) list.push(row);
    else out.set(row.event_id, [row]);
  }
  return out;
}

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

const readHome = (db: CrewCampDb, me: string) => db.transaction('r', HOME_TABLES, () => readHomeNeeds(db, me));

/** How long the first read may stand in for a home not yet drawn (a later visit waits for its own). */
const FIRST_READ_LIFETIME_MS = 5000;

/**
 * The answer read as the device database opened, for the home's first render only: a live query
 * starts after React has rendered the session (a timer behind every other screen's work), this read
 * starts before any of it. The live query's first answer replaces it (and retires it, so a later
 * visit to the home never shows this older answer).
 */
interface FirstRead {
  db: CrewCampDb;
  answer: Promise<HomeNeeds>;
  value?: HomeNeeds;
}
let firstRead: FirstRead | null = null;

onDeviceOpen((db, me) => {
  const read: FirstRead = { db, answer: Promise.resolve(EMPTY) };
  // Marked for the benchmark (bench/home.ts): the read's start and end.
  performance.mark('crewcamp:home-query-start');
  read.answer = readHome(db, me).then((answer) => {
    performance.mark('crewcamp:home-query-end');
    read.value = answer;
    return answer;
  });
  // A read that failed leaves the home to its live query.
  read.answer.catch(() => {
    if (firstRead === read) firstRead = null;
  });
  firstRead = read;
  // Only for a home drawn right after the start: later visits wait for their own live answer.
  setTimeout(() => {
    if (firstRead === read) firstRead = null;
  }, FIRST_READ_LIFETIME_MS);
  // The session reaches React once this answer is in: the home renders once, with it.
  return read.answer;
});

/** The first read's answer for this database, once it has come (re-renders when it does). */
function useFirstRead(db: CrewCampDb | undefined): HomeNeeds | null {
  const read = firstRead?.db === db ? firstRead : null;
  const [answer, setAnswer] = useState<{ read: FirstRead; value: HomeNeeds | null } | null>(null);
  useEffect(() => {
    if (!read || read.value) return;
    let isCurrent = true;
    // A read that failed (no longer `firstRead`) leaves the home to its live query: draw again.
    read.answer.then(
      (value) => {
        if (isCurrent) setAnswer({ read, value });
      },
      () => {
        if (isCurrent) setAnswer({ read, value: null });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [read]);
  if (!read) return null;
  return read.value ?? (answer?.read === read ? answer.value : null);
}

export function useHomeNeeds(): HomeNeeds {
  const db = useSyncSession()?.db;
  const first = useFirstRead(db);
  // While the first read is under way, the live query waits for it: its own read of the same rows
  // would compete with it for the main thread. The engine's start waits for the first read then.
  const isFirstPending = db !== undefined && firstRead?.db === db && first === null;
  useEffect(() => (isFirstPending ? awaitFirstAnswer() : undefined), [isFirstPending]);
  const live = useDeviceQuery(
    (database, me) => (isFirstPending ? Promise.resolve(EMPTY) : readHome(database, me)),
    [isFirstPending],
    EMPTY,
  );
  useEffect(() => {
    if (live.isLoaded && firstRead?.db === db) firstRead = null;
  }, [live.isLoaded, db]);
  return live.isLoaded ? live : (first ?? EMPTY);
}

/**
 * Past events' cards are not on screen at first (the Past tab mounts when opened): what is new in
 * them is read by the card itself (usePastEventActivity), so the home's answer never waits for it.
 */
async function readHomeNeeds(db: CrewCampDb, me: string): Promise<HomeNeeds> {
  const now = Date.now();
  const today = format(now, 'yyyy-MM-dd');
  const [eventRows, summaries, itemRows, seatRows, inviteRows, lastSynced] = await Promise.all([
    db.events.toArray(),
    readMemberSummaries(db, me),
    db.checklistItems.where('assignee_id').equals(me).toArray(),
    db.ridePassengers.where('user_id').equals(me).toArray(),
    db.invitations.where('recipient_id').equals(me).toArray(),
    db.meta.get('lastSyncedAt'),
  ]);
  // Newest change first: the home's order (home-needs.ts) keeps it among events of the same day.
  const allEvents = parseRows(eventRowSchema, eventRows).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
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
    events: allEvents,
    summaries,
    byEvent: Object.fromEntries(perEvent),
    invitations,
    hasSynced: lastSynced !== undefined,
    today,
    isLoaded: true,
  };
}
