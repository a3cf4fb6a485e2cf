/**
 * What is new on an event's pages since the member last looked: for chat the unread messages (the
 * chat's own read marker), for the other pages the rows others added or changed after the member's
 * last visit to that page. Visits are kept on the device (the `meta` table, `visit|{event}|{page}`);
 * before the first visit the member's joining counts as one, so a new member does not find every
 * page of an old event marked new. Rows read raw (no feature imports: the pages import this one).
 */
import type { CrewCampDb } from '../../db/crewcamp-db.ts';
import type { MirrorTable, RowOf } from '../../db/mirror.ts';
import { tableOf } from '../../sync/local-writer.ts';

const TRACKED_SECTIONS = ['checklists', 'expenses', 'schedule', 'transport', 'camp-planner'] as const;
export type TrackedSection = (typeof TRACKED_SECTIONS)[number];
export type ActivitySection = 'chat' | TrackedSection;
export type ActivityCounts = Record<ActivitySection, number>;

/** When a row last changed and who changed it (null: not known). */
export interface Change {
  at: string;
  by: string | null;
}

type Source<T extends MirrorTable = MirrorTable> = { table: T; change(row: RowOf[T]): Change };
const source = <T extends MirrorTable>(table: T, change: (row: RowOf[T]) => Change): Source =>
  ({ table, change }) as unknown as Source;

/** The last editor of an expense: the newest field edit's author, else its creator. */
function expenseEditor(row: RowOf['expenses']): string | null {
  let last: { at: string; by: string | null } | null = null;
  for (const edit of Object.values(row.field_edits ?? {})) if (!last || edit.at > last.at) last = edit;
  return last ? last.by : row.created_by;
}

/** Where each page's rows are and how to tell who changed one last. */
const SECTION_SOURCES: Record<TrackedSection, Source[]> = {
  checklists: [
    source('checklists', (r) => ({ at: r.updated_at, by: r.created_by })),
    source('checklistItems', (r) => ({ at: r.updated_at, by: r.updated_by ?? r.created_by })),
  ],
  expenses: [
    source('expenses', (r) => ({ at: r.updated_at, by: expenseEditor(r) })),
    source('settlements', (r) => ({ at: r.updated_at, by: r.created_by })),
  ],
  schedule: [source('scheduleItems', (r) => ({ at: r.updated_at, by: r.updated_by ?? r.created_by }))],
  transport: [
    source('rides', (r) => ({ at: r.updated_at, by: r.driver_id })),
    source('ridePassengers', (r) => ({ at: r.updated_at, by: r.user_id })),
  ],
  // Who moved an item last (rows from before that was kept: its creator).
  'camp-planner': [source('siteItems', (r) => ({ at: r.updated_at, by: r.updated_by ?? r.created_by }))],
};

/** Whether a change is news to `me`: made by someone else after `since`. */
export function isNewSince(change: Change, since: string | null, me: string): boolean {
  if (!since || change.by === me) return false;
  return Date.parse(change.at) > Date.parse(since);
}

/** A second early: stored times differ in format ('Z' or '+00:00'); the exact test is isNewSince. */
const rangeStart = (since: string) => new Date(Date.parse(since) - 1000).toISOString();

const visitKey = (eventId: string, section: ActivitySection) => `visit|${eventId}|${section}`;

/** The member's last visit to a page, else when they joined the event; null when neither is known. */
export async function lastVisit(
  db: CrewCampDb,
  me: string,
  eventId: string,
  section: ActivitySection,
): Promise<string | null> {
  const visit = (await db.meta.get(visitKey(eventId, section)))?.value;
  if (typeof visit === 'string') return visit;
  return (await tableOf(db, 'members').get(`${eventId}|${me}`))?.created_at ?? null;
}

export async function recordVisit(db: CrewCampDb, eventId: string, section: ActivitySection): Promise<void> {
  await db.meta.put({ key: visitKey(eventId, section), value: new Date().toISOString() });
}

/** Messages others wrote after my read marker (all of theirs without one), as the chat's unread line counts. */
export function unreadCount(
  messages: ReadonlyArray<{ author_id: string | null; created_at: string }>,
  lastReadAt: string | null | undefined,
  me: string,
): number {
  const since = lastReadAt ? Date.parse(lastReadAt) : -Infinity;
  let count = 0;
  for (const m of messages) if (m.author_id !== me && Date.parse(m.created_at) > since) count++;
  return count;
}

/**
 * The rows of `table` in each event's range of a compound index from its own start. One bulk read
 * per range, side by side: Dexie's `inAnyRange` walks a cursor, a callback per row.
 */
async function rowsFrom<T extends MirrorTable>(
  db: CrewCampDb,
  table: T,
  index: string,
  starts: ReadonlyArray<readonly [string, string]>,
): Promise<RowOf[T][]> {
  const reads = starts.map(([eventId, from]) =>
    tableOf(db, table).where(index).between([eventId, from], [eventId, '\uffff'], true, true).toArray(),
  );
  return (await Promise.all(reads)).flat() as RowOf[T][];
}

/**
 * The unread chat of one event (as unreadCount counts it), from the indexes: the messages stored
 * a second or more after my read marker are all unread but mine, so they are counted without
 * being read (everyone's, less mine); only the messages within a second of the marker, where the
 * stored time formats may sort apart from the times, are read and tested one by one. Without a
 * marker every message of the event but mine counts. A new member of a chat with ten thousand
 * messages costs two counts, not ten thousand rows read and copied.
 */
async function unreadChat(db: CrewCampDb, me: string, eventId: string, lastReadAt: string | null): Promise<number> {
  const messages = tableOf(db, 'chatMessages');
  const countFrom = (from: string) =>
    Promise.all([
      messages.where('[event_id+created_at]').between([eventId, from], [eventId, '\uffff'], true, true).count(),
      messages
        .where('[event_id+author_id+created_at]')
        .between([eventId, me, from], [eventId, me, '\uffff'], true, true)
        .count(),
    ]).then(([everyone, mine]) => everyone - mine);
  if (!lastReadAt) return countFrom('');
  const surelyAfter = new Date(Date.parse(lastReadAt) + 1000).toISOString();
  const [after, nearMarker] = await Promise.all([
    countFrom(surelyAfter),
    messages
      .where('[event_id+created_at]')
      .between([eventId, rangeStart(lastReadAt)], [eventId, surelyAfter], true, false)
      .toArray(),
  ]);
  return after + unreadCount(nearMarker, lastReadAt, me);
}

/** The tables eventsActivity reads (for a caller's read transaction). */
export const ACTIVITY_TABLES = [
  'meta',
  'members',
  'chatReadMarkers',
  'chatMessages',
  ...new Set(TRACKED_SECTIONS.flatMap((section) => SECTION_SOURCES[section].map((source) => source.table))),
] as const;

/**
 * What is new on each page of the given events for `me`. Reads: the visits, my memberships and
 * the chat read markers; unread chat counted in the indexes (unreadChat);
 * per page's table, the rows changed after my last visit of each event (`[event_id+updated_at]`,
 * one read). Only rows changed since are read, so an old event with thousands of rows costs as
 * little as a new one. Rows are read raw: only times and authors are looked at.
 */
export async function eventsActivity(
  db: CrewCampDb,
  me: string,
  eventIds: readonly string[],
): Promise<Map<string, ActivityCounts>> {
  const out = new Map<string, ActivityCounts>();
  if (!eventIds.length) return out;
  const ids = [...eventIds];
  const [visitRows, memberships, markers] = await Promise.all([
    db.meta.where('key').startsWith('visit|').toArray(),
    tableOf(db, 'members').where('user_id').equals(me).toArray(),
    tableOf(db, 'chatReadMarkers').bulkGet(ids),
  ]);
  const visits = new Map(visitRows.map((row) => [row.key, row.value]));
  const joined = new Map(memberships.map((m) => [m.event_id, m.created_at]));
  const since = (eventId: string, section: ActivitySection) => {
    const visit = visits.get(visitKey(eventId, section));
    return typeof visit === 'string' ? visit : (joined.get(eventId) ?? null);
  };
  const lastRead = new Map(ids.map((eventId, i) => [eventId, markers[i]?.last_read_at ?? null]));
  for (const eventId of ids)
    out.set(eventId, { chat: 0, checklists: 0, expenses: 0, schedule: 0, transport: 0, 'camp-planner': 0 });
  const reads = TRACKED_SECTIONS.flatMap((section) => {
    const starts = ids.flatMap((eventId) => {
      const at = since(eventId, section);
      return at ? [[eventId, rangeStart(at)] as const] : [];
    });
    return SECTION_SOURCES[section].map(async ({ table, change }) => {
      for (const row of await rowsFrom(db, table, '[event_id+updated_at]', starts)) {
        const eventId = (row as { event_id: string }).event_id;
        const counts = out.get(eventId);
        if (counts && isNewSince(change(row), since(eventId, section), me)) counts[section] += 1;
      }
    });
  });
  const chat = ids.map(async (eventId) => {
    out.get(eventId)!.chat = await unreadChat(db, me, eventId, lastRead.get(eventId) ?? null);
  });
  await Promise.all([...chat, ...reads]);
  return out;
}
