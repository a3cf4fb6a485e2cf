/**
 * The notifications of the signed-in user, live from the device database: the notification rows
 * the sync engine pulls (the realtime doorbell rings on every new row) and the invitations they
 * received, with a pull every 60 seconds while the bell is shown (spec: refresh every 60 s).
 * Marking read goes through the outbox (works offline, reaches the server once, shows on the
 * user's other devices); an invitation without a row keeps its read mark on this device.
 */
import { useEffect, useMemo } from 'react';
import { useEvents, useInvitationNames, useReceivedInvitations } from '../events/index.ts';
import { mutate, useSyncSession } from '../../data/index.ts';
import { useAllRows } from '../../data/use-rows.ts';
import { useAuthStore } from '../auth/index.ts';
import {
  groupByEvent,
  notificationItems,
  unreadByEvent,
  unreadCount,
  type NotificationGroup,
  type NotificationItem,
} from './notification-items.ts';
import { useReadStore } from './read-store.ts';
import { MAX_MARK_READ, notificationRowSchema } from './sync/index.ts';

const REFRESH_MS = 60_000;
const NONE: string[] = [];

export interface Notifications {
  items: NotificationItem[];
  groups: NotificationGroup[];
  unread: number;
  markRead(ids: string[]): void;
  markAllRead(): void;
}

/** The device's notification items (rows and received invitations), newest first. */
function useNotificationItems(): NotificationItem[] {
  const received = useReceivedInvitations();
  const names = useInvitationNames(received.map((invitation) => invitation.id ?? invitation.key));
  const invitations = useMemo(
    () =>
      received.map((invitation) => {
        const known = names[invitation.id ?? invitation.key];
        return {
          ...invitation,
          event_name: invitation.event_name ?? known?.eventName ?? null,
          sender_name: invitation.sender_name ?? known?.senderName ?? null,
        };
      }),
    [received, names],
  );
  const rows = useAllRows('notifications', notificationRowSchema);
  const userId = useAuthStore((state) => state.session?.user.id ?? null);
  const readIds = useReadStore((state) => (userId ? (state.readByUser[userId] ?? NONE) : NONE));
  return useMemo(() => notificationItems(invitations, new Set(readIds), rows), [invitations, readIds, rows]);
}

/** Marks items read: their rows through the outbox, invitations without a row on this device. */
function markItemsRead(items: NotificationItem[], ids: string[], markLocal: (ids: string[]) => void): void {
  const wanted = new Set(ids);
  const rowIds = items.filter((item) => wanted.has(item.id) && item.rowId && !item.isMarked).map((i) => i.rowId!);
  const local = items.filter((item) => wanted.has(item.id) && !item.rowId).map((item) => item.id);
  if (local.length) markLocal(local);
  for (let i = 0; i < rowIds.length; i += MAX_MARK_READ)
    void mutate('notification.mark-read', { ids: rowIds.slice(i, i + MAX_MARK_READ) }).catch(() => undefined);
}

export function useNotifications(): Notifications {
  const items = useNotificationItems();
  const events = useEvents();
  const session = useSyncSession();
  const userId = useAuthStore((state) => state.session?.user.id ?? null);
  const markReadFor = useReadStore((state) => state.markRead);

  useEffect(() => {
    if (!session) return;
    const timer = setInterval(() => session.engine.requestPull(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [session]);

  const groups = useMemo(() => {
    const names = new Map(events.map((event) => [event.id, event.name]));
    return groupByEvent(items, (id) => names.get(id));
  }, [items, events]);
  const markLocal = (ids: string[]) => {
    if (userId) markReadFor(userId, ids);
  };
  return {
    items,
    groups,
    unread: unreadCount(items),
    markRead: (ids) => markItemsRead(items, ids, markLocal),
    markAllRead: () => {
      markLocal(items.filter((item) => !item.rowId).map((item) => item.id));
      if (items.some((item) => item.rowId && !item.isMarked))
        void mutate('notification.mark-all-read', {}).catch(() => undefined);
    },
  };
}

/**
 * Unread notifications per event id, live (an event's card or nav link may show them). Chat
 * messages make no in-app notification by default: their unread count is the chat's read marker's.
 * @public (for the dashboard's cards and the event navigation)
 */
export function useUnreadNotificationsByEvent(): Record<string, number> {
  const items = useNotificationItems();
  return useMemo(() => unreadByEvent(items), [items]);
}
