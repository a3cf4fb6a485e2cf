/**
 * What a pull reads of notifications: the user's own rows (RLS: user_id = auth.uid()), by their
 * updated_at cursor, so a read mark made on another device arrives like any other change. A
 * notification belongs to its recipient, not to an event's membership (leaving an event keeps
 * it), but an event deleted for good takes its notifications with it without a tombstone: the
 * visibility reconcile compares the device's ids with the server's ('by-id').
 */
import { rowSource } from '../../../sync/pull-source.ts';
import { object, oneOf } from '../../../sync/server-values.ts';
import { NOTIFICATION_CATEGORIES, notificationRowSchema } from './notification-rows.ts';

export const notificationsSource = rowSource({
  table: 'notifications',
  remote: 'notifications',
  schema: notificationRowSchema,
  convert: {
    category: (r) => oneOf(NOTIFICATION_CATEGORIES, r.category, 'event_changes'),
    data: (r) => object(r.data) ?? {},
  },
  visibility: 'by-id',
});
