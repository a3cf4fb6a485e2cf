import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Tier } from '../../access/tiers.ts';
import { paths } from '../../app/paths.ts';
import { upgradeText } from '../../app/shell/event-links.ts';

export interface UpgradeRequest {
  tier: Tier;
  /** What the feature does, in a sentence. */
  feature: string;
}

/** The upgrade prompt of a tier feature inside the page: 'Upgrade to {tier} to unlock this feature'. */
export function UpgradeDialog({ request, onClose }: { request: UpgradeRequest; onClose(): void }) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'xs', sm: 'sm' }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{upgradeText(request.tier)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{request.feature}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Stack direction={{ base: 'column-reverse', sm: 'row' }} w={{ base: 'full', sm: 'auto' }} gap="3">
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Not now</Button>
                </Dialog.ActionTrigger>
                <Button asChild colorPalette="forest">
                  <RouterLink to={paths.subscription.href()}>See plans</RouterLink>
                </Button>
              </Stack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
