import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { errorText } from '../admin-errors.ts';
import { AdminAlert } from './admin-alert.tsx';

interface ConfirmDialogProps {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** The spec's error text when the action fails without a server message. */
  fallbackError: string;
  isDestructive?: boolean;
  isOpen: boolean;
  onClose(): void;
  onConfirm(): Promise<void>;
}

/** Asks before an admin action; shows its error inside the dialog and closes on success. */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  fallbackError,
  isDestructive = false,
  isOpen,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; detail: string | null } | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(errorText(caught, fallbackError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root
      open={isOpen}
      role="alertdialog"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) {
          setError(null);
          onClose();
        }
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {typeof body === 'string' ? <Text>{body}</Text> : body}
                {error ? <AdminAlert message={error.message} detail={error.detail} /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette={isDestructive ? 'red' : undefined} loading={isBusy} onClick={() => void confirm()}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
