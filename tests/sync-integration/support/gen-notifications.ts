/**
 * Generators of the notification kinds: mark read one or a few of the notifications the acting
 * device shows unread, or mark all read (of one event the device has notifications of, or all).
 * The model holds no notifications (the server writes them): the device comparison checks the
 * read state (compare-device.ts), the model has nothing to change.
 */
import type { GeneratorTable } from './generator-types.ts';

type NotificationGenerators = Pick<GeneratorTable, 'notification.mark-read' | 'notification.mark-all-read'>;

export const notificationGenerators: NotificationGenerators = {
  'notification.mark-read': async ({ db, n }) => {
    const unread = (await db.notifications.toArray()).filter((row) => !row.read_at);
    if (!unread.length) return null;
    const start = n % unread.length;
    const ids = unread.slice(start, start + 1 + (n % 3)).map((row) => row.key);
    return { kind: 'notification.mark-read', args: { ids }, apply: () => undefined };
  },
  'notification.mark-all-read': async ({ db, n }) => {
    const events = [...new Set((await db.notifications.toArray()).map((row) => row.event_id))].filter(
      (id): id is string => id !== null,
    );
    const eventId = n % 2 && events.length ? events[n % events.length] : null;
    return { kind: 'notification.mark-all-read', args: { eventId }, apply: () => undefined };
  },
};
