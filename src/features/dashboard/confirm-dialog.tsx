import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';

export interface ConfirmRequest {
  title: string;
  body: string;
  confirmLabel: string;
  /** Leaving or deleting for good: the confirm button is red. */
  isDestructive?: boolean;
  /** Only an explanation (e.g. the creator cannot leave): a single close button. */
  isInfoOnly?: boolean;
  onConfirm(): void;
}

/** Asks before leaving or deleting an event (an alert dialog: the safe choice has the focus). */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest; onClose(): void }) {
  return (
    <Dialog.Root
      open
      role="alertdialog"
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'xs', sm: 'sm' }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{request.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{request.body}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Stack direction={{ base: 'column-reverse', sm: 'row' }} w={{ base: 'full', sm: 'auto' }} gap="3">
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{request.isInfoOnly ? 'Close' : 'Cancel'}</Button>
                </Dialog.ActionTrigger>
                {request.isInfoOnly ? null : (
                  <Button
                    colorPalette={request.isDestructive ? 'red' : undefined}
                    onClick={() => {
                      request.onConfirm();
                      onClose();
                    }}
                  >
                    {request.confirmLabel}
                  </Button>
                )}
              </Stack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
