/**
 * The schedule as iCalendar (RFC 5545), the extended schedule's export: the whole schedule or one
 * item. Times are the wall-clock time at the event's place, so they are written as floating local
 * times (no zone): a calendar shows 09:00 as 09:00 wherever the phone is. Text is escaped, lines
 * are folded at 75 octets, and lines end in CRLF, as the standard asks.
 */
export interface CalendarItem {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  location: string | null;
  notes: string | null;
  updated_at: string;
}

/** `2027-07-01T09:00:00` as `20270701T090000`. */
export function icsLocalTime(wallClock: string): string {
  const [date, time = '00:00:00'] = wallClock.split('T');
  return `${date.replace(/-/g, '')}T${time.slice(0, 8).padEnd(8, ':00').replace(/:/g, '')}`;
}

/** An instant as UTC (`20271122T031500Z`). */
export function icsUtc(timestamp: string): string {
  return new Date(timestamp)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (UTF-8), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function toICalendar(
  items: readonly CalendarItem[],
  options: { calendarName?: string; eventId: string; now?: Date },
): string {
  const stamp = icsUtc((options.now ?? new Date()).toISOString());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//CrewCamp//Schedule//EN', 'CALSCALE:GREGORIAN'];
  if (options.calendarName) lines.push(`X-WR-CALNAME:${escapeText(options.calendarName)}`);
  for (const item of items) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${item.id}@${options.eventId}.crewcamp`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${icsUtc(item.updated_at)}`,
      `DTSTART:${icsLocalTime(item.starts_at)}`,
      `DTEND:${icsLocalTime(item.ends_at)}`,
      `SUMMARY:${escapeText(item.title)}`,
    );
    if (item.location) lines.push(`LOCATION:${escapeText(item.location)}`);
    if (item.notes) lines.push(`DESCRIPTION:${escapeText(item.notes)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
