import { Button, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { signInWithPassword } from '../auth-service.ts';
import { TextField } from './text-field.tsx';

interface SignInFormProps {
  idPrefix?: string;
  /** What follows a sign-in; the dashboard unless given (the friend invite page stays where it is). */
  onSignedIn?: () => void;
}

/** Email and password sign-in; on success the dashboard, or `onSignedIn`. */
export function SignInForm({ idPrefix = 'sign-in', onSignedIn }: SignInFormProps) {
  const navigate = useNavigate();
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
    if (outcome.error) {
      setError(outcome.error);
      return;
    }
    if (onSignedIn) onSignedIn();
    else navigate(paths.dashboard.href(), { replace: true });
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="4">
        <TextField
          id={`${idPrefix}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          id={`${idPrefix}-password`}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        <Button type="submit" size="lg" loading={isSubmitting} loadingText="Signing in...">
          Sign in
        </Button>
        <Link asChild alignSelf="center" color="forest.fg" fontWeight="medium">
          <RouterLink to={paths.forgotPassword.href()}>Forgot password?</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
