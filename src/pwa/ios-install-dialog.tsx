import { Button, Icon, Stack, Text } from '@chakra-ui/react';
import { Share, SquarePlus } from 'lucide-react';
import { AppDialog } from '../components/app-dialog.tsx';

/** iOS Safari has no install prompt: the steps of Add to Home Screen. */
export function IosInstallDialog({ onClose }: { onClose(): void }) {
  return (
    <AppDialog
      title="Install CrewCamp"
      size="small"
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Text mb="3">Add CrewCamp to your Home Screen to open it like an app, also offline:</Text>
      <Stack as="ol" gap="2" ps="5" listStyleType="decimal">
        <li>
          Tap the Share button <Icon as={Share} boxSize="4" aria-label="Share" mx="1" /> in Safari&apos;s toolbar.
        </li>
        <li>
          Choose <strong>Add to Home Screen</strong> <Icon as={SquarePlus} boxSize="4" aria-hidden mx="1" />.
        </li>
        <li>
          Tap <strong>Add</strong>.
        </li>
      </Stack>
    </AppDialog>
  );
}
