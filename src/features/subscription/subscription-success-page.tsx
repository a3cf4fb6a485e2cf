import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isTier, tierAlias, tierLabel, type BillingTier } from '../../access/tiers.ts';
import { paths } from '../../app/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';

/** `/checkout/subscription/success?tier=…&session_id=…&mock=…`: after a subscription checkout. */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const raw = params.get('tier') ?? '';
  const tier = isTier(raw) ? raw : ['pro', 'premium'].includes(raw) ? tierAlias(raw as BillingTier) : null;
  return (
    <BrandLayout>
      <BrandCard title="Thank you!">
        <Stack gap="4">
          <Text>
            {tier ? `Your crew now plans on the ${tierLabel(tier)} plan.` : 'Your subscription has been updated.'}
          </Text>
          <Button asChild size="lg">
            <RouterLink to={paths.dashboard.href()}>Go to the dashboard</RouterLink>
          </Button>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
