import { describe, expect, it } from 'vitest';
import { TIER_LIMITS } from '../../src/access/tier-limits.ts';
import { readCheckoutAnswer } from '../../src/features/subscription/checkout-answer.ts';
import { formatPrice, isUpgrade, limitLines, PLANS } from '../../src/features/subscription/plans.ts';

describe('plans', () => {
  it('shows the three tiers in order with the limits of spec section 9', () => {
    expect(PLANS.map((plan) => plan.tier)).toEqual(['free', 'starter', 'organizer']);
    expect(limitLines(TIER_LIMITS.starter)).toEqual([
      ['Events at once', '10'],
      ['Planning days per event', '180'],
      ['Members per event', '15'],
      ['Co-organizers', '1'],
      ['Past events kept', '60 days'],
    ]);
    expect(PLANS[1].features).toContain('Basic transport');
    expect(PLANS[2].features).toContain('Premium site planner');
  });

  it('prices monthly and yearly, free as Free', () => {
    expect(formatPrice(TIER_LIMITS.organizer.monthlyPrice, 'month')).toBe('CHF 50 / month');
    expect(formatPrice(TIER_LIMITS.starter.yearlyPrice, 'year')).toBe('CHF 216 / year');
    expect(formatPrice(0, 'month')).toBe('Free');
  });

  it('offers only upgrades', () => {
    expect(isUpgrade('free', 'starter')).toBe(true);
    expect(isUpgrade('starter', 'starter')).toBe(false);
    expect(isUpgrade('organizer', 'free')).toBe(false);
  });
});

describe("create-checkout's answer", () => {
  it('answers the URL of a success', () => {
    expect(readCheckoutAnswer(200, { url: 'https://x.test/pay' })).toEqual({ url: 'https://x.test/pay' });
  });

  it("gives the spec's error texts", () => {
    expect(readCheckoutAnswer(200, {})).toEqual({ error: 'No checkout URL returned' });
    expect(readCheckoutAnswer(400, { error: 'Product not found for tier: gold' })).toEqual({
      error: 'Product not found for tier: gold',
    });
    expect(readCheckoutAnswer(503, null)).toEqual({ error: 'HTTP 503: Failed to create checkout session' });
  });
});
