import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { useRejectedChanges } from '../../data/index.ts';

/**
 * The changes to events the server refused (a limit, a rule), each with the database's reason, to
 * dismiss. The change itself was already rolled back on the device.
 */
const TITLES: Record<string, string> = {
  'event.create': 'Could not create the event',
  'event.update': 'Could not save the event',
  'event.soft-delete': 'Could not delete the event',
  'event.restore': 'Could not restore the event',
  'event.delete': 'Could not delete the event for good',
  'event.leave': 'Could not leave the event',
  'event.join': 'Could not join the event',
};

function titleOf(kind: string, args: unknown): string {
  const name = args && typeof args === 'object' && 'name' in args && typeof args.name === 'string' ? args.name : null;
  const title = TITLES[kind] ?? 'A change was refused';
  return name ? `${title} ${JSON.stringify(name)}` : title;
}

export function RejectedChangesNotice() {
  const { changes, discard } = useRejectedChanges();
  const eventChanges = changes.filter((change) => change.kind.startsWith('event.'));
  if (!eventChanges.length) return null;
  return (
    <Stack gap="3" mb="6">
      {eventChanges.map((change) => (
        <Alert.Root key={change.mutationId} status="error" role="alert" rounded="lg" alignItems="start">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{titleOf(change.kind, change.args)}</Alert.Title>
            <Alert.Description>{change.error?.message ?? 'Failed to create event'}</Alert.Description>
          </Alert.Content>
          <HStack>
            <Button size="sm" variant="outline" onClick={() => void discard(change.mutationId)}>
              Dismiss
            </Button>
          </HStack>
        </Alert.Root>
      ))}
    </Stack>
  );
}
