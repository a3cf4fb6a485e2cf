/** Live lists of the user's events (active, past and deleted, newest change first) and of one event. */
import { useAllRows, useRow } from '../../data/use-rows.ts';
import { eventRowSchema, type EventRow } from './sync/index.ts';

const newestChangeFirst = (rows: EventRow[]) => rows.sort((a, b) => b.updated_at.localeCompare(a.updated_at));

export const useEvents = () => useAllRows('events', eventRowSchema, newestChangeFirst);

/** One event, or null when it is not on the device (never visible, left, or deleted for good). */
export const useEvent = (eventId: string | null | undefined) => useRow('events', eventRowSchema, eventId);
