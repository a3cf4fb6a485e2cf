import { Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ToggleButton } from '../../components/toggle-button.tsx';
import type { BillingInterval } from './checkout.ts';
import { useIsOnline } from '../../data/use-is-online.ts';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { PlanCard } from './plan-card.tsx';
import { PLANS } from './plans.ts';
import { useCurrentPlan } from './use-current-plan.ts';
import { useUpgrade } from './use-upgrade.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

/** The user's plan and the three plans side by side: shared by /subscription and /profile/subscription. */
export function SubscriptionOverview({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const plan = useCurrentPlan();
  const isOnline = useIsOnline();
  const { pendingTier, upgrade } = useUpgrade();
  const [interval, setBilling] = useState<BillingInterval>('month');
  if (!plan) return <StatusSpinner label="Loading your plan" />;
  return (
    <Stack gap="6">
      <CurrentPlanCard plan={plan} />
      <Stack gap="3">
        <Heading as={headingLevel} textStyle="xl">
          Plans
        </Heading>
        {!isOnline ? <Text color="fg.muted">Upgrading needs a connection.</Text> : null}
        <HStack role="group" aria-label="Billing" gap="2" wrap="wrap">
          <ToggleButton isPressed={interval === 'month'} size="sm" onClick={() => setBilling('month')}>
            Billed monthly
          </ToggleButton>
          <ToggleButton isPressed={interval === 'year'} size="sm" onClick={() => setBilling('year')}>
            Billed yearly (10% off)
          </ToggleButton>
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="stretch">
          {PLANS.map((p) => (
            <PlanCard
              key={p.tier}
              plan={p}
              currentTier={plan.tier}
              isBusy={pendingTier === p.tier}
              isOffline={!isOnline}
              onUpgrade={() => void upgrade(p.tier, interval)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
