/** The device rows of notifications: their schema (rows read back are parsed with it) and type. */
import { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';

/** The categories the server files every notification under (settings name them too). */
export const NOTIFICATION_CATEGORIES = [
  'invitations',
  'mentions',
  'chat',
  'money',
  'rides',
  'schedule_lists',
  'event_changes',
] as const;

/**
 * One notification of this user (key: its id). `data.path` is the app page it is about; the
 * other fields of `data` name the ids (invitation_id, message_id, item_id, ...). `read_at` is the
 * server's: marking read on one device shows on every other after their next pull.
 */
export const notificationRowSchema = tableRows.notifications
  .omit({ user_id: true, deleted_at: true, actor_id: true })
  .extend({
    ...withKey,
    category: z.enum(NOTIFICATION_CATEGORIES),
    data: z.record(z.string(), z.unknown()),
  })
  .describe('notifications');

export type NotificationRow = z.infer<typeof notificationRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    notifications: NotificationRow;
  }
}
