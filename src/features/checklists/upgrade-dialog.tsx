import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';

/** The upgrade prompt of a locked feature: 'Upgrade to {tier} to unlock this feature' and a way to the plans. */
export function UpgradeDialog({ feature, message, onClose }: { feature: string; message: string; onClose(): void }) {
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
              <Dialog.Title>{feature}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Not now
              </Button>
              <Button asChild>
                <RouterLink to={paths.subscription.href()}>See plans</RouterLink>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
