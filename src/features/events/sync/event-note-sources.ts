/** What a pull reads of event notes: the row of each of the user's events (RLS: members read). */
import { editConverters } from '../../../sync/edit-groups.ts';
import { rowSource } from '../../../sync/pull-source.ts';
import { eventNoteRowSchema } from './event-note-rows.ts';

export const eventNotesSource = rowSource({
  table: 'eventNotes',
  remote: 'event_notes',
  schema: eventNoteRowSchema,
  convert: { ...editConverters },
  key: (r) => r.event_id,
  tieBreaker: 'id',
  inScope: 'event_id',
});
