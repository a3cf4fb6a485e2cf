/**
 * How the schedule screen words days and times (date-fns). Item times are wall-clock times
 * (`YYYY-MM-DDTHH:mm:ss`, no zone): parsed as the device's local time they read the same on every
 * phone, so 09:00 at the campsite shows as 09:00.
 */
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { tierLimits } from '../../access/tier-limits.ts';
import type { ScheduleEvent, Timed } from './schedule-helpers.ts';
import { lastDay } from './schedule-helpers.ts';

const dayOf = (t: string) => t.slice(0, 10);

/** 'Fri, Jul 16' for `2027-07-16`. */
export const formatDay = (day: string) => format(parseISO(day), 'EEE, MMM d');

/** 'Friday, July 16, 2027' for `2027-07-16`. */
export const formatLongDay = (day: string) => format(parseISO(day), 'EEEE, MMMM d, yyyy');

/** 'Jul 16, 2027' for `2027-07-16`. */
const formatDate = (day: string) => format(parseISO(day), 'MMM d, yyyy');

const time = (t: string) => format(parseISO(t), 'HH:mm');

/** '09:00 – 10:30'; with the days when the item spans several ('Fri, Jul 16 22:00 – Sat, Jul 17 02:00'). */
export function formatTimeRange(item: Pick<Timed, 'starts_at' | 'ends_at'>): string {
  if (lastDay(item) <= dayOf(item.starts_at)) return `${time(item.starts_at)} – ${time(item.ends_at)}`;
  return `${formatDay(dayOf(item.starts_at))} ${time(item.starts_at)} – ${formatDay(dayOf(item.ends_at))} ${time(item.ends_at)}`;
}

/** The days the day view offers: the event's dates, or else the days that have items (today when none). */
export function scheduleDays(event: ScheduleEvent, items: readonly Timed[], today: string): string[] {
  if (event.start_date && event.end_date && event.end_date >= event.start_date) {
    const count = differenceInCalendarDays(parseISO(event.end_date), parseISO(event.start_date)) + 1;
    const shown = Math.min(count, tierLimits(event.access_tier).maxPlanningDays);
    return Array.from({ length: shown }, (_, i) => format(addDays(parseISO(event.start_date!), i), 'yyyy-MM-dd'));
  }
  const days = new Set<string>();
  for (const item of items) {
    const last = lastDay(item) < dayOf(item.starts_at) ? dayOf(item.starts_at) : lastDay(item);
    for (let d = parseISO(dayOf(item.starts_at)); format(d, 'yyyy-MM-dd') <= last; d = addDays(d, 1))
      days.add(format(d, 'yyyy-MM-dd'));
  }
  if (event.start_date) days.add(event.start_date);
  if (!days.size) days.add(today);
  return [...days].sort();
}

/** What the form explains before sending: the event's dates and the plan's planning days. */
export function scheduleWindowHint(event: ScheduleEvent): string {
  const limits = tierLimits(event.access_tier);
  const plan = `Your ${event.access_tier} plan allows a schedule of up to ${limits.maxPlanningDays} planning days.`;
  if (event.start_date && event.end_date)
    return `Items go within the event's dates, ${formatDate(event.start_date)} to ${formatDate(event.end_date)}. ${plan}`;
  if (event.start_date) return `Items start on or after ${formatDate(event.start_date)}. ${plan}`;
  if (event.end_date) return `Items end by ${formatDate(event.end_date)}. ${plan}`;
  return plan;
}

/** A file name for an .ics download: 'lake-weekend-schedule.ics'. */
export function icsFileName(...parts: string[]): string {
  const slug = parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'schedule'}.ics`;
}

/** `YYYY-MM-DDTHH:mm` for a datetime-local input. */
export const inputValue = (t: string) => t.slice(0, 16);
