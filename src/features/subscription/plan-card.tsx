import { Badge, Box, Button, HStack, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { tierLabel, type Tier } from '../../access/tiers.ts';
import { formatPrice, isUpgrade, limitLines, type Plan } from './plans.ts';

interface PlanCardProps {
  plan: Plan;
  currentTier: Tier;
  isBusy: boolean;
  isOffline: boolean;
  onUpgrade(): void;
}

/** One plan side by side with the others: prices, limits, features, and its upgrade button. */
export function PlanCard({ plan, currentTier, isBusy, isOffline, onUpgrade }: PlanCardProps) {
  const name = tierLabel(plan.tier);
  const isCurrent = plan.tier === currentTier;
  return (
    <Box
      as="section"
      aria-label={`${name} plan`}
      borderWidth={isCurrent ? '2px' : '1px'}
      borderColor={isCurrent ? 'forest.solid' : 'border'}
      rounded="2xl"
      bg="bg.panel"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="4" h="full">
        <Stack gap="1">
          <HStack justify="space-between">
            <Heading as="h3" textStyle="lg">
              {name}
            </Heading>
            {isCurrent ? <Badge colorPalette="forest">Current plan</Badge> : null}
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {plan.description}
          </Text>
        </Stack>
        <Stack gap="0">
          <Text textStyle="2xl" fontWeight="bold">
            {formatPrice(plan.limits.monthlyPrice, 'month')}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {plan.limits.yearlyPrice ? `or ${formatPrice(plan.limits.yearlyPrice, 'year')}` : 'for ever'}
          </Text>
        </Stack>
        <Stack as="dl" gap="1" textStyle="sm">
          {limitLines(plan.limits).map(([label, value]) => (
            <HStack key={label} justify="space-between">
              <Text as="dt" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {value}
              </Text>
            </HStack>
          ))}
        </Stack>
        <Stack gap="1">
          <Text textStyle="sm" fontWeight="semibold">
            {plan.tier === 'free' ? 'Included' : `Everything in ${plan.tier === 'starter' ? 'Free' : 'Starter'}, plus`}
          </Text>
          <Stack as="ul" gap="1" textStyle="sm" listStyleType="none">
            {plan.features.map((feature) => (
              <HStack as="li" key={feature} gap="2" align="center">
                <Icon as={Check} boxSize="4" color="forest.fg" flexShrink={0} aria-hidden />
                {feature}
              </HStack>
            ))}
          </Stack>
        </Stack>
        {isUpgrade(currentTier, plan.tier) ? (
          <Button mt="auto" onClick={onUpgrade} loading={isBusy} loadingText="Opening checkout..." disabled={isOffline}>
            Upgrade to {name}
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
