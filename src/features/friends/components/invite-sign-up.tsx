import { Button, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { useAppSettingsStore } from '../../../app/settings/app-settings-store.ts';
import { RegisterForm } from '../../auth/components/register-form.tsx';
import { SignInForm } from '../../auth/components/sign-in-form.tsx';

// Signing in or registering here keeps the visitor on the invite page: the page accepts the invite
// as soon as the session is open.
const stay = () => {};

/**
 * The signed-out visitor of a friend invite: sign in, or create an account where the site's
 * switches allow it (spec section 2: sign-up is open only with registration on and the waitlist
 * off; while the waitlist is on, new people join it first).
 */
export function InviteSignUp() {
  const { waitlistEnabled, registrationEnabled } = useAppSettingsStore((state) => state.settings);
  const isReady = useAppSettingsStore((state) => state.isReady);
  const [mode, setMode] = useState<'sign-in' | 'register'>('sign-in');
  const canRegister = isReady && registrationEnabled && !waitlistEnabled;

  if (mode === 'register' && canRegister) {
    return (
      <RegisterForm
        idPrefix="invite-register"
        onRegistered={stay}
        footer={
          <Text textAlign="center" color="fg.muted">
            Already have an account?{' '}
            <Button
              variant="plain"
              p="0"
              h="auto"
              color="forest.fg"
              fontWeight="semibold"
              onClick={() => setMode('sign-in')}
            >
              Sign in
            </Button>
          </Text>
        }
      />
    );
  }

  return (
    <Stack gap="5">
      <SignInForm idPrefix="invite-sign-in" onSignedIn={stay} />
      {isReady ? <Separator /> : null}
      {canRegister ? (
        <Text textAlign="center" color="fg.muted">
          New to CrewCamp?{' '}
          <Button
            variant="plain"
            p="0"
            h="auto"
            color="forest.fg"
            fontWeight="semibold"
            onClick={() => setMode('register')}
          >
            Create an account
          </Button>
        </Text>
      ) : null}
      {isReady && registrationEnabled && waitlistEnabled ? (
        <Text color="fg.muted">
          New to CrewCamp? New accounts come from the waitlist for now.{' '}
          <Link asChild color="forest.fg" fontWeight="semibold">
            <RouterLink to={paths.waitlist.href()}>Join the waitlist</RouterLink>
          </Link>
          , and open this invite link again once your account is ready.
        </Text>
      ) : null}
      {isReady && !registrationEnabled ? (
        <Text color="fg.muted">
          New to CrewCamp? Registration is closed for now, so only an existing account can accept this invite.
        </Text>
      ) : null}
    </Stack>
  );
}
