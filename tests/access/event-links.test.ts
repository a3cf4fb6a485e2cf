import { describe, expect, it } from 'vitest';
import { EVENT_LINKS, lockedReason } from '../../src/access/event-links.ts';

const member = { role: 'user' as const, tier: 'organizer' as const };

describe('event links of the sidebar', () => {
  it('locks transport and the site planner of a free event with the upgrade text', () => {
    const reasons = Object.fromEntries(
      EVENT_LINKS.map((link) => [
        link.label,
        lockedReason(link.accessKey, member, { accessTier: 'free', isMember: true }),
      ]),
    );
    expect(reasons).toEqual({
      'Group Chat': null,
      Checklists: null,
      Expenses: null,
      Schedule: null,
      Transport: 'Upgrade to Starter to unlock this feature',
      'Site Planner': 'Upgrade to Starter to unlock this feature',
    });
  });

  it('opens everything on a starter event, and locks everything for a non-member', () => {
    for (const link of EVENT_LINKS) {
      expect(lockedReason(link.accessKey, member, { accessTier: 'starter', isMember: true })).toBeNull();
      expect(lockedReason(link.accessKey, member, { accessTier: 'organizer', isMember: false })).toMatch(
        /^Upgrade to /,
      );
    }
  });

  it('locks nothing while the event is not known', () => {
    for (const link of EVENT_LINKS) expect(lockedReason(link.accessKey, member, null)).toBeNull();
  });
});
