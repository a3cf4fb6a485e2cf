/**
 * The schedule as iCalendar (RFC 5545), the extended schedule's export: the whole schedule or one
 * item, written by ical-generator (which escapes text, folds lines at 75 octets and ends them in
 * CRLF). Times are the wall-clock time at the event's place: with the event's time zone they are
 * written in it (`DTSTART;TZID=Europe/Zurich:…`, the zone's rules in a VTIMEZONE from
 * timezones-ical-library), so a calendar in another zone shows them at the right moment; without
 * one, as floating local times.
 */
import ical, { escape } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

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

/**
 * A wall-clock time as the Date ical-generator writes as that time in a named zone: with a zone it
 * writes a Date's local fields (the device's), so the Date is built from them.
 */
function zonedDate(wallClock: string): Date {
  const [date, time = '00:00:00'] = wallClock.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min, s = 0] = time.split(':').map((part) => Number(part.slice(0, 2)));
  return new Date(y, m - 1, d, h, min, s);
}

/** The VTIMEZONE of an IANA zone, or null when the library does not know it. */
function vtimezone(name: string): string | null {
  const block = tzlib_get_ical_block(name);
  return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

export function toICalendar(
  items: readonly CalendarItem[],
  options: { calendarName?: string; eventId: string; now?: Date; timeZone?: string | null },
): string {
  const zone = options.timeZone && vtimezone(options.timeZone) ? options.timeZone : null;
  const calendar = ical({
    prodId: { company: 'CrewCamp', product: 'Schedule', language: 'EN' },
    scale: 'GREGORIAN',
    // ical-generator writes the calendar name (NAME, X-WR-CALNAME) as given, unlike event text.
    name: options.calendarName ? escape(options.calendarName, false) : null,
  });
  if (zone) calendar.timezone({ name: zone, generator: vtimezone });
  const stamp = options.now ?? new Date();
  for (const item of items) {
    calendar.createEvent({
      id: `${item.id}@${options.eventId}.crewcamp`,
      stamp,
      lastModified: new Date(item.updated_at),
      ...(zone
        ? { start: zonedDate(item.starts_at), end: zonedDate(item.ends_at), timezone: zone }
        : { start: floatingDate(item.starts_at), end: floatingDate(item.ends_at), floating: true }),
      summary: item.title,
      location: item.location || null,
      description: item.notes || null,
    });
  }
  // ical-generator leaves the last line without its CRLF; RFC 5545 ends every line with one.
  return calendar.toString().replace(/(\r\n)?$/, '\r\n');
}
