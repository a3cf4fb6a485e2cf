/** An event's notes from the device database (null until the row is there). */
import { useRow } from '../../../data/use-rows.ts';
import { eventNoteRowSchema, type EventNoteRow } from '../sync/event-note-rows.ts';

export function useEventNotes(eventId: string): EventNoteRow | null {
  return useRow('eventNotes', eventNoteRowSchema, eventId);
}
