/**
 * Generators of the notification kinds: mark read one or a few of the notifications the acting
 * device shows unread, or mark all read (of one event the device has notifications of, or all);
 * turn one setting switch on or off, change quiet hours, the digest or the time zone. The model
 * holds neither (the server writes notifications, settings are the user's alone): the device
 * comparison checks the read state and the settings against the server (compare-device.ts).
 * Announcements (organizer): an actor posts in their own active events (they manage them; half
 * are priority), marks one of them seen there, and follows or unfollows an event they belong to.
 */
import type { CrewCampDb } from '../../../src/db/crewcamp-db.ts';
import type { GeneratorTable } from './generator-types.ts';
import { choose, writableEvents } from './reference-model.ts';

import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS } from '../../../src/features/notifications/sync/index.ts';

type NotificationGenerators = Pick<
  GeneratorTable,
  | 'notification.mark-read'
  | 'notification.mark-all-read'
  | 'notification-settings.set-channel'
  | 'notification-settings.update'
  | 'announcement.post'
  | 'announcement.mark-seen'
  | 'event.set-follow'
>;

/** The device's ids of the actor's own active events (the device applied the actor's own changes already). */
async function ownActiveEventIds(db: CrewCampDb): Promise<string[]> {
  const events = await db.events.toArray();
  return events.filter((e) => e.created_by === db.userId && e.status === 'active').map((e) => e.key);
}

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
  'notification-settings.set-channel': ({ n }) => ({
    kind: 'notification-settings.set-channel',
    args: {
      category: NOTIFICATION_CATEGORIES[n % NOTIFICATION_CATEGORIES.length],
      channel: NOTIFICATION_CHANNELS[n % NOTIFICATION_CHANNELS.length],
      enabled: n % 2 === 0,
    },
    apply: () => undefined,
  }),
  'notification-settings.update': ({ n }) => {
    const hour = String(n % 24).padStart(2, '0');
    const changes =
      n % 3 === 0
        ? { quiet_hours_enabled: n % 2 === 0, quiet_hours_start: `${hour}:00`, quiet_hours_end: `${hour}:30` }
        : n % 3 === 1
          ? { digest_enabled: n % 2 === 0, digest_hour: n % 24 }
          : { time_zone: n % 2 ? 'Europe/Zurich' : 'UTC' };
    return { kind: 'notification-settings.update', args: { changes }, apply: () => undefined };
  },
  'announcement.post': async ({ db, n, step }) => {
    const eventId = choose(await ownActiveEventIds(db), n);
    if (!eventId) return null;
    return {
      kind: 'announcement.post',
      args: {
        eventId,
        title: n % 3 ? null : `Heads up ${step}`,
        body: `Gates open at ${n % 24}:00`,
        priority: n % 2 === 0,
      },
      apply: () => undefined,
    };
  },
  'announcement.mark-seen': async ({ db, n }) => {
    const own = new Set(await ownActiveEventIds(db));
    const announcement = choose(
      (await db.announcements.toArray()).filter((a) => own.has(a.event_id)),
      n,
    );
    if (!announcement) return null;
    return {
      kind: 'announcement.mark-seen',
      args: { eventId: announcement.event_id, announcementId: announcement.id },
      apply: () => undefined,
    };
  },
  'event.set-follow': ({ model, actor, n }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    return { kind: 'event.set-follow', args: { eventId: event.localId, follow: n % 2 === 0 }, apply: () => undefined };
  },
};
