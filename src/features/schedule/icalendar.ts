/**
 * The schedule as iCalendar (RFC 5545), the extended schedule's export: the whole schedule or one
 * item, written by ical-generator (which escapes text, folds lines at 75 octets and ends them in
 * CRLF). Times are the wall-clock time at the event's place, so they are written as floating local
 * times (no zone): a calendar shows 09:00 as 09:00 wherever the phone is.
 */
import ical, { escape } from 'ical-generator';

export interface CalendarItem {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  location: string | null;
  notes: string | null;
  updated_at: string;
}

/**
 * A wall-clock time (`2027-07-01T09:00:00`) as the Date ical-generator writes as that floating
 * time: for a floating event it writes a Date's UTC fields, so the wall clock is read as UTC and
 * the result does not depend on the zone of the device that exports.
 */
function floatingDate(wallClock: string): Date {
  const [date, time = '00:00:00'] = wallClock.split('T');
  return new Date(`${date}T${time.slice(0, 8).padEnd(8, ':00')}Z`);
}

export function toICalendar(
  items: readonly CalendarItem[],
  options: { calendarName?: string; eventId: string; now?: Date },
): string {
  const calendar = ical({
    prodId: { company: 'CrewCamp', product: 'Schedule', language: 'EN' },
    scale: 'GREGORIAN',
    // ical-generator writes the calendar name (NAME, X-WR-CALNAME) as given, unlike event text.
    name: options.calendarName ? escape(options.calendarName, false) : null,
  });
  const stamp = options.now ?? new Date();
  for (const item of items) {
    calendar.createEvent({
      id: `${item.id}@${options.eventId}.crewcamp`,
      stamp,
      lastModified: new Date(item.updated_at),
      start: floatingDate(item.starts_at),
      end: floatingDate(item.ends_at),
      floating: true,
      summary: item.title,
      location: item.location || null,
      description: item.notes || null,
    });
  }
  // ical-generator leaves the last line without its CRLF; RFC 5545 ends every line with one.
  return calendar.toString().replace(/(\r\n)?$/, '\r\n');
}
