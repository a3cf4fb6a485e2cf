/**
 * The newest change of an event this device holds (the server's updated_at of its rows): a member
 * whose device was last ready before it has an old copy. Messages are read through their
 * (event, time) index, the rest of the event's pages are small.
 */
import type { CrewCampDb } from '../../../db/crewcamp-db.ts';

const PAGE_TABLES = [
  'members',
  'checklists',
  'checklistItems',
  'scheduleItems',
  'rides',
  'ridePassengers',
  'expenses',
  'settlements',
  'siteItems',
  'announcements',
] as const;

const newest = (times: (string | null | undefined)[]) =>
  times.reduce<number>((max, t) => Math.max(max, t ? Date.parse(t) : 0), 0);

export async function latestChange(db: CrewCampDb, eventId: string): Promise<number> {
  const [event, plan, lastMessage, ...pages] = await Promise.all([
    db.events.get(eventId),
    db.sitePlans.get(eventId),
    db.chatMessages.where('[event_id+created_at]').between([eventId, ''], [eventId, '\uffff']).last(),
    ...PAGE_TABLES.map((table) =>
      (
        db[table] as unknown as {
          where(i: string): { equals(v: string): { toArray(): Promise<{ updated_at?: string | null }[]> } };
        }
      )
        .where('event_id')
        .equals(eventId)
        .toArray(),
    ),
  ]);
  return Math.max(
    newest([event?.updated_at, plan?.updated_at, lastMessage?.updated_at, lastMessage?.created_at]),
    ...pages.map((rows) => newest(rows.map((r) => r.updated_at))),
  );
}
