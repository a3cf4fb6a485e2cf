/**
 * Subscription tiers. The canonical ids are free, starter and organizer (decisions "Tiers");
 * billing names the same tiers free, pro and premium. `tierAlias` is the one place that maps
 * between the two readings: nothing else spells the billing aliases.
 */
export const TIERS = ['free', 'starter', 'organizer'] as const;
export type Tier = (typeof TIERS)[number];

export const BILLING_TIERS = ['free', 'pro', 'premium'] as const;
export type BillingTier = (typeof BILLING_TIERS)[number];

const TO_BILLING: Record<Tier, BillingTier> = { free: 'free', starter: 'pro', organizer: 'premium' };
const FROM_BILLING: Record<BillingTier, Tier> = { free: 'free', pro: 'starter', premium: 'organizer' };

/** Maps a canonical tier to its billing alias and a billing alias back to its canonical tier. */
export function tierAlias(tier: Tier): BillingTier;
export function tierAlias(tier: BillingTier): Tier;
export function tierAlias(tier: Tier | BillingTier): Tier | BillingTier {
  if (tier === 'free') return 'free';
  if (tier in TO_BILLING) return TO_BILLING[tier as Tier];
  return FROM_BILLING[tier as BillingTier];
}

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

/** Display name of a tier: 'Free', 'Starter', 'Organizer'. */
export function tierLabel(tier: Tier): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

/** The upgrade prompt of a feature the tier lacks (spec): 'Upgrade to Starter to unlock this feature'. */
export function upgradeText(tier: Tier): string {
  return `Upgrade to ${tierLabel(tier)} to unlock this feature`;
}
