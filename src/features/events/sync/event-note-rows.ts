/**
 * The device row of an event's notes (issue 24): one per event, keyed by the event's id, so an
 * edit made before the row was ever pulled (an event made offline) has a row to show.
 */
import type { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';
import { editTracking, sentOnly } from '../../../sync/edit-groups.ts';

export const eventNoteRowSchema = tableRows.event_notes
  .omit({ deleted_at: true, ...sentOnly })
  .extend({ ...withKey, ...editTracking })
  .describe('eventNotes');

export type EventNoteRow = z.infer<typeof eventNoteRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    eventNotes: EventNoteRow;
  }
}
