import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { signUpOpen, signUpWithApproval } from '../auth-service.ts';
import { AuthForm, useAuthSubmit } from './auth-form.tsx';
import { EmailField, PasswordField, TextField } from '../../../components/text-field.tsx';
import { useIsPageOnHold } from '../../../lib/page-hold.ts';
import { useFormValues } from '../../../lib/use-form-values.ts';

const MIN_PASSWORD = 6;

export interface ApprovedSignUp {
  email: string;
  name: string | null;
  token: string;
}

interface RegisterFormProps {
  idPrefix?: string;
  /** An approved waitlist entry: its email is pre-filled and locked, the account made through admin-create-user. */
  approval?: ApprovedSignUp | null;
  /** A mailed invitation's link: its address pre-filled and locked, its token passes the waitlist. */
  invitation?: { email: string; token: string } | null;
  /** The approval link is still being checked: the form waits. */
  isChecking?: boolean;
  /** Called once the account exists and its session is open. */
  onRegistered(): void;
  /** Below the button, e.g. the way to sign in instead. */
  footer?: ReactNode;
}

/**
 * Name, email and password sign-up (decisions: "Accounts, waitlist, admin"): open sign-up, or the
 * sign-up of an approved waitlist entry. Used by /register and by the friend invite page.
 */
export function RegisterForm({
  idPrefix = 'register',
  approval = null,
  invitation = null,
  isChecking = false,
  onRegistered,
  footer,
}: RegisterFormProps) {
  const isOnHold = useIsPageOnHold();
  const { values, bind } = useFormValues({
    name: approval?.name ?? '',
    email: approval?.email ?? invitation?.email ?? '',
    password: '',
  });
  const { name, email, password } = values;
  const { error, setError, isSubmitting, submit } = useAuthSubmit();
  const isLocked = Boolean(approval) || isChecking;
  const isInvited = !approval && Boolean(invitation);

  async function onSubmit() {
    if (!email.includes('@')) return setError('Please enter a valid email address');
    if (password.length < MIN_PASSWORD) return setError('The password must be at least 6 characters.');
    const isRegistered = await submit(() =>
      approval
        ? signUpWithApproval(name, approval.email, password, approval.token)
        : signUpOpen(name, email, password, invitation?.token),
    );
    if (isRegistered) onRegistered();
  }

  return (
    <AuthForm
      label="Create account"
      submitLabel="Create account"
      loadingText="Creating account..."
      isSubmitting={isSubmitting}
      isDisabled={isChecking}
      error={error}
      onSubmit={() => void onSubmit()}
      footer={footer}
    >
      {isLocked ? <Text color="fg.muted">Your waitlist request was approved. Choose a password to finish.</Text> : null}
      <TextField id={`${idPrefix}-name`} size="lg" label="Name" autoComplete="name" {...bind('name')} />
      <EmailField
        size="lg"
        id={`${idPrefix}-email`}
        disabled={isChecking}
        helperText={
          isLocked
            ? 'This is the email address your invitation was approved for.'
            : isInvited
              ? 'This is the email address the invitation was sent to.'
              : undefined
        }
        {...bind('email')}
        readOnly={isLocked || isInvited || isOnHold}
      />
      <PasswordField
        size="lg"
        id={`${idPrefix}-password`}
        autoComplete="new-password"
        helperText="Use at least 6 characters."
        {...bind('password')}
      />
    </AuthForm>
  );
}
