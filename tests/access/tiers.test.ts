import { describe, expect, it } from 'vitest';
import { BILLING_TIERS, TIERS, isTier, tierAlias, tierLabel, tierRank } from '../../src/access/tiers.ts';

describe('tiers', () => {
  it('maps canonical tiers to billing aliases and back', () => {
    expect(tierAlias('free')).toBe('free');
    expect(tierAlias('starter')).toBe('pro');
    expect(tierAlias('organizer')).toBe('premium');
    expect(tierAlias('pro')).toBe('starter');
    expect(tierAlias('premium')).toBe('organizer');
    for (const tier of TIERS) expect(tierAlias(tierAlias(tier))).toBe(tier);
    for (const alias of BILLING_TIERS) expect(tierAlias(tierAlias(alias))).toBe(alias);
  });

  it('orders and names tiers', () => {
    expect(TIERS.map(tierRank)).toEqual([0, 1, 2]);
    expect(TIERS.map(tierLabel)).toEqual(['Free', 'Starter', 'Organizer']);
    expect(isTier('starter')).toBe(true);
    expect(isTier('pro')).toBe(false);
    expect(isTier(undefined)).toBe(false);
  });
});
