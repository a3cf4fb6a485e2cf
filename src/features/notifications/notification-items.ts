/**
 * Notifications derived from the invitations a user received (spec sections 3 and 4): title
 * 'Invitation to {event name}', the invitation's message or '{sender} has invited you to join
 * {event}'. An item is unread while its invitation is pending and the user has not marked it read
 * on this device; responding marks it read. The unread count never goes below 0.
 */
import type { InvitationRow } from '../events/index.ts';

export interface NotificationItem {
  id: string;
  type: 'event_invitation';
  title: string;
  message: string;
  invitation: InvitationRow;
  isRead: boolean;
  /** Marked read on this device (handled items offer Mark as read until then). */
  isMarked: boolean;
  createdAt: string;
}

export function notificationItems(invitations: InvitationRow[], readIds: ReadonlySet<string>): NotificationItem[] {
  return invitations.map((invitation) => {
    const id = invitation.id ?? invitation.key;
    const event = invitation.event_name ?? 'an event';
    const sender = invitation.sender_name ?? 'Someone';
    return {
      id,
      type: 'event_invitation',
      title: `Invitation to ${event}`,
      message: invitation.message || `${sender} has invited you to join ${event}`,
      invitation,
      isRead: invitation.status !== 'pending' || readIds.has(id),
      isMarked: readIds.has(id),
      createdAt: invitation.created_at,
    };
  });
}

export function unreadCount(items: NotificationItem[]): number {
  return Math.max(0, items.filter((item) => !item.isRead).length);
}
