/** How event dates and member dates read on screen (en-US, e.g. 'Jul 18, 2026 – Jul 20, 2026'). */
import { format, parseISO } from 'date-fns';

const day = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

export function formatDateRange(start: string | null, end: string | null): string | null {
  if (start && end) return start === end ? day(start) : `${day(start)} – ${day(end)}`;
  if (start) return `From ${day(start)}`;
  if (end) return `Until ${day(end)}`;
  return null;
}

/** A timestamp as a date ('Jul 18, 2026'), or null when missing or unreadable. */
export function formatDay(timestamp: string | null | undefined): string | null {
  if (!timestamp) return null;
  const date = parseISO(timestamp);
  return Number.isNaN(date.getTime()) ? null : format(date, 'MMM d, yyyy');
}
