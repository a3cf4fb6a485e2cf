import { Button, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useRejectedChanges } from '../../data/index.ts';

/**
 * The changes the server refused, in words, each with the server's reason: discard it (it is
 * already undone on the device) or retry it (applied again and queued at the end).
 */
export function RejectedChanges() {
  const { changes, describe, discard, retry } = useRejectedChanges();
  const [isOpen, setOpen] = useState(false);
  if (!changes.length) return null;
  return (
    <Popover.Root open={isOpen} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom' }}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="surface" colorPalette="red">
          <CircleAlert aria-hidden />
          {changes.length === 1 ? '1 change not saved' : `${changes.length} changes not saved`}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: 'calc(100vw - 1.5rem)', sm: '26rem' }} maxH="70dvh" overflowY="auto">
            <Popover.Arrow />
            <Popover.Body>
              <Stack gap="3">
                <Stack gap="1">
                  <Popover.Title fontWeight="semibold">Changes not saved</Popover.Title>
                  <Text textStyle="sm" color="fg.muted">
                    The server refused {changes.length === 1 ? 'this change' : 'these changes'}, so{' '}
                    {changes.length === 1 ? 'it was' : 'they were'} undone on this device.
                  </Text>
                </Stack>
                <Stack as="ul" gap="3" listStyleType="none" aria-label="Refused changes">
                  {changes.map((change) => {
                    const what = describe(change);
                    return (
                      <Stack as="li" key={change.mutationId} gap="1.5" borderTopWidth="1px" pt="3">
                        <Text fontWeight="medium" textStyle="sm">
                          {what}
                        </Text>
                        <Text textStyle="sm" color="fg.error">
                          {change.error?.message || 'The server refused this change.'}
                        </Text>
                        <HStack gap="2">
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`Retry: ${what}`}
                            onClick={() => void retry(change.mutationId)}
                          >
                            Retry
                          </Button>
                          <Button
                            size="xs"
                            variant="ghost"
                            aria-label={`Discard: ${what}`}
                            onClick={() => void discard(change.mutationId)}
                          >
                            Discard
                          </Button>
                        </HStack>
                      </Stack>
                    );
                  })}
                </Stack>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
