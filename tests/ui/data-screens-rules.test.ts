import { describe, expect, it } from 'vitest';
import { TIER_LIMITS } from '../../src/access/tier-limits.ts';
import type { InvitationRow } from '../../src/features/events/sync/invitation-rows.ts';
import {
  eventsAtOnceRefusal,
  isManagerRole,
  leaveOutcome,
  planningDays,
  planningDaysRefusal,
} from '../../src/features/events/event-rules.ts';
import { inviteSuggestions } from '../../src/features/events/members/invite-suggestions.ts';
import { friendsNotInEvent, memberActionCheck } from '../../src/features/events/members/member-rules.ts';
import { notificationItems, unreadCount } from '../../src/features/notifications/notification-items.ts';

describe('event rules', () => {
  it('counts planning days with both ends included', () => {
    expect(planningDays('2027-07-16', '2027-07-18')).toBe(3);
    expect(planningDays('2027-07-16', '2027-07-16')).toBe(1);
    expect(planningDays('2027-03-27', '2027-03-29')).toBe(3); // across a daylight-saving change
    expect(planningDays('2027-07-18', '2027-07-16')).toBeNull();
    expect(planningDays(null, '2027-07-16')).toBeNull();
  });

  it('explains the events-at-once limit with the database words', () => {
    expect(eventsAtOnceRefusal('free', TIER_LIMITS.free, 1)).toBeNull();
    expect(eventsAtOnceRefusal('free', TIER_LIMITS.free, 2)).toBe(
      'Your free plan allows 2 active events at once. Upgrade to starter for more.',
    );
    expect(eventsAtOnceRefusal('organizer', TIER_LIMITS.organizer, 25)).toBe(
      'Your organizer plan allows 25 active events at once. Archive or delete one of your events to make room.',
    );
  });

  it('explains the planning-days limit', () => {
    expect(planningDaysRefusal('free', TIER_LIMITS.free, 30, TIER_LIMITS.starter)).toBeNull();
    expect(planningDaysRefusal('free', TIER_LIMITS.free, 31, TIER_LIMITS.starter)).toBe(
      'Your free plan allows events of up to 30 days; this one spans 31 days. Upgrade to starter for up to 180 days.',
    );
    expect(planningDaysRefusal('organizer', TIER_LIMITS.organizer, 400)).toBe(
      'Your organizer plan allows events of up to 370 days; this one spans 400 days. Shorten the dates.',
    );
  });

  it('decides what leaving does', () => {
    expect(leaveOutcome(null, 3)).toBe('not-member');
    expect(leaveOutcome('creator', 1)).toBe('deletes-event');
    expect(leaveOutcome('member', 1)).toBe('deletes-event');
    expect(leaveOutcome('creator', 2)).toBe('creator-blocked');
    expect(leaveOutcome('admin', 2)).toBe('leaves');
    expect([isManagerRole('creator'), isManagerRole('admin'), isManagerRole('member'), isManagerRole(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('member rules', () => {
  it('refuses the creator rules with the spec texts', () => {
    const creator = { role: 'creator' as const, user_id: 'c' };
    const member = { role: 'member' as const, user_id: 'm' };
    expect(memberActionCheck(creator, 'remove', 'a')).toBe('Cannot remove the event creator');
    expect(memberActionCheck(creator, 'make-admin', 'a')).toBe('Cannot change the role of the event creator');
    expect(memberActionCheck(member, 'remove', 'm')).toBe('You cannot remove yourself from the event');
    expect(memberActionCheck(member, 'make-admin', 'a')).toBeNull();
  });

  it('lists friends not in the event, by name or email', () => {
    const friends = [
      { id: '1', name: 'Anna Berg', email: 'anna@x.test' },
      { id: '2', name: 'Ben Kurz', email: 'ben@y.test' },
      { id: '3', name: 'Cleo', email: null },
    ];
    expect(friendsNotInEvent(friends, new Set(['2']), '').map((f) => f.id)).toEqual(['1', '3']);
    expect(friendsNotInEvent(friends, new Set(), 'Y.TEST').map((f) => f.id)).toEqual(['2']);
    expect(friendsNotInEvent(friends, new Set(), 'berg').map((f) => f.id)).toEqual(['1']);
  });

  it('suggests people with an address who are not members yet', () => {
    const people = [
      { userId: '1', name: 'Anna Berg', email: 'anna@x.test', avatar: null },
      { userId: '2', name: 'Anne No-Mail', email: null, avatar: null },
      { userId: '3', name: 'Annika', email: 'annika@x.test', avatar: null },
    ];
    expect(inviteSuggestions(people, new Set(['3']), 'ann').map((p) => p.userId)).toEqual(['1']);
    expect(inviteSuggestions(people, new Set(), '')).toEqual([]);
    expect(inviteSuggestions(people, new Set(), 'anna@x.test')).toEqual([]);
  });
});

describe('notifications', () => {
  const invitation = (id: string, status: InvitationRow['status'], message: string | null = null): InvitationRow => ({
    key: id,
    id,
    event_id: 'e',
    event_name: 'Lake weekend',
    sender_id: 's',
    sender_name: 'Eva',
    recipient_id: 'r',
    recipient_name: null,
    recipient_email: 'r@x.test',
    recipient_avatar: null,
    message,
    status,
    response_message: null,
    responded_at: null,
    created_at: '2027-07-01T10:00:00Z',
    updated_at: '2027-07-01T10:00:00Z',
  });

  it('derives title, message and read state from the invitations', () => {
    const items = notificationItems(
      [invitation('a', 'pending'), invitation('b', 'accepted', 'Bring a tent'), invitation('c', 'pending')],
      new Set(['c']),
    );
    expect(items.map((item) => [item.title, item.message, item.isRead])).toEqual([
      ['Invitation to Lake weekend', 'Eva has invited you to join Lake weekend', false],
      ['Invitation to Lake weekend', 'Bring a tent', true],
      ['Invitation to Lake weekend', 'Eva has invited you to join Lake weekend', true],
    ]);
    expect(unreadCount(items)).toBe(1);
    expect(unreadCount([])).toBe(0);
  });
});
