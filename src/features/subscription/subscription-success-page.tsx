import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isTier, tierAlias, tierLabel, type BillingTier, type Tier } from '../../access/tiers.ts';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { requestSync } from '../../data/index.ts';
import { useAuthStore } from '../auth/index.ts';
import { takeCheckoutError } from './checkout.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

function tierOf(raw: string | null): Tier | null {
  if (isTier(raw)) return raw;
  if (raw === 'pro' || raw === 'premium') return tierAlias(raw as BillingTier);
  return null;
}

/**
 * `/checkout/subscription/success?tier=…&session_id=…&mock=…`: the server has applied (mock flow)
 * or is applying (provider webhook) the tier. The page reloads the profile so the tier badge,
 * gating and limits follow at once, and asks the sync engine for the events' new tiers.
 */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const tier = tierOf(params.get('tier'));
  const userTier = useAuthStore((state) => state.user?.tier ?? null);
  const [isRefreshed, setRefreshed] = useState(false);
  const [checkoutError] = useState(takeCheckoutError);

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      // A provider's webhook can land a moment after the redirect: look again a few times.
      for (let attempt = 0; attempt < 5; attempt++) {
        await useAuthStore.getState().reloadProfile();
        if (!tier || useAuthStore.getState().user?.tier === tier) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      await requestSync();
      if (isCurrent) setRefreshed(true);
    })();
    return () => {
      isCurrent = false;
    };
  }, [tier]);

  const isApplied = tier !== null && userTier === tier;
  return (
    <BrandLayout>
      <BrandCard title={isApplied ? 'Thank you!' : 'Checking your plan'}>
        <Stack gap="4">
          {!isRefreshed && !isApplied ? <StatusSpinner label="Checking your plan" /> : null}
          {isApplied ? (
            <FormMessage status="success">{`Your crew now plans on the ${tierLabel(tier)} plan.`}</FormMessage>
          ) : null}
          {isRefreshed && !isApplied ? (
            <FormMessage status="error">
              {`${checkoutError ?? 'The payment is not confirmed yet.'} Your plan is still ${tierLabel(userTier ?? 'free')}.`}
            </FormMessage>
          ) : null}
          {params.get('mock') === 'true' ? (
            <Text textStyle="sm" color="fg.muted">
              Test checkout (no payment provider configured): no card was charged.
            </Text>
          ) : null}
          <Button asChild size="lg">
            <RouterLink to={paths.dashboard.href()}>Go to the dashboard</RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <RouterLink to={paths.subscription.href()}>See your plan</RouterLink>
          </Button>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
