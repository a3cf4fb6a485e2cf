import { Button, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useRejectedChanges } from '../../data/index.ts';

const KIND_LABELS: Record<string, string> = {
  'event.create': 'Create event',
  'event.update': 'Edit event',
  'event.soft-delete': 'Delete event',
  'event.restore': 'Restore event',
  'event.delete': 'Delete event for good',
  'event.leave': 'Leave event',
  'event.join': 'Join event',
  'member.add': 'Add member',
  'member.remove': 'Remove member',
  'member.set-role': 'Change member role',
  'invitation.send': 'Send invitation',
  'invitation.cancel': 'Cancel invitation',
  'invitation.respond': 'Respond to invitation',
  'profile.update': 'Update profile',
  'profile.upload-avatar': 'Upload avatar',
};

/** The changes the server refused, with the reason; each can be discarded or tried again. */
export function RejectedChanges() {
  const { changes, discard, retry } = useRejectedChanges();
  if (!changes.length) return null;
  return (
    <Popover.Root positioning={{ placement: 'bottom' }}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="surface" colorPalette="red">
          {changes.length === 1 ? '1 change refused' : `${changes.length} changes refused`}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 2rem)', sm: '24rem' }}>
            <Popover.Body>
              <Stack as="ul" gap="3" listStyleType="none">
                {changes.map((change) => (
                  <Stack as="li" key={change.mutationId} gap="1" borderBottomWidth="1px" pb="3">
                    <Text fontWeight="semibold" textStyle="sm">
                      {KIND_LABELS[change.kind] ?? change.kind}
                    </Text>
                    <Text textStyle="sm" color="fg.error">
                      {change.error?.message ?? 'Refused by the server'}
                    </Text>
                    <HStack>
                      <Button size="xs" variant="outline" onClick={() => void retry(change.mutationId)}>
                        Retry
                      </Button>
                      <Button size="xs" variant="ghost" onClick={() => void discard(change.mutationId)}>
                        Discard
                      </Button>
                    </HStack>
                  </Stack>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
