import { Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useIsOnline } from '../../data/use-is-online.ts';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { PlanCard } from './plan-card.tsx';
import { PLANS } from './plans.ts';
import { useCurrentPlan } from './use-current-plan.ts';
import { useUpgrade } from './use-upgrade.ts';

/** The user's plan and the three plans side by side: shared by /subscription and /profile/subscription. */
export function SubscriptionOverview({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const plan = useCurrentPlan();
  const isOnline = useIsOnline();
  const { pendingTier, upgrade } = useUpgrade();
  if (!plan) return <Spinner aria-label="Loading your plan" />;
  return (
    <Stack gap="6">
      <CurrentPlanCard plan={plan} />
      <Stack gap="3">
        <Heading as={headingLevel} textStyle="xl">
          Plans
        </Heading>
        {!isOnline ? <Text color="fg.muted">Upgrading needs a connection.</Text> : null}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="stretch">
          {PLANS.map((p) => (
            <PlanCard
              key={p.tier}
              plan={p}
              currentTier={plan.tier}
              isBusy={pendingTier === p.tier}
              isOffline={!isOnline}
              onUpgrade={() => void upgrade(p.tier)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
