/**
 * The three plans as the subscription page shows them: limits and prices from the one table of
 * constants (spec section 9), features from spec section 6 with the meanings of decisions "Tiers".
 */
import { TIER_LIMITS, type TierLimits } from '../../access/tier-limits.ts';
import { TIERS, tierRank, type Tier } from '../../access/tiers.ts';

export interface Plan {
  tier: Tier;
  description: string;
  /** What this plan adds to the one below it. */
  features: string[];
  limits: Readonly<TierLimits>;
}

const DESCRIPTIONS: Record<Tier, string> = {
  free: 'For a small crew planning a weekend together.',
  starter: 'For crews that travel, camp and split costs together.',
  organizer: 'For organizers who run several events with bigger crews.',
};

const FEATURES: Record<Tier, string[]> = {
  free: ['Basic checklists', 'Group chat', 'Manual expenses', 'Schedule'],
  starter: [
    'Automated expense splitting',
    'Templates and cloning',
    'Extended chat and schedule',
    'Basic transport',
    'Basic site planner',
    'WhatsApp import',
    'Simple exports',
  ],
  organizer: [
    'Advanced expense splitting',
    'Multi-event dashboard',
    'Duplicate templates',
    'White label',
    'Priority notifications',
    'Structured imports',
    'Premium site planner',
    'Premium transport',
  ],
};

export const PLANS: Plan[] = TIERS.map((tier) => ({
  tier,
  description: DESCRIPTIONS[tier],
  features: FEATURES[tier],
  limits: TIER_LIMITS[tier],
}));

/** The limits of a plan as label and value lines. */
export function limitLines(limits: Readonly<TierLimits>): [string, string][] {
  return [
    ['Events at once', String(limits.maxEventsSimultaneously)],
    ['Planning days per event', String(limits.maxPlanningDays)],
    ['Members per event', String(limits.maxMembersPerEvent)],
    ['Co-organizers', String(limits.maxCoOrganizers)],
    ['Past events kept', `${limits.autoDeletePastEventsAfterDays} days`],
  ];
}

export const formatPrice = (amount: number, per: 'month' | 'year') =>
  amount === 0 ? 'Free' : `CHF ${amount} / ${per}`;

/** Whether moving from `current` to `target` is an upgrade (the only move checkout offers). */
export const isUpgrade = (current: Tier, target: Tier) => tierRank(target) > tierRank(current);
