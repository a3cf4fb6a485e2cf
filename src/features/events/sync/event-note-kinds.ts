/**
 * `event-notes.update`: a manager replaces the event's notes, offline too, sent once. The row is
 * made by the database with its event, so the edit is always an update, decided under the one
 * conflict rule (group `body`): the later-made edit wins, the other is kept in `replaced` for its
 * author to see. Only managers may change it (RLS); the database also holds the length limit.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { editBase, markEdits } from '../../../sync/edit-groups.ts';
import { serverState } from '../../../sync/local-writer.ts';

/** The database's limit (event_notes_body_length). */
export const EVENT_NOTES_MAX = 4000;

/** The notes' one field group under the conflict rule (the database's trigger names the same). */
export const EVENT_NOTE_EDIT_GROUPS: kit.EditGroups = { body: { fields: ['body'], label: 'event notes' } };

const NOTES_MANAGERS_ONLY = "Only the event's creator and admins can edit the event notes";

const eventRef = kit.refTo('event');

const updateArgs = z.object({
  eventId: z.string(),
  body: z.string().max(EVENT_NOTES_MAX, `Event notes can have at most ${EVENT_NOTES_MAX} characters`),
  at: z.string().optional(),
  base: z.record(z.string(), z.string()).optional(),
});

/** Line ends as one kind, trailing spaces of the whole text gone; inner blank lines are kept. */
function normalizeNotes(body: string): string {
  return body.replace(/\r\n?/g, '\n').trimEnd();
}

const updateNotes = kit.defineKind({
  name: 'event-notes.update',
  args: updateArgs,
  async prepare(args, ctx) {
    const seen = await serverState(ctx.db, 'eventNotes', args.eventId);
    const changes = { body: normalizeNotes(args.body) };
    return {
      ...kit.withTime(args, ctx),
      body: changes.body,
      base: args.base ?? editBase(EVENT_NOTE_EDIT_GROUPS, seen, changes),
    };
  },
  refs: (args) => [eventRef(args.eventId)],
  async applyLocal(w, args) {
    const row = await w.get('eventNotes', args.eventId);
    const field_edits = markEdits(EVENT_NOTE_EDIT_GROUPS, row, { body: args.body }, args.at, w.userId);
    if (row) {
      await w.update('eventNotes', args.eventId, { body: args.body, updated_by: w.userId, field_edits });
      return;
    }
    // The database made the row with the event; the device has not pulled it yet.
    await w.put('eventNotes', {
      key: args.eventId,
      id: args.eventId,
      event_id: args.eventId,
      body: args.body,
      updated_by: w.userId,
      created_at: args.at,
      updated_at: args.at,
      field_edits,
      replaced: [],
    });
  },
  async send({ client }, args) {
    const rows = kit.expectData(
      await client
        .from('event_notes')
        .update({ body: args.body, edited_at: args.at, edit_base: args.base })
        .eq('event_id', args.eventId)
        .select('event_id'),
    );
    // RLS hides the row from an update by a member who does not manage the event (or no longer).
    if (!rows.length) throw kit.failure(403, '42501', NOTES_MANAGERS_ONLY);
    return null;
  },
  describe: (args, ctx) => `Edit the event notes${kit.inEvent(ctx, 'of', args.eventId)}`,
});

export const eventNoteKinds = [updateNotes] as const;
