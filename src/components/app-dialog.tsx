import { Button, CloseButton, Dialog, Portal, Stack, type ButtonProps, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The widths a dialog comes in. Forms and lists take the whole screen on a phone (room for the
 * keyboard, nothing to tap beside them); a question or a short explanation is a small centred box
 * with a margin on each side.
 */
const SIZES = {
  form: { base: 'full', sm: 'md' },
  wide: { base: 'full', sm: 'lg' },
  small: { base: 'xs', sm: 'sm' },
} as const satisfies Record<string, DialogRootProps['size']>;

type AppDialogSize = keyof typeof SIZES | Exclude<DialogRootProps['size'], string | undefined>;

export interface AppDialogProps {
  title: ReactNode;
  /** A line under the title, read out with it. */
  description?: ReactNode;
  size?: AppDialogSize;
  /** `alertdialog` for a question that needs an answer (the safe choice first). */
  role?: 'dialog' | 'alertdialog';
  /** Mounted closed and opened by the caller; open by default (mounted when shown). */
  isOpen?: boolean;
  /** Escape, the backdrop and the close button ask for this; ignored while `isBusy`. */
  onClose(): void;
  /** An action runs: the dialog stays open until it has settled. */
  isBusy?: boolean;
  /** The corner close button (×); small dialogs answer with their own buttons instead. */
  hasCloseButton?: boolean;
  scrollBehavior?: 'inside' | 'outside';
  /** The buttons under the body. */
  footer?: ReactNode;
  children?: ReactNode;
}

/** The dialog scaffold every dialog of the app uses: title, optional description, body, footer. */
export function AppDialog({
  title,
  description,
  size = 'form',
  role,
  isOpen = true,
  onClose,
  isBusy = false,
  hasCloseButton = size !== 'small',
  scrollBehavior,
  footer,
  children,
}: AppDialogProps) {
  const isSmall = size === 'small';
  return (
    <Dialog.Root
      open={isOpen}
      role={role}
      size={typeof size === 'string' ? SIZES[size] : size}
      placement={isSmall ? 'center' : undefined}
      scrollBehavior={scrollBehavior}
      onOpenChange={(details) => {
        if (!details.open && !isBusy) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={isSmall ? '4' : undefined}>
          <Dialog.Content>
            {description ? (
              <Dialog.Header flexDirection="column" alignItems="start" gap="0">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description color="fg.muted">{description}</Dialog.Description>
              </Dialog.Header>
            ) : (
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
            )}
            <Dialog.Body>{children}</Dialog.Body>
            {footer ? <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer> : null}
            {hasCloseButton ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A dialog's answer buttons: side by side from 'sm' up, stacked full width on a phone with the main
 * one (the last) on top, nearest the thumb. A button to set apart (Delete) comes first with
 * `me={{ sm: 'auto' }}`.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction={{ base: 'column-reverse', sm: 'row' }}
      justify="flex-end"
      w={{ base: 'full', sm: 'auto' }}
      gap="3"
    >
      {children}
    </Stack>
  );
}

interface DialogButtonsProps {
  onCancel(): void;
  /** 'Cancel' unless given ('Close' for an explanation without an action). */
  cancelLabel?: string;
  /** The main button; none for a dialog that only explains. */
  confirmLabel?: string;
  /** The main button's action; without it the main button submits the dialog's form. */
  onConfirm?(): void;
  /** The action runs: the main button spins, and Cancel waits too when `isCancelHeld`. */
  isBusy?: boolean;
  isCancelHeld?: boolean;
  isConfirmDisabled?: boolean;
  colorPalette?: ButtonProps['colorPalette'];
  /** A button set apart before Cancel (Delete), with `me={{ sm: 'auto' }}`. */
  extraAction?: ReactNode;
}

/** The usual answers of a dialog: Cancel, and its main action. */
export function DialogButtons({
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  isBusy,
  isCancelHeld,
  isConfirmDisabled,
  colorPalette,
  extraAction,
}: DialogButtonsProps) {
  return (
    <DialogActions>
      {extraAction}
      <Button variant="outline" disabled={isBusy && isCancelHeld} onClick={onCancel}>
        {cancelLabel}
      </Button>
      {confirmLabel ? (
        <Button
          type={onConfirm ? 'button' : 'submit'}
          colorPalette={colorPalette}
          loading={isBusy}
          disabled={isConfirmDisabled}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      ) : null}
    </DialogActions>
  );
}
