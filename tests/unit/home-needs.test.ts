/** The home's "what needs me" maths: timing and order, next item, balance, ride, unread. */
import { describe, expect, it } from 'vitest';
import {
  eventTiming,
  homeOrder,
  myBalance,
  myRide,
  nextScheduleItem,
  timingText,
} from '../../src/features/dashboard/home-needs.ts';
import { unreadCount } from '../../src/features/activity/section-activity.ts';

const event = (name: string, start: string | null, end: string | null, status = 'active') => ({
  name,
  status,
  start_date: start,
  end_date: end,
});

describe('timing and order', () => {
  it('words when an event is, seen on a given day', () => {
    expect(timingText(eventTiming(event('a', '2027-07-15', '2027-07-18'), '2027-07-16'))).toBe('Happening now');
    expect(timingText(eventTiming(event('a', '2027-07-17', null), '2027-07-16'))).toBe('Starts tomorrow');
    expect(timingText(eventTiming(event('a', '2027-07-28', '2027-07-30'), '2027-07-16'))).toBe('In 12 days');
    expect(timingText(eventTiming(event('a', '2027-07-01', '2027-07-03'), '2027-07-16'))).toBe('Over');
    expect(timingText(eventTiming(event('a', '2027-08-01', null, 'past'), '2027-07-16'))).toBe('Over');
    expect(timingText(eventTiming(event('a', null, null), '2027-07-16'))).toBe('No dates yet');
  });

  it('puts happening-now first, upcoming by start date, undated, then past most recent first', () => {
    const ordered = homeOrder(
      [
        event('January trip', '2028-01-10', '2028-01-12'),
        event('Old camp', '2027-05-01', '2027-05-02'),
        event('December festival', '2027-12-01', '2027-12-03'),
        event('Someday', null, null),
        event('This weekend', '2027-07-15', '2027-07-17'),
        event('Older camp', '2027-03-01', '2027-03-02'),
      ],
      '2027-07-16',
    );
    expect(ordered.map((e) => e.name)).toEqual([
      'This weekend',
      'December festival',
      'January trip',
      'Someday',
      'Old camp',
      'Older camp',
    ]);
  });
});

describe('the lines of one event', () => {
  it('picks the item going on, else the next to start, never one that ended', () => {
    const now = Date.parse('2027-07-16T12:00:00');
    const items = [
      { title: 'Breakfast', starts_at: '2027-07-16T08:00:00', ends_at: '2027-07-16T09:00:00' },
      { title: 'Concert', starts_at: '2027-07-16T20:00:00', ends_at: '2027-07-16T23:00:00' },
      { title: 'Hike', starts_at: '2027-07-16T14:00:00', ends_at: '2027-07-16T17:00:00' },
    ];
    expect(nextScheduleItem(items, now)?.title).toBe('Hike');
    expect(nextScheduleItem(items, Date.parse('2027-07-16T15:00:00'))?.title).toBe('Hike');
    expect(nextScheduleItem(items, Date.parse('2027-07-17T00:00:00'))).toBeNull();
  });

  it('takes my balance from the expenses maths, settlements included', () => {
    const expenses = [
      {
        paid_by: 'ben',
        amount_minor: 9000,
        shares: [
          { user_id: 'ada', share_minor: 3000 },
          { user_id: 'ben', share_minor: 3000 },
          { user_id: 'cy', share_minor: 3000 },
        ],
      },
    ];
    expect(myBalance('ada', expenses, [])).toBe(-3000);
    expect(myBalance('ben', expenses, [])).toBe(6000);
    expect(myBalance('ada', expenses, [{ from_user: 'ada', to_user: 'ben', amount_minor: 3000 }])).toBe(0);
  });

  it('finds the ride I drive or sit in, outbound first', () => {
    const rides = [
      { id: 'r1', driver_id: 'ben', departs_at: '2027-07-18T17:00:00', direction: 'return' },
      { id: 'r2', driver_id: 'cy', departs_at: '2027-07-15T09:00:00', direction: 'outbound' },
    ];
    expect(myRide('ada', rides, new Set())).toEqual({ kind: 'none' });
    expect(myRide('ada', rides, new Set(['r1', 'r2']))).toEqual({ kind: 'riding', departs_at: '2027-07-15T09:00:00' });
    expect(myRide('ben', rides, new Set())).toEqual({ kind: 'driving', departs_at: '2027-07-18T17:00:00' });
  });

  it("counts others' messages after my read marker, as the chat's unread line does", () => {
    const messages = [
      { author_id: 'ben', created_at: '2027-07-16T10:00:00.000Z' },
      { author_id: 'ada', created_at: '2027-07-16T10:01:00.000Z' },
      { author_id: 'ben', created_at: '2027-07-16T10:02:00.000000+00:00' },
    ];
    expect(unreadCount(messages, null, 'ada')).toBe(2);
    expect(unreadCount(messages, '2027-07-16T10:00:00+00:00', 'ada')).toBe(1);
    expect(unreadCount(messages, '2027-07-16T10:02:00Z', 'ada')).toBe(0);
  });
});
