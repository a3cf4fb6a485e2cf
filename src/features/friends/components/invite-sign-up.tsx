import { Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useAppSettingsStore } from '../../../lib/app-settings-store.ts';
import { AuthSwitch } from '../../auth/index.ts';
import { RegisterForm } from '../../auth/index.ts';
import { SignInForm } from '../../auth/index.ts';

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
        footer={<AuthSwitch question="Already have an account?" label="Sign in" onClick={() => setMode('sign-in')} />}
      />
    );
  }

  return (
    <Stack gap="5">
      <SignInForm idPrefix="invite-sign-in" onSignedIn={stay} />
      {isReady ? <Separator /> : null}
      {canRegister ? (
        <AuthSwitch question="New to CrewCamp?" label="Create an account" onClick={() => setMode('register')} />
      ) : null}
      {isReady && registrationEnabled && waitlistEnabled ? (
        <Text color="fg.muted">
          New to CrewCamp? New accounts come from the waitlist for now.{' '}
          <Link asChild color="forest.fg" fontWeight="semibold">
            <RouterLink to={paths.waitlist.href({ join: true })}>Join the waitlist</RouterLink>
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
