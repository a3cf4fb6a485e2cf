import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { cancelSignOut, confirmSignOut, useAuthStore } from '../auth/auth-store.ts';

/** Asks before a sign-out would lose changes that have not been sent yet. */
export function SignOutConfirm() {
  const pending = useAuthStore((state) => state.signOutConfirm);
  const [isBusy, setBusy] = useState(false);
  const count = pending?.unsentCount ?? 0;
  return (
    <Dialog.Root
      open={pending !== null}
      role="alertdialog"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open && !isBusy) cancelSignOut();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Sign out with unsent changes?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                {count === 1
                  ? '1 change has not been sent yet. If you sign out now it is lost.'
                  : `${count} changes have not been sent yet. If you sign out now they are lost.`}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={isBusy}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={isBusy}
                onClick={() => {
                  setBusy(true);
                  void confirmSignOut();
                }}
              >
                Sign out anyway
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
