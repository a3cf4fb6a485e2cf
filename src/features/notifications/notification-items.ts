/**
 * What the bell lists: the user's notification rows (written by the database for every kind,
 * synced to the device, read state on the server row) and the invitations they received. An
 * invitation's notification row and the invitation become one item that keeps the spec's Respond
 * / View Event behaviour (sections 3 and 4: title 'Invitation to {event name}', the invitation's
 * message or '{sender} has invited you to join {event}'); an invitation without a row (sent before
 * notifications existed, or with in-app invitations turned off) is still listed, with its read
 * mark kept on this device. An invitation item is unread while the invitation is pending and not
 * marked read; every other item while its row's `read_at` is empty. The count never goes below 0.
 */
import type { InvitationRow } from '../events/index.ts';
import type { NotificationRow } from './sync/index.ts';

export interface NotificationItem {
  id: string;
  /** The notification's kind ('event_invitation', 'chat_mention', 'expense_added', ...). */
  kind: string;
  title: string;
  message: string;
  eventId: string | null;
  /** The app page the item is about (the row's data.path). */
  path: string | null;
  /** The received invitation behind an invitation item (Respond / View Event). */
  invitation: InvitationRow | null;
  /** The synced row's id, which marking read changes on the server (null: an invitation without a row). */
  rowId: string | null;
  isRead: boolean;
  /** Marked read (handled items offer Mark as read until then). */
  isMarked: boolean;
  createdAt: string;
}

function invitationItem(
  invitation: InvitationRow,
  row: NotificationRow | undefined,
  readIds: ReadonlySet<string>,
): NotificationItem {
  // Keyed by the invitation, not its row: the row may arrive after the item is shown, and a new key
  // would remount the card and close a response being written.
  const id = invitation.id ?? invitation.key;
  const event = invitation.event_name ?? 'an event';
  const sender = invitation.sender_name ?? 'Someone';
  const isMarked = row ? row.read_at !== null : readIds.has(id);
  return {
    id,
    kind: 'event_invitation',
    title: `Invitation to ${event}`,
    message: invitation.message || `${sender} has invited you to join ${event}`,
    eventId: invitation.event_id,
    path: null,
    invitation,
    rowId: row?.key ?? null,
    isRead: invitation.status !== 'pending' || isMarked,
    isMarked,
    createdAt: row?.created_at ?? invitation.created_at,
  };
}

function rowItem(row: NotificationRow): NotificationItem {
  const path = typeof row.data.path === 'string' && row.data.path.startsWith('/') ? row.data.path : null;
  return {
    id: row.key,
    kind: row.kind,
    title: row.title,
    message: row.body,
    eventId: row.event_id,
    path,
    invitation: null,
    rowId: row.key,
    isRead: row.read_at !== null,
    isMarked: row.read_at !== null,
    createdAt: row.created_at,
  };
}

const newestFirst = (a: NotificationItem, b: NotificationItem) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** Every item, newest first. `rows`: the device's notification rows. */
export function notificationItems(
  invitations: InvitationRow[],
  readIds: ReadonlySet<string>,
  rows: NotificationRow[] = [],
): NotificationItem[] {
  const byInvitation = new Map<string, NotificationRow>();
  for (const row of rows) {
    const invitationId = row.data.invitation_id;
    if (row.kind === 'event_invitation' && typeof invitationId === 'string') byInvitation.set(invitationId, row);
  }
  const shownRows = new Set<string>();
  const items = invitations.map((invitation) => {
    const row = invitation.id ? byInvitation.get(invitation.id) : undefined;
    if (row) shownRows.add(row.key);
    return invitationItem(invitation, row, readIds);
  });
  for (const row of rows) {
    // An invitation row whose invitation is not on the device (yet) shows as the row itself.
    if (!shownRows.has(row.key)) items.push(rowItem(row));
  }
  return items.sort(newestFirst);
}

export function unreadCount(items: NotificationItem[]): number {
  return Math.max(0, items.filter((item) => !item.isRead).length);
}

/** The unread count as badges show it: the number, or 9+ above 9 (null: nothing unread). */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

export interface NotificationGroup {
  /** The event's id, or null for what concerns the account (friend requests). */
  eventId: string | null;
  title: string;
  items: NotificationItem[];
  unread: number;
}

/**
 * The items grouped by event, the group with the newest item first (items keep their order).
 * `eventName`: the name of an event on the device; an invitation names its own event.
 */
export function groupByEvent(
  items: NotificationItem[],
  eventName: (id: string) => string | undefined,
): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const item of items) {
    const key = item.eventId ?? '';
    let group = groups.get(key);
    if (!group) {
      const title = item.eventId
        ? (eventName(item.eventId) ?? item.invitation?.event_name ?? 'An event')
        : 'Friends and account';
      group = { eventId: item.eventId, title, items: [], unread: 0 };
      groups.set(key, group);
    }
    group.items.push(item);
    if (!item.isRead) group.unread++;
  }
  return [...groups.values()];
}

/** Unread items per event id (what a card or a nav link may show). */
export function unreadByEvent(items: NotificationItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    if (!item.isRead && item.eventId) counts[item.eventId] = (counts[item.eventId] ?? 0) + 1;
  }
  return counts;
}
