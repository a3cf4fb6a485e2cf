/**
 * The device rows of announcements (issue 19, organizer events): the event's announcements, the
 * seen marks the user may read (their own; a manager reads everyone's) and the user's follows of
 * an event's activity. Their schemas (rows read back are parsed with them) and types.
 */
import type { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';

/** An announcement of an event's managers (key: its id); priority ones stay pinned until seen. */
export const announcementRowSchema = tableRows.announcements
  .omit({ deleted_at: true })
  .extend(withKey)
  .describe('announcements');

export type AnnouncementRow = z.infer<typeof announcementRowSchema>;

/** Someone has seen an announcement. Key: `{announcement_id}|{user_id}` (made on the device offline too). */
export const announcementReadRowSchema = tableRows.announcement_reads
  .omit({ id: true })
  .extend(withKey)
  .describe('announcementReads');

type AnnouncementReadRow = z.infer<typeof announcementReadRowSchema>;

/** The user follows all activity of an event as system notifications. Key: `{event_id}|{user_id}`. */
export const eventFollowRowSchema = tableRows.event_follows
  .omit({ id: true, deleted_at: true, created_at: true })
  .extend(withKey)
  .describe('eventFollows');

type EventFollowRow = z.infer<typeof eventFollowRowSchema>;

export function announcementReadKey(announcementId: string, userId: string): string {
  return `${announcementId}|${userId}`;
}

export function eventFollowKey(eventId: string, userId: string): string {
  return `${eventId}|${userId}`;
}

declare module '../../../db/mirror.ts' {
  interface RowOf {
    announcements: AnnouncementRow;
    announcementReads: AnnouncementReadRow;
    eventFollows: EventFollowRow;
  }
}
