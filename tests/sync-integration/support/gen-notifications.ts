/**
 * Generators of the notification kinds: mark read one or a few of the notifications the acting
 * device shows unread, or mark all read (of one event the device has notifications of, or all);
 * turn one setting switch on or off, change quiet hours, the digest or the time zone. The model
 * holds neither (the server writes notifications, settings are the user's alone): the device
 * comparison checks the read state and the settings against the server (compare-device.ts).
 * Announcements (organizer): an actor posts in their own active events (they manage them; half
 * are priority), marks one of them seen there, and follows or unfollows an event they belong to.
 */
import type { GeneratorTable } from './generator-types.ts';
import { choose, writableEvents, type Model, type ModelEvent } from './reference-model.ts';

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

/** The actor's own active events: they manage them (posting needs a manager). */
const ownActive = (m: Model, actor: string) => m.events.filter((e) => e.creator === actor && e.status === 'active');

/** Announcements each model's actors posted (the model's rows count tables the reference compares). */
const posted = new WeakMap<Model, Array<{ id: string; owner: string; event: ModelEvent }>>();
const postsOf = (m: Model) => posted.get(m) ?? posted.set(m, []).get(m)!;

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
  'announcement.post': ({ model, actor, n, step }) => {
    const event = choose(ownActive(model, actor), n);
    if (!event) return null;
    return {
      kind: 'announcement.post',
      args: {
        eventId: event.localId,
        title: n % 3 ? null : `Heads up ${step}`,
        body: `Gates open at ${n % 24}:00`,
        priority: n % 2 === 0,
      },
      apply: (m, p) => void postsOf(m).push({ id: String(p.id), owner: actor, event }),
    };
  },
  // The poster marks their own seen (a no-op on the server, which marked it with the post): a
  // member could be removed by the event's creator while the mark waits, and be refused.
  'announcement.mark-seen': ({ model, actor, n }) => {
    const own = new Set(ownActive(model, actor));
    const announcement = choose(
      postsOf(model).filter((a) => a.owner === actor && own.has(a.event)),
      n,
    );
    if (!announcement) return null;
    return {
      kind: 'announcement.mark-seen',
      args: { eventId: announcement.event.localId, announcementId: announcement.id },
      apply: () => undefined,
    };
  },
  'event.set-follow': ({ model, actor, n }) => {
    const event = choose(writableEvents(model, actor), n);
    if (!event) return null;
    return { kind: 'event.set-follow', args: { eventId: event.localId, follow: n % 2 === 0 }, apply: () => undefined };
  },
};
