/**
 * What happened in the user's events while they were away, per event, from the rows on the device
 * that arrived since they were last caught up ("Gurten Festival: 23 messages, 2 expenses, your ride
 * leaves at 9:00 now"). Only others' doings count: what the user did offline is not news to them.
 */
import { format } from 'date-fns';

interface Row {
  event_id: string;
  created_at: string;
}

export interface CatchUpInput {
  since: string;
  me: string;
  events: { id: string; name: string }[];
  messages: (Row & { author_id: string | null })[];
  expenses: (Row & { created_by: string | null })[];
  scheduleItems: (Row & { created_by: string | null })[];
  /** List items assigned to me (changed since: updated_at). */
  assignedItems: { event_id: string; updated_at: string; assignee_id: string | null; updated_by: string | null }[];
  /** The rides I drive or have a seat in. */
  myRides: { event_id: string; updated_at: string; departs_at: string; driver_id: string }[];
}

export interface CatchUpEvent {
  eventId: string;
  name: string;
  /** "23 messages, 2 expenses, your ride leaves at 9:00 now". */
  text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** `departs_at` is the event's wall-clock time (no zone), shown as it is written. */
const timeOf = (at: string) => format(new Date(at.slice(0, 19)), 'H:mm');

export function catchUpSummary(input: CatchUpInput): CatchUpEvent[] {
  const since = Date.parse(input.since);
  const after = (at: string) => Date.parse(at) > since;
  const summary: CatchUpEvent[] = [];
  for (const event of input.events) {
    const inEvent = <T extends { event_id: string }>(rows: T[]) => rows.filter((row) => row.event_id === event.id);
    const messages = inEvent(input.messages).filter((m) => after(m.created_at) && m.author_id !== input.me).length;
    const expenses = inEvent(input.expenses).filter((e) => after(e.created_at) && e.created_by !== input.me).length;
    const schedule = inEvent(input.scheduleItems).filter((s) => after(s.created_at) && s.created_by !== input.me);
    const assigned = inEvent(input.assignedItems).filter(
      (i) => after(i.updated_at) && i.assignee_id === input.me && i.updated_by !== input.me,
    ).length;
    const ride = inEvent(input.myRides)
      .filter((r) => after(r.updated_at) && r.driver_id !== input.me)
      .sort((a, b) => a.departs_at.localeCompare(b.departs_at))[0];
    const parts = [
      messages ? plural(messages, 'message', 'messages') : null,
      expenses ? plural(expenses, 'expense', 'expenses') : null,
      schedule.length ? plural(schedule.length, 'new schedule item', 'new schedule items') : null,
      assigned ? plural(assigned, 'list item for you', 'list items for you') : null,
      ride ? `your ride leaves at ${timeOf(ride.departs_at)} now` : null,
    ].filter((part): part is string => part !== null);
    if (parts.length) summary.push({ eventId: event.id, name: event.name, text: parts.join(', ') });
  }
  return summary;
}
