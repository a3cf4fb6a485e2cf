import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../../components/form-message.tsx';
import { signInWithPassword } from '../../auth/auth-service.ts';

/** Sign-in that stays on the invite page, so the invite is accepted right after. */
export function InviteSignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.includes('@')) {
      setError('Please enter a valid email address');
      return;
    }
    setSubmitting(true);
    setError(null);
    const outcome = await signInWithPassword(email, password);
    setSubmitting(false);
    if (outcome.error) setError(outcome.error);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="4">
        <Field.Root id="invite-sign-in-email" required>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field.Root>
        <Field.Root id="invite-sign-in-password" required>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field.Root>
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        <Button type="submit" size="lg" loading={isSubmitting} loadingText="Signing in...">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
