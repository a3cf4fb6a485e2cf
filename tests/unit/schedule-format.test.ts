import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatLongDay,
  formatTimeRange,
  icsFileName,
  inputValue,
  scheduleDays,
  scheduleWindowHint,
} from '../../src/features/schedule/schedule-format.ts';

const item = (id: string, starts_at: string, ends_at: string) => ({ id, starts_at, ends_at });

describe('schedule wording', () => {
  it('words days and time ranges, with the days when an item spans several', () => {
    expect(formatDay('2027-07-16')).toBe('Fri, Jul 16');
    expect(formatLongDay('2027-07-16')).toBe('Friday, July 16, 2027');
    expect(formatTimeRange(item('a', '2027-07-16T09:00:00', '2027-07-16T10:30:00'))).toBe('09:00 – 10:30');
    // An end at midnight belongs to the day before.
    expect(formatTimeRange(item('a', '2027-07-16T22:00:00', '2027-07-17T00:00:00'))).toBe('22:00 – 00:00');
    expect(formatTimeRange(item('a', '2027-07-16T22:00:00', '2027-07-17T02:00:00'))).toBe(
      'Fri, Jul 16 22:00 – Sat, Jul 17 02:00',
    );
    expect(inputValue('2027-07-16T09:00:00')).toBe('2027-07-16T09:00');
  });

  it('offers the event days, else the days with items, else today', () => {
    const dated = { start_date: '2027-07-16', end_date: '2027-07-18', access_tier: 'free' as const };
    expect(scheduleDays(dated, [], '2026-11-22')).toEqual(['2027-07-16', '2027-07-17', '2027-07-18']);
    const undated = { start_date: null, end_date: null, access_tier: 'free' as const };
    expect(scheduleDays(undated, [], '2026-11-22')).toEqual(['2026-11-22']);
    expect(
      scheduleDays(
        undated,
        [
          item('a', '2027-07-20T22:00:00', '2027-07-21T02:00:00'),
          item('b', '2027-07-18T10:00:00', '2027-07-18T11:00:00'),
        ],
        '2026-11-22',
      ),
    ).toEqual(['2027-07-18', '2027-07-20', '2027-07-21']);
    // An event longer than its tier's planning days (after a downgrade) offers the allowed days.
    const long = { start_date: '2027-07-01', end_date: '2027-09-30', access_tier: 'free' as const };
    expect(scheduleDays(long, [], '2026-11-22')).toHaveLength(30);
  });

  it('explains the window before sending', () => {
    expect(scheduleWindowHint({ start_date: '2027-07-16', end_date: '2027-07-18', access_tier: 'free' })).toBe(
      "Items go within the event's dates, Jul 16, 2027 to Jul 18, 2027. Your free plan allows a schedule of up to 30 planning days.",
    );
    expect(scheduleWindowHint({ start_date: null, end_date: null, access_tier: 'starter' })).toBe(
      'Your starter plan allows a schedule of up to 180 planning days.',
    );
  });

  it('names .ics files after the event and the item', () => {
    expect(icsFileName('Forest festival', 'schedule')).toBe('forest-festival-schedule.ics');
    expect(icsFileName('Zürich Open Air', 'Gates: open!')).toBe('zurich-open-air-gates-open.ics');
    expect(icsFileName('🎪')).toBe('schedule.ics');
  });
});
