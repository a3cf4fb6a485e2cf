import { Button, Dialog, Icon, Portal, Stack, Text } from '@chakra-ui/react';
import { Share, SquarePlus } from 'lucide-react';

/** iOS Safari has no install prompt: the steps of Add to Home Screen. */
export function IosInstallDialog({ onClose }: { onClose(): void }) {
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
              <Dialog.Title>Install CrewCamp</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="3">Add CrewCamp to your Home Screen to open it like an app, also offline:</Text>
              <Stack as="ol" gap="2" ps="5" listStyleType="decimal">
                <li>
                  Tap the Share button <Icon as={Share} boxSize="4" aria-label="Share" mx="1" /> in Safari&apos;s
                  toolbar.
                </li>
                <li>
                  Choose <strong>Add to Home Screen</strong> <Icon as={SquarePlus} boxSize="4" aria-hidden mx="1" />.
                </li>
                <li>
                  Tap <strong>Add</strong>.
                </li>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
