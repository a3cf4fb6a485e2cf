import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { signUpOpen, signUpWithApproval } from '../auth-service.ts';
import { TextField } from './text-field.tsx';

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
  isChecking = false,
  onRegistered,
  footer,
}: RegisterFormProps) {
  const [name, setName] = useState(approval?.name ?? '');
  const [email, setEmail] = useState(approval?.email ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const isLocked = Boolean(approval) || isChecking;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.includes('@')) return setError('Please enter a valid email address');
    if (password.length < MIN_PASSWORD) return setError('The password must be at least 6 characters.');
    setSubmitting(true);
    setError(null);
    const outcome = approval
      ? await signUpWithApproval(name, approval.email, password, approval.token)
      : await signUpOpen(name, email, password);
    setSubmitting(false);
    if (outcome.error) return setError(outcome.error);
    onRegistered();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="4">
        {isLocked ? (
          <Text color="fg.muted">Your waitlist request was approved. Choose a password to finish.</Text>
        ) : null}
        <TextField
          id={`${idPrefix}-name`}
          label="Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          id={`${idPrefix}-email`}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          readOnly={isLocked}
          disabled={isChecking}
          helperText={isLocked ? 'This is the email address your invitation was approved for.' : undefined}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id={`${idPrefix}-password`}
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          helperText="Use at least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        <Button type="submit" size="lg" loading={isSubmitting} loadingText="Creating account..." disabled={isChecking}>
          Create account
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
