import { Alert, Button } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { tierLabel, type Tier } from '../../access/tiers.ts';

/** The upgrade prompt of a tier feature: 'Upgrade to {tier} to unlock this feature', and the plans. */
export function UpgradeNotice({ tier }: { tier: Tier }) {
  return (
    <Alert.Root status="info" role="status" rounded="lg" alignItems="center" flexWrap="wrap" gap="2">
      <Alert.Indicator>
        <Lock aria-hidden />
      </Alert.Indicator>
      <Alert.Title fontWeight="medium" flex="1" minW="10rem">
        {`Upgrade to ${tierLabel(tier)} to unlock this feature`}
      </Alert.Title>
      <Button asChild size="xs" variant="outline">
        <RouterLink to={paths.subscription.href()}>See plans</RouterLink>
      </Button>
    </Alert.Root>
  );
}
