import { Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { AuthForm, useAuthSubmit } from './components/auth-form.tsx';
import { EmailField } from '../../components/text-field.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';

/** The auth calls (with supabase-js): fetched when the form is first used, so the page opens without them. */
const loadAuthService = () => import('./auth-service.ts');

/** 'Forgot password?': mails a link that opens /reset-password. */
export function ForgotPasswordPage() {
  const { values, bind } = useFormValues({ email: '' });
  const { email } = values;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { error, setError, isSubmitting, submit } = useAuthSubmit();

  async function onSubmit() {
    if (!email.includes('@')) return setError('Please enter a valid email address');
    const isSent = await submit(() =>
      loadAuthService().then(
        ({ requestPasswordReset }) => requestPasswordReset(email),
        () => ({ error: 'Failed to send the reset link' }),
      ),
    );
    if (isSent) setSentTo(email.trim());
  }

  return (
    <BrandLayout>
      <BrandCard title="Reset your password">
        <Stack gap="4">
          {sentTo ? (
            <FormMessage status="success">{`If an account exists for ${sentTo}, a link to reset its password is on its way. Check your inbox.`}</FormMessage>
          ) : (
            <AuthForm
              label="Reset password"
              submitLabel="Send reset link"
              loadingText="Sending..."
              isSubmitting={isSubmitting}
              error={error}
              onSubmit={() => void onSubmit()}
              onWarmUp={() => void loadAuthService().catch(() => undefined)}
            >
              <Text color="fg.muted">
                Enter the email of your account and we will send you a link to set a new password.
              </Text>
              <EmailField size="lg" id="forgot-email" {...bind('email')} />
            </AuthForm>
          )}
          <Link asChild alignSelf="center" color="forest.fg" fontWeight="medium">
            <RouterLink to={paths.login.href()}>Back to sign in</RouterLink>
          </Link>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
