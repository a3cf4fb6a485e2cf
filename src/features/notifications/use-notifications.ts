/**
 * The notifications of the signed-in user, live from the device database (the sync engine pulls
 * on every Realtime change of an invitation), with a pull every 60 seconds while the bell is shown.
 */
import { useEffect, useMemo } from 'react';
import { useInvitationNames, useReceivedInvitations } from '../events/index.ts';
import { useSyncSession } from '../../data/index.ts';
import { useAuthStore } from '../auth/index.ts';
import { notificationItems, unreadCount, type NotificationItem } from './notification-items.ts';
import { useReadStore } from './read-store.ts';

const REFRESH_MS = 60_000;
const NONE: string[] = [];

export interface Notifications {
  items: NotificationItem[];
  unread: number;
  markRead(ids: string[]): void;
}

export function useNotifications(): Notifications {
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
  const session = useSyncSession();
  const userId = useAuthStore((state) => state.session?.user.id ?? null);
  const readIds = useReadStore((state) => (userId ? (state.readByUser[userId] ?? NONE) : NONE));
  const markReadFor = useReadStore((state) => state.markRead);

  useEffect(() => {
    if (!session) return;
    const timer = setInterval(() => session.engine.requestPull(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [session]);

  const items = useMemo(() => notificationItems(invitations, new Set(readIds)), [invitations, readIds]);
  return {
    items,
    unread: unreadCount(items),
    markRead: (ids) => {
      if (userId) markReadFor(userId, ids);
    },
  };
}
