/** The bell's items: notification rows and invitations merged, grouped by event, newest first. */
import { describe, expect, it } from 'vitest';
import {
  groupByEvent,
  notificationItems,
  unreadBadgeText,
  unreadByEvent,
  unreadCount,
} from '../../src/features/notifications/notification-items.ts';
import type { NotificationRow } from '../../src/features/notifications/sync/index.ts';
import type { InvitationRow } from '../../src/features/events/index.ts';

const row = (key: string, at: string, changes: Partial<NotificationRow> = {}): NotificationRow => ({
  key,
  id: key,
  event_id: 'lake',
  kind: 'chat_mention',
  category: 'mentions',
  title: `title ${key}`,
  body: `body ${key}`,
  data: { path: '/events/lake/chat', message_id: 'm' },
  created_at: at,
  read_at: null,
  updated_at: at,
  ...changes,
});

const invitation: InvitationRow = {
  key: 'inv',
  id: 'inv',
  event_id: 'gurten',
  event_name: 'Gurten Festival',
  sender_id: 's',
  sender_name: 'Eva',
  recipient_id: 'r',
  recipient_name: null,
  recipient_email: 'r@x.test',
  recipient_avatar: null,
  message: null,
  status: 'pending',
  response_message: null,
  responded_at: null,
  created_at: '2027-07-01T09:00:00Z',
  updated_at: '2027-07-01T09:00:00Z',
};

describe('notification items', () => {
  it('merges an invitation with its row, lists every other row, newest first', () => {
    const rows = [
      row('a', '2027-07-01T10:00:00Z'),
      row('b', '2027-07-01T12:00:00Z', { event_id: null, kind: 'friend_request', data: { path: '/profile/friends' } }),
      row('i', '2027-07-01T11:00:00.123456+00:00', {
        event_id: 'gurten',
        kind: 'event_invitation',
        data: { path: '/dashboard', invitation_id: 'inv' },
      }),
    ];
    const items = notificationItems([invitation], new Set(), rows);
    expect(items.map((item) => [item.id, item.kind, item.rowId, item.path])).toEqual([
      ['b', 'friend_request', 'b', '/profile/friends'],
      ['inv', 'event_invitation', 'i', null],
      ['a', 'chat_mention', 'a', '/events/lake/chat'],
    ]);
    expect(items[1].title).toBe('Invitation to Gurten Festival');
    expect(unreadCount(items)).toBe(3);
  });

  it('keeps an invitation item under one id when its row arrives after it (the card is not remounted)', () => {
    const before = notificationItems([invitation], new Set(), []);
    const after = notificationItems([invitation], new Set(), [
      row('i', '2027-07-01T11:00:00Z', { kind: 'event_invitation', data: { invitation_id: 'inv' } }),
    ]);
    expect([before[0].id, before[0].rowId]).toEqual(['inv', null]);
    expect([after[0].id, after[0].rowId]).toEqual(['inv', 'i']);
  });

  it('reads the read state from the row, and an invitation is read once answered', () => {
    const rows = [
      row('a', '2027-07-01T10:00:00Z', { read_at: '2027-07-01T10:05:00Z' }),
      row('i', '2027-07-01T11:00:00Z', { kind: 'event_invitation', data: { invitation_id: 'inv' } }),
    ];
    expect(notificationItems([invitation], new Set(), rows).map((i) => i.isRead)).toEqual([false, true]);
    const answered = notificationItems([{ ...invitation, status: 'accepted' }], new Set(), rows);
    expect(answered.map((i) => [i.isRead, i.isMarked])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('groups by event, the group with the newest item first, and counts unread per event', () => {
    const rows = [
      row('a', '2027-07-01T10:00:00Z'),
      row('b', '2027-07-01T12:00:00Z', { event_id: 'gurten' }),
      row('c', '2027-07-01T13:00:00Z', { read_at: '2027-07-01T13:00:00Z' }),
      row('d', '2027-07-01T09:00:00Z', { event_id: null }),
    ];
    const items = notificationItems([], new Set(), rows);
    const names: Record<string, string> = { lake: 'Lake weekend', gurten: 'Gurten Festival' };
    const groups = groupByEvent(items, (id) => names[id]);
    expect(groups.map((g) => [g.title, g.items.map((i) => i.id), g.unread])).toEqual([
      ['Lake weekend', ['c', 'a'], 1],
      ['Gurten Festival', ['b'], 1],
      ['Friends and account', ['d'], 1],
    ]);
    expect(unreadByEvent(items)).toEqual({ lake: 1, gurten: 1 });
  });

  it('shows the count on badges, 9+ above 9', () => {
    expect([0, 1, 9, 10, 120].map(unreadBadgeText)).toEqual([null, '1', '9', '9+', '9+']);
  });
});
