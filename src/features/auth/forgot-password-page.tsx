import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { TextField } from './components/text-field.tsx';

/** The auth calls (with supabase-js): fetched when the form is first used, so the page opens without them. */
const loadAuthService = () => import('./auth-service.ts');

/** 'Forgot password?': mails a link that opens /reset-password. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.includes('@')) return setError('Please enter a valid email address');
    setSubmitting(true);
    setError(null);
    const outcome = await loadAuthService().then(
      ({ requestPasswordReset }) => requestPasswordReset(email),
      () => ({ error: 'Failed to send the reset link' }),
    );
    setSubmitting(false);
    if (outcome.error) return setError(outcome.error);
    setSentTo(email.trim());
  }

  return (
    <BrandLayout>
      <BrandCard title="Reset your password">
        <Stack gap="4">
          {sentTo ? (
            <FormMessage status="success">{`If an account exists for ${sentTo}, a link to reset its password is on its way. Check your inbox.`}</FormMessage>
          ) : (
            <form
              onSubmit={onSubmit}
              onFocus={() => void loadAuthService().catch(() => undefined)}
              noValidate
              aria-label="Reset password"
            >
              <Stack gap="4">
                <Text color="fg.muted">
                  Enter the email of your account and we will send you a link to set a new password.
                </Text>
                <TextField
                  id="forgot-email"
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                {error ? <FormMessage status="error">{error}</FormMessage> : null}
                <Button type="submit" size="lg" loading={isSubmitting} loadingText="Sending...">
                  Send reset link
                </Button>
              </Stack>
            </form>
          )}
          <Link asChild alignSelf="center" color="forest.fg" fontWeight="medium">
            <RouterLink to={paths.login.href()}>Back to sign in</RouterLink>
          </Link>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
