import { useNavigate } from 'react-router';
import { LoadingView } from '../../components/loading-view.tsx';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout, BrandNotice } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { updatePassword } from './auth-service.ts';
import { useAuthStore } from './auth-store.ts';
import { AuthForm, useAuthSubmit } from './components/auth-form.tsx';
import { PasswordField } from '../../components/text-field.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';

/**
 * `/reset-password`, opened from the recovery mail: once the recovery session has arrived (from
 * the link), sets a new password and continues to the dashboard.
 */
export function ResetPasswordPage() {
  const status = useAuthStore((state) => state.status);
  const finishRecovery = useAuthStore((state) => state.finishRecovery);
  const navigate = useNavigate();
  const { values, bind } = useFormValues({ password: '', confirmation: '' });
  const { password, confirmation } = values;
  const { error, setError, isSubmitting, submit } = useAuthSubmit();

  if (status === 'initializing') return <LoadingView />;

  if (status === 'signed-out') {
    return (
      <BrandNotice
        title="Set a new password"
        action={{ to: paths.forgotPassword.href(), label: 'Request a new link', variant: 'outline' }}
      >
        <FormMessage status="error">This password reset link is not valid or has expired.</FormMessage>
      </BrandNotice>
    );
  }

  async function onSubmit() {
    if (password.length < 6) return setError('The password must be at least 6 characters.');
    if (password !== confirmation) return setError('The passwords do not match.');
    if (!(await submit(() => updatePassword(password)))) return;
    finishRecovery();
    navigate(paths.dashboard.href(), { replace: true });
  }

  return (
    <BrandLayout>
      <BrandCard title="Set a new password">
        <AuthForm
          label="Set a new password"
          submitLabel="Save new password"
          loadingText="Saving..."
          isSubmitting={isSubmitting}
          error={error}
          onSubmit={() => void onSubmit()}
        >
          <PasswordField
            size="lg"
            id="reset-password"
            label="New password"
            autoComplete="new-password"
            helperText="Use at least 6 characters."
            {...bind('password')}
          />
          <PasswordField
            size="lg"
            id="reset-confirmation"
            label="Repeat the new password"
            autoComplete="new-password"
            {...bind('confirmation')}
          />
        </AuthForm>
      </BrandCard>
    </BrandLayout>
  );
}
