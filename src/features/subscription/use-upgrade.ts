/** Upgrading through checkout: the mock flow stays in the app, a provider's checkout is a new page. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Tier } from '../../access/tiers.ts';
import { startCheckout, type BillingInterval } from './checkout.ts';

export function useUpgrade() {
  const navigate = useNavigate();
  const [pendingTier, setPendingTier] = useState<Tier | null>(null);

  async function upgrade(tier: Tier, interval: BillingInterval = 'month') {
    setPendingTier(tier);
    const { url } = await startCheckout(tier, 'CHF', interval);
    const target = new URL(url, window.location.origin);
    if (target.origin === window.location.origin) {
      setPendingTier(null);
      navigate(`${target.pathname}${target.search}`);
    } else {
      window.location.assign(target.href);
    }
  }

  return { pendingTier, upgrade };
}
