/**
 * Structured import of schedule items from CSV (organizer): title, start and end
 * (`YYYY-MM-DD HH:mm`, the event's wall-clock time), optional location and notes.
 */
import { columns, readCsv, type RowResult } from '../../lib/csv.ts';

export interface ScheduleItemInput {
  title: string;
  startsAt: string;
  endsAt: string;
  location: string | null;
  notes: string | null;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2})?$/;

export function scheduleItemsFromCsv(text: string): RowResult<ScheduleItemInput>[] {
  const [header, ...rows] = readCsv(text);
  if (!header) return [];
  const col = columns(header.fields, {
    title: ['title', 'name', 'what', 'summary'],
    startsAt: ['start', 'starts', 'startsat', 'from', 'begin'],
    endsAt: ['end', 'ends', 'endsat', 'to', 'until'],
    location: ['location', 'where', 'place'],
    notes: ['notes', 'note', 'description', 'details'],
  });
  if (col.title === undefined || col.startsAt === undefined || col.endsAt === undefined)
    return [{ line: header.line, error: 'The file needs "title", "start" and "end" columns.' }];
  return rows.map(({ line, fields: r, error }): RowResult<ScheduleItemInput> => {
    if (error) return { line, error: `The row could not be read: ${error}.` };
    const title = (r[col.title] ?? '').trim();
    if (!title) return { line, error: 'The item has no title.' };
    const start = DATE_TIME.exec((r[col.startsAt] ?? '').trim());
    const end = DATE_TIME.exec((r[col.endsAt] ?? '').trim());
    if (!start || !end) return { line, error: 'Start and end are written YYYY-MM-DD HH:mm.' };
    const startsAt = `${start[1]}T${start[2]}:00`;
    const endsAt = `${end[1]}T${end[2]}:00`;
    if (endsAt <= startsAt) return { line, error: 'An item must end after it starts.' };
    const optional = (index: number | undefined) => (index === undefined ? '' : (r[index] ?? '').trim()) || null;
    return { line, value: { title, startsAt, endsAt, location: optional(col.location), notes: optional(col.notes) } };
  });
}
