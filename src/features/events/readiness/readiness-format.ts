/** The words of Get ready and crew readiness: sizes and times. */
import { format, formatDistanceStrict, isToday } from 'date-fns';

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/** "since 14:05" today, else "since 3 Jul, 14:05". */
export function formatReadyTime(at: number): string {
  return `since ${isToday(at) ? format(at, 'HH:mm') : format(at, 'd MMM, HH:mm')}`;
}

/** How old a copy is: "2 hours old". */
export function copyAge(readyAt: number, now = Date.now()): string {
  return `${formatDistanceStrict(readyAt, Math.max(now, readyAt))} old`;
}
