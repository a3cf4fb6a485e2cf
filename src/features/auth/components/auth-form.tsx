import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';

interface AuthFormProps {
  /** The form's accessible name ('Sign in', 'Create account'). */
  label: string;
  submitLabel: string;
  /** The submit button's text while the form is sent ('Signing in...'). */
  loadingText: string;
  isSubmitting: boolean;
  isDisabled?: boolean;
  error: string | null;
  onSubmit(): void;
  /** Fetches the auth code early, when the visitor starts on the form. */
  onWarmUp?(): void;
  children: ReactNode;
  /** Below the button (a link to another way in). */
  footer?: ReactNode;
}

/** A form of the signed-out pages: its fields, the error under them, one large submit button. */
export function AuthForm(props: AuthFormProps) {
  const warm = props.onWarmUp;
  return (
    <form
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        props.onSubmit();
      }}
      onFocus={warm}
      onPointerDown={warm}
      noValidate
      aria-label={props.label}
    >
      <Stack gap="4">
        {props.children}
        {props.error ? <FormMessage status="error">{props.error}</FormMessage> : null}
        <Button
          type="submit"
          size="lg"
          loading={props.isSubmitting}
          loadingText={props.loadingText}
          disabled={props.isDisabled}
        >
          {props.submitLabel}
        </Button>
        {props.footer}
      </Stack>
    </form>
  );
}

/** The submitting state of an auth form: busy while the call runs, its error after. */
export function useAuthSubmit() {
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  /** Runs `call`; answers whether it succeeded (its error is shown otherwise). */
  async function submit(call: () => Promise<{ error?: string | null }>): Promise<boolean> {
    setSubmitting(true);
    setError(null);
    const outcome = await call();
    setSubmitting(false);
    if (outcome.error) setError(outcome.error);
    return !outcome.error;
  }

  return { error, setError, isSubmitting, submit };
}
