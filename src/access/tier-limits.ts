/**
 * The limits and prices of each tier (spec section 9, table values; the "feature text" numbers are
 * marketing copy and not enforced). The database's `public.tier_limits` holds the same numbers and
 * is the one that enforces them; the client only explains them. tests/access/tier-limits.test.ts
 * checks that both agree.
 */
import type { Tier } from './tiers.ts';

export interface TierLimits {
  maxEventsSimultaneously: number;
  maxPlanningDays: number;
  maxMembersPerEvent: number;
  maxCoOrganizers: number;
  autoDeletePastEventsAfterDays: number;
  /** Price per month, in whole currency units. */
  monthlyPrice: number;
  /** Price per year, in whole currency units. */
  yearlyPrice: number;
}

export const TIER_LIMITS: Readonly<Record<Tier, Readonly<TierLimits>>> = {
  free: {
    maxEventsSimultaneously: 2,
    maxPlanningDays: 30,
    maxMembersPerEvent: 4,
    maxCoOrganizers: 0,
    autoDeletePastEventsAfterDays: 14,
    monthlyPrice: 0,
    yearlyPrice: 0,
  },
  starter: {
    maxEventsSimultaneously: 10,
    maxPlanningDays: 180,
    maxMembersPerEvent: 15,
    maxCoOrganizers: 1,
    autoDeletePastEventsAfterDays: 60,
    monthlyPrice: 20,
    yearlyPrice: 216,
  },
  organizer: {
    maxEventsSimultaneously: 25,
    maxPlanningDays: 370,
    maxMembersPerEvent: 40,
    maxCoOrganizers: 4,
    autoDeletePastEventsAfterDays: 180,
    monthlyPrice: 50,
    yearlyPrice: 540,
  },
};

export function tierLimits(tier: Tier): Readonly<TierLimits> {
  return TIER_LIMITS[tier];
}
