import { describe, expect, it } from 'vitest';
import { datesRefusal } from './event-rules.ts';

describe('datesRefusal', () => {
  it('lets dates within the plan pass, and dates not both given', () => {
    expect(datesRefusal('free', '2027-07-01', '2027-07-30')).toBeNull();
    expect(datesRefusal('free', '2027-07-01', '')).toBeNull();
  });

  it('refuses dates longer than the plan, naming the next plan’s limit', () => {
    expect(datesRefusal('free', '2027-07-01', '2027-08-14')).toBe(
      'Your free plan allows events of up to 30 days; this one spans 45 days. Upgrade to starter for up to 180 days.',
    );
  });

  it('asks to shorten the dates on the largest plan', () => {
    expect(datesRefusal('organizer', '2027-01-01', '2028-12-31')).toMatch(/ Shorten the dates\.$/);
  });
});
