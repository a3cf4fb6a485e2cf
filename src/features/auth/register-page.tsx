import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { approvedEmailOf, signUpOpen, signUpWithApproval } from './auth-service.ts';
import { TextField } from './components/text-field.tsx';

const MIN_PASSWORD = 6;
type Approval = { state: 'none' } | { state: 'checking' } | { state: 'invalid' } | { state: 'valid'; email: string };

/**
 * `/register`: open sign-up (name, email, password), or with `?token=` the sign-up of an approved
 * waitlist entry, its email pre-filled and locked, made through admin-create-user.
 */
export function RegisterPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [approval, setApproval] = useState<Approval>(token ? { state: 'checking' } : { state: 'none' });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    void approvedEmailOf(token).then((entry) => {
      if (!isCurrent) return;
      if (!entry) {
        setApproval({ state: 'invalid' });
        return;
      }
      setApproval({ state: 'valid', email: entry.email });
      setEmail(entry.email);
      if (entry.name) setName(entry.name);
    });
    return () => {
      isCurrent = false;
    };
  }, [token]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.includes('@')) return setError('Please enter a valid email address');
    if (password.length < MIN_PASSWORD) return setError('The password must be at least 6 characters.');
    setSubmitting(true);
    setError(null);
    const outcome =
      approval.state === 'valid' && token
        ? await signUpWithApproval(name, approval.email, password, token)
        : await signUpOpen(name, email, password);
    setSubmitting(false);
    if (outcome.error) return setError(outcome.error);
    navigate(paths.dashboard.href(), { replace: true });
  }

  if (approval.state === 'invalid') {
    return (
      <BrandLayout>
        <BrandCard title="This link does not work">
          <Stack gap="4">
            <FormMessage status="error">This approval link is not valid or has expired.</FormMessage>
            <Button asChild variant="outline">
              <RouterLink to={paths.waitlist.href()}>Go to the waitlist</RouterLink>
            </Button>
          </Stack>
        </BrandCard>
      </BrandLayout>
    );
  }

  const isLocked = approval.state !== 'none';
  return (
    <BrandLayout>
      <BrandCard title={isLocked ? 'Your spot is ready' : 'Create your account'}>
        <form onSubmit={onSubmit} noValidate aria-label="Create account">
          <Stack gap="4">
            {isLocked ? (
              <Text color="fg.muted">Your waitlist request was approved. Choose a password to finish.</Text>
            ) : null}
            <TextField
              id="register-name"
              label="Name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              id="register-email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              readOnly={isLocked}
              disabled={approval.state === 'checking'}
              helperText={isLocked ? 'This is the email address your invitation was approved for.' : undefined}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              id="register-password"
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              helperText="Use at least 6 characters."
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error ? <FormMessage status="error">{error}</FormMessage> : null}
            <Button
              type="submit"
              size="lg"
              loading={isSubmitting}
              loadingText="Creating account..."
              disabled={approval.state === 'checking'}
            >
              Create account
            </Button>
            <Text textAlign="center" color="fg.muted">
              Already have an account?{' '}
              <Link asChild color="forest.fg" fontWeight="semibold">
                <RouterLink to={paths.login.href()}>Sign in</RouterLink>
              </Link>
            </Text>
          </Stack>
        </form>
      </BrandCard>
    </BrandLayout>
  );
}
