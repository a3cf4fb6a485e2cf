import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppDialog, DialogButtons, type AppDialogProps } from './app-dialog.tsx';
import { FormMessage } from './form-message.tsx';

export interface FormDialogProps extends Omit<AppDialogProps, 'title' | 'footer' | 'isBusy' | 'children'> {
  title: string;
  submitLabel: string;
  isSaving?: boolean;
  isSubmitDisabled?: boolean;
  /** A button set apart before Cancel (Delete), with `me={{ sm: 'auto' }}`. */
  extraAction?: ReactNode;
  /** The form's accessible name; the title unless given. */
  formLabel?: string;
  /** Called on submit (the browser's own submit and its validation bubbles are held off). */
  onSubmit(): void | Promise<void>;
  /** Why the form was not sent, under the fields. */
  error?: string | null;
  children: ReactNode;
}

/**
 * A dialog around one form: the fields, the error under them, then Cancel and submit. Enter in a
 * field submits; the fields' rules are checked by the caller's `onSubmit`.
 */
export function FormDialog({
  title,
  formLabel,
  onSubmit,
  error,
  submitLabel,
  isSaving,
  isSubmitDisabled,
  extraAction,
  children,
  ...dialog
}: FormDialogProps) {
  return (
    <AppDialog title={title} {...dialog}>
      <Stack asChild gap="4">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit();
          }}
          aria-label={formLabel ?? title}
          noValidate
        >
          {children}
          {error ? <FormMessage status="error">{error}</FormMessage> : null}
          <DialogButtons
            onCancel={dialog.onClose}
            confirmLabel={submitLabel}
            isBusy={isSaving}
            isConfirmDisabled={isSubmitDisabled}
            extraAction={extraAction}
          />
        </form>
      </Stack>
    </AppDialog>
  );
}
