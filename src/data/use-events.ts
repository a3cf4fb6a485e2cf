/** Live lists of the user's events (active, past and deleted, newest change first) and of one event. */
import type { EventRow } from '../db/row-schemas.ts';
import { parseRow, parseRows } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

const EMPTY: EventRow[] = [];

export function useEvents(): EventRow[] {
  return useDeviceQuery(
    async (db) =>
      parseRows('events', await db.events.toArray()).sort((a, b) => b.updated_at.localeCompare(a.updated_at)),
    [],
    EMPTY,
  );
}

/** One event, or null when it is not on the device (never visible, left, or deleted for good). */
export function useEvent(eventId: string | null | undefined): EventRow | null {
  return useDeviceQuery(
    async (db) => (eventId ? (parseRow('events', await db.events.get(eventId)) ?? null) : null),
    [eventId],
    null,
  );
}
