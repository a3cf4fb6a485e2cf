import { Badge, Box, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { tierLabel } from '../../access/tiers.ts';
import { DetailGrid } from '../../components/detail-grid.tsx';
import { limitLines, PLANS } from './plans.ts';
import type { CurrentPlan } from './use-current-plan.ts';
import { ManagePlan } from './manage-plan.tsx';

const statusLabel = (status: string) => {
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const day = (iso: string | null) => (iso ? format(new Date(iso), 'd MMM yyyy') : null);

/** The user's plan: tier, status, billing period, payment method and the limits it gives. */
export function CurrentPlanCard({ plan }: { plan: CurrentPlan }) {
  const limits = PLANS.find((p) => p.tier === plan.tier)!.limits;
  const start = day(plan.periodStart);
  const end = day(plan.periodEnd);
  const details: [string, string][] = [
    ['Status', statusLabel(plan.status)],
    ['Period', start && end ? `${start} – ${end}` : 'No billing period'],
    ['Payment method', plan.paymentMethod ?? 'None on file'],
  ];
  return (
    <Box as="section" aria-label="Your plan" borderWidth="1px" rounded="2xl" bg="bg.panel" p={{ base: '4', md: '6' }}>
      <Stack gap="4">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" textStyle="xl">
            Your plan
          </Heading>
          <Badge colorPalette="forest" size="lg">
            {tierLabel(plan.tier)}
          </Badge>
          {plan.isCancelling ? <Badge colorPalette="orange">Ends with this period</Badge> : null}
        </HStack>
        {plan.isCancelling && end ? (
          <Text>
            {`Your plan ends on ${end}. After that you are on the Free plan: your events keep everything in them, and what Free lacks is locked.`}
          </Text>
        ) : null}
        {plan.tier === 'free' && plan.status === 'canceled' && end ? (
          <Text color="fg.muted">{`Your paid plan ended on ${end}.`}</Text>
        ) : null}
        <DetailGrid items={details} columns={{ base: 1, sm: 3 }} valueWeight="medium" />
        <DetailGrid items={limitLines(limits)} label="Your limits" columns={{ base: 2, md: 5 }} isTiled />
        <ManagePlan plan={plan} />
      </Stack>
    </Box>
  );
}
