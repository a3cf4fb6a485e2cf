/**
 * The matrix's kit for the crew sheet's table (issue 24): event notes, one row per event, made by
 * the database with the event. Reads and edits work on the matrix event's notes; an insert (only
 * the service role may) and the delete use an event of their own.
 */
import type { Matrix, TableKit } from './rls-matrix-support.ts';

export function crewKits(m: Matrix): Record<string, TableKit> {
  const events: string[] = [];
  const ownEvent = async () => {
    const id = await m.event('Matrix notes event');
    events.push(id);
    return id;
  };
  return {
    event_notes: {
      key: 'event_id',
      target: async (op) => (op === 'delete' ? ownEvent() : m.eventId),
      patch: () => ({ body: m.marker() }),
      changed: m.column('event_notes', 'event_id', 'body'),
      insert: async () => {
        const id = await ownEvent();
        // The event came with its notes; the insert case makes them again.
        await m.sql(`delete from public.event_notes where event_id = $1`, [id]);
        return { payload: { event_id: id, body: 'Gate B' }, id };
      },
      cleanup: async () => {
        await m.sql(`delete from public.events where id = any($1)`, [events.splice(0)]);
      },
    },
  };
}
