import { Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { AppDialog, DialogButtons } from './app-dialog.tsx';

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Leaving or deleting for good: the confirm button is red. */
  isDestructive?: boolean;
  /** Only an explanation (e.g. the creator cannot leave): a single Close button. */
  isInfoOnly?: boolean;
  /**
   * The action. When it answers a promise the dialog stays open and busy until it settles, closes
   * when it succeeds and shows `errorOf(failure)` when it fails.
   */
  onConfirm(): void | Promise<void>;
  /** What to show in the dialog when the action failed. */
  errorOf?(failure: unknown): ReactNode;
}

interface ConfirmDialogProps extends ConfirmRequest {
  /** Mounted closed and opened by the caller; open by default (mounted when asked). */
  isOpen?: boolean;
  onClose(): void;
}

/** Asks before an action that cannot be taken back (an alert dialog: the safe choice comes first). */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  isDestructive = false,
  isInfoOnly = false,
  onConfirm,
  errorOf,
  isOpen = true,
  onClose,
}: ConfirmDialogProps) {
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  async function confirm() {
    const result = onConfirm();
    if (!(result instanceof Promise)) return close();
    setBusy(true);
    setError(null);
    try {
      await result;
      setBusy(false);
      close();
    } catch (failure) {
      setBusy(false);
      if (!errorOf) throw failure;
      setError(errorOf(failure));
    }
  }

  return (
    <AppDialog
      title={title}
      size="small"
      role="alertdialog"
      isOpen={isOpen}
      isBusy={isBusy}
      onClose={close}
      footer={
        <DialogButtons
          onCancel={close}
          cancelLabel={isInfoOnly ? 'Close' : 'Cancel'}
          confirmLabel={isInfoOnly ? undefined : confirmLabel}
          onConfirm={() => void confirm()}
          isBusy={isBusy}
          isCancelHeld
          colorPalette={isDestructive ? 'red' : undefined}
        />
      }
    >
      <Stack gap="3">
        {typeof body === 'string' ? <Text>{body}</Text> : body}
        {error}
      </Stack>
    </AppDialog>
  );
}
