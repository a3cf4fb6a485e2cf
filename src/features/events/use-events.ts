/** Live lists of the user's events (active, past and deleted, newest change first) and of one event. */
import { useAllRows, useRow } from '../../data/use-rows.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';
import { parseRows } from '../../db/validated-read.ts';
import { eventRowSchema, type EventRow } from './sync/index.ts';
import { lastCurrency } from './sync/event-kinds.ts';
import type { Currency } from '../../lib/currencies.ts';

const newestChangeFirst = (rows: EventRow[]) => rows.sort((a, b) => b.updated_at.localeCompare(a.updated_at));

export const useEvents = () => useAllRows('events', eventRowSchema, newestChangeFirst);

/** One event, or null when it is not on the device (never visible, left, or deleted for good). */
export const useEvent = (eventId: string | null | undefined) => useRow('events', eventRowSchema, eventId);

/**
 * The currency a new event starts with: the user's most recently made event's, else CHF; null
 * until the device has answered (a form starts from it once).
 */
export function useDefaultCurrency(): Currency | null {
  return useDeviceQuery(
    async (db, userId) => lastCurrency(parseRows(eventRowSchema, await db.events.toArray()), userId),
    [],
    null,
  );
}
