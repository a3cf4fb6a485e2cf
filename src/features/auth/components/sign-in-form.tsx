import { Link } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { AuthForm, useAuthSubmit } from './auth-form.tsx';
import { EmailField, PasswordField } from '../../../components/text-field.tsx';
import { useFormValues } from '../../../lib/use-form-values.ts';

/**
 * The auth calls, with supabase-js: not part of the page's first load, fetched as soon as the
 * visitor starts on the form (focus, touch) and awaited on submit.
 */
const loadAuthService = () => import('../auth-service.ts');

interface SignInFormProps {
  idPrefix?: string;
  /** What follows a sign-in; the dashboard unless given (the friend invite page stays where it is). */
  onSignedIn?: () => void;
}

/** Email and password sign-in; on success the dashboard, or `onSignedIn`. */
export function SignInForm({ idPrefix = 'sign-in', onSignedIn }: SignInFormProps) {
  const navigate = useNavigate();
  const { values, bind } = useFormValues({ email: '', password: '' });
  const { email, password } = values;
  const { error, setError, isSubmitting, submit } = useAuthSubmit();

  async function onSubmit() {
    if (!email.includes('@')) return setError('Please enter a valid email address');
    const isSignedIn = await submit(() =>
      loadAuthService().then(
        ({ signInWithPassword }) => signInWithPassword(email, password),
        () => ({ error: 'Sign in failed' }),
      ),
    );
    if (!isSignedIn) return;
    if (onSignedIn) onSignedIn();
    else navigate(paths.dashboard.href(), { replace: true });
  }

  return (
    <AuthForm
      label="Sign in"
      submitLabel="Sign in"
      loadingText="Signing in..."
      isSubmitting={isSubmitting}
      error={error}
      onSubmit={() => void onSubmit()}
      onWarmUp={() => void loadAuthService().catch(() => undefined)}
      footer={
        <Link asChild alignSelf="center" color="forest.fg" fontWeight="medium">
          <RouterLink to={paths.forgotPassword.href()}>Forgot password?</RouterLink>
        </Link>
      }
    >
      <EmailField size="lg" id={`${idPrefix}-email`} {...bind('email')} />
      <PasswordField size="lg" id={`${idPrefix}-password`} autoComplete="current-password" {...bind('password')} />
    </AuthForm>
  );
}
