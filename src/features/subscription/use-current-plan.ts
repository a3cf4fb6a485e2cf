/**
 * The signed-in user's plan: the tier from the auth store's profile (known offline from the last
 * sign-in) and the subscription row on the device (status, period, payment method). Without a row
 * the plan is free and active (spec section 4). A plan cancelled at period end ends on the server
 * (run_maintenance); the app learns it from the synced row.
 */
import { useEffect } from 'react';
import { isTier, tierAlias, type Tier } from '../../access/tiers.ts';
import { useSubscription } from './use-subscription.ts';
import { useAuthStore } from '../auth/index.ts';

export interface CurrentPlan {
  tier: Tier;
  status: string;
  periodStart: string | null;
  periodEnd: string | null;
  isCancelling: boolean;
  paymentMethod: string | null;
}

export function useCurrentPlan(): CurrentPlan | null {
  const user = useAuthStore((state) => state.user);
  const subscription = useSubscription();
  const rowTier = subscription ? tierAlias(subscription.tier) : null;
  // The server changed the plan on its own (a plan cancelled at period end ended, a webhook): the
  // synced row says so before the profile in the auth store does, so the profile is read again.
  const isStale = Boolean(user && rowTier && isTier(rowTier) && rowTier !== user.tier);
  useEffect(() => {
    if (isStale && navigator.onLine) void useAuthStore.getState().reloadProfile();
  }, [isStale, subscription?.updated_at]);
  if (!user) return null;
  const isRowCurrent = rowTier !== null && isTier(rowTier) && rowTier === user.tier;
  return {
    tier: user.tier,
    status: isRowCurrent && subscription ? subscription.status : 'active',
    periodStart: isRowCurrent ? (subscription?.current_period_start ?? null) : null,
    periodEnd: isRowCurrent ? (subscription?.current_period_end ?? null) : null,
    isCancelling: isRowCurrent ? (subscription?.cancel_at_period_end ?? false) : false,
    paymentMethod:
      isRowCurrent && subscription?.payment_method_brand
        ? `${subscription.payment_method_brand} ending in ${subscription.payment_method_last4 ?? '····'}`
        : null,
  };
}
