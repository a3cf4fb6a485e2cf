/**
 * What a pull reads of announcements, seen marks and follows: rows of the user's events (RLS:
 * members read the announcements, their own seen marks and follows; managers everyone's marks),
 * living and dying with the event. A withdrawn announcement or an ended follow is a tombstone;
 * seen marks are never taken back.
 */
import { rowSource } from '../../../sync/pull-source.ts';
import {
  announcementReadKey,
  announcementReadRowSchema,
  announcementRowSchema,
  eventFollowKey,
  eventFollowRowSchema,
} from './announcement-rows.ts';

export const announcementsSource = rowSource({
  table: 'announcements',
  remote: 'announcements',
  schema: announcementRowSchema,
  inScope: 'event_id',
});

const announcementReadsSource = rowSource({
  table: 'announcementReads',
  remote: 'announcement_reads',
  schema: announcementReadRowSchema,
  key: (r) => announcementReadKey(r.announcement_id, r.user_id),
  tieBreaker: 'id',
  inScope: 'event_id',
  hasNoTombstones: true,
});

const eventFollowsSource = rowSource({
  table: 'eventFollows',
  remote: 'event_follows',
  schema: eventFollowRowSchema,
  key: (r) => eventFollowKey(r.event_id, r.user_id),
  tieBreaker: 'id',
  inScope: 'event_id',
});

/** In pull order: an announcement before the marks of it. */
export const announcementSources = [announcementsSource, announcementReadsSource, eventFollowsSource];
