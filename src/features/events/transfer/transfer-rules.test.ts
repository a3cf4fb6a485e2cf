import { describe, expect, it } from 'vitest';
import { lockedFeatures, transferWarning } from './transfer-rules.ts';

describe('lockedFeatures', () => {
  it('is empty when the tier stays or rises', () => {
    expect(lockedFeatures('free', 'free')).toEqual([]);
    expect(lockedFeatures('starter', 'organizer')).toEqual([]);
  });

  it('names what each lower tier lacks', () => {
    expect(lockedFeatures('organizer', 'starter')).toContain('white label');
    expect(lockedFeatures('organizer', 'starter')).not.toContain('transport');
    expect(lockedFeatures('organizer', 'free')).toEqual(expect.arrayContaining(['transport', 'white label']));
    expect(lockedFeatures('starter', 'free')).not.toContain('white label');
  });
});

describe('transferWarning', () => {
  it('says nothing when nothing is lost', () => {
    expect(transferWarning('Mia', 'starter', 'organizer', 20, 3)).toBeNull();
  });

  it('warns of locked features, and of members and admins over the new limits', () => {
    expect(transferWarning('Mia', 'starter', 'free', 3, 1)).toBe(
      'Mia is on the free plan, so this event moves to the free plan: transport, the site planner, automated expense splitting, templates and cloning, extended chat and schedule, WhatsApp import and simple exports will be locked. Nothing is deleted; it all comes back if Mia upgrades. Its admin stays an admin, but no one else can be made one.',
    );
    const warning = transferWarning('Mia', 'organizer', 'starter', 20, 1);
    expect(warning).toContain('The event has 20 members, more than the starter plan');
    expect(warning).not.toContain('admins stay');
  });
});
