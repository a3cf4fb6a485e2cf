/**
 * An event's announcements as the device holds them (newest first), the priority ones still
 * pinned for the signed-in user (not seen by them, not their own), and whether they follow all of
 * the event's activity. Seen marks and follows made offline show at once (the outbox's local rows).
 */
import { useMemo } from 'react';
import { useRow, useRowsWhere } from '../../../data/use-rows.ts';
import { useSyncSession } from '../../../data/index.ts';
import {
  announcementReadKey,
  announcementReadRowSchema,
  announcementRowSchema,
  eventFollowKey,
  eventFollowRowSchema,
  type AnnouncementRow,
} from '../sync/index.ts';

export interface EventAnnouncements {
  /** Every announcement of the event, newest first. */
  announcements: AnnouncementRow[];
  /** Priority announcements the user has not marked seen, oldest first (read in the order posted). */
  pinned: AnnouncementRow[];
  isFollowing: boolean;
}

const newestFirst = (rows: AnnouncementRow[]) => [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));

export function useEventAnnouncements(eventId: string): EventAnnouncements {
  const userId = useSyncSession()?.userId ?? null;
  const announcements = useRowsWhere('announcements', announcementRowSchema, 'event_id', eventId, {
    then: newestFirst,
  });
  const reads = useRowsWhere('announcementReads', announcementReadRowSchema, 'event_id', eventId);
  const follow = useRow('eventFollows', eventFollowRowSchema, userId ? eventFollowKey(eventId, userId) : null);
  const pinned = useMemo(() => {
    if (!userId) return [];
    const seen = new Set(reads.map((read) => read.key));
    return announcements
      .filter((a) => a.priority && a.author_id !== userId && !seen.has(announcementReadKey(a.id, userId)))
      .reverse();
  }, [announcements, reads, userId]);
  return { announcements, pinned, isFollowing: follow !== null };
}
