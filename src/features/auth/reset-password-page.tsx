import { Button, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadingView } from '../../app/loading-view.tsx';
import { paths } from '../../app/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { updatePassword } from './auth-service.ts';
import { useAuthStore } from './auth-store.ts';
import { TextField } from './components/text-field.tsx';

/**
 * `/reset-password`, opened from the recovery mail: once the recovery session has arrived (from
 * the link), sets a new password and continues to the dashboard.
 */
export function ResetPasswordPage() {
  const status = useAuthStore((state) => state.status);
  const finishRecovery = useAuthStore((state) => state.finishRecovery);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  if (status === 'initializing') return <LoadingView />;

  if (status === 'signed-out') {
    return (
      <BrandLayout>
        <BrandCard title="Set a new password">
          <Stack gap="4">
            <FormMessage status="error">This password reset link is not valid or has expired.</FormMessage>
            <Button asChild variant="outline">
              <RouterLink to={paths.forgotPassword.href()}>Request a new link</RouterLink>
            </Button>
          </Stack>
        </BrandCard>
      </BrandLayout>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < 6) return setError('The password must be at least 6 characters.');
    if (password !== confirmation) return setError('The passwords do not match.');
    setSubmitting(true);
    setError(null);
    const outcome = await updatePassword(password);
    setSubmitting(false);
    if (outcome.error) return setError(outcome.error);
    finishRecovery();
    navigate(paths.dashboard.href(), { replace: true });
  }

  return (
    <BrandLayout>
      <BrandCard title="Set a new password">
        <form onSubmit={onSubmit} noValidate aria-label="Set a new password">
          <Stack gap="4">
            <TextField
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              helperText="Use at least 6 characters."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              id="reset-confirmation"
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
            />
            {error ? <FormMessage status="error">{error}</FormMessage> : null}
            <Button type="submit" size="lg" loading={isSubmitting} loadingText="Saving...">
              Save new password
            </Button>
          </Stack>
        </form>
      </BrandCard>
    </BrandLayout>
  );
}
