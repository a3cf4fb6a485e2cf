/** One event with the answer "still looking" told apart from "not on this device". */
import { eventRowSchema } from './sync/index.ts';
import type { EventRow } from './sync/event-rows.ts';
import { parseRow } from '../../db/validated-read.ts';
import { useDeviceQuery } from '../../data/use-device-query.ts';

export type EventLookup = { status: 'loading' } | { status: 'missing' } | { status: 'found'; event: EventRow };

const LOADING: EventLookup = { status: 'loading' };

export function useEventLookup(eventId: string | null | undefined): EventLookup {
  return useDeviceQuery<EventLookup>(
    async (db) => {
      const event = eventId ? parseRow(eventRowSchema, await db.events.get(eventId)) : undefined;
      return event ? { status: 'found', event } : { status: 'missing' };
    },
    [eventId],
    LOADING,
  );
}
