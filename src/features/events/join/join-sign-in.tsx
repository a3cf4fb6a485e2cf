import { Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useAppSettingsStore } from '../../../lib/app-settings-store.ts';
import { AuthSwitch, RegisterForm, SignInForm } from '../../auth/index.ts';
import type { MailedInvitation } from './use-event-preview.ts';

/**
 * The signed-out visitor of a join link: sign in, or create an account where the site's switches
 * allow it. A mailed invitation to an address without an account opens on its sign-up, with the
 * address locked: its token passes the waitlist (decisions "Events"); a join link alone does not.
 */
// Signing in or registering here keeps the visitor on the join page: once the session is open the
// page offers the join (or the invitation's answer) for the same event.
export function JoinSignIn({
  invitation,
  token,
  onRegistered,
}: {
  invitation: MailedInvitation | null;
  token: string | null;
  onRegistered(): void;
}) {
  const { waitlistEnabled, registrationEnabled } = useAppSettingsStore((state) => state.settings);
  const isReady = useAppSettingsStore((state) => state.isReady);
  const invited = invitation?.status === 'pending' ? invitation : null;
  const [mode, setMode] = useState<'sign-in' | 'register'>(invited && !invited.has_account ? 'register' : 'sign-in');
  const canRegister = isReady && registrationEnabled && (!waitlistEnabled || Boolean(invited));

  if (mode === 'register' && canRegister) {
    return (
      <Stack gap="4">
        <Text color="fg.muted">
          {invited
            ? `Create your account with ${invited.email} to join. You will land in the event right after.`
            : 'Create your account to join. You will come back here right after.'}
        </Text>
        <RegisterForm
          idPrefix="join-register"
          invitation={invited && token ? { email: invited.email, token } : null}
          onRegistered={onRegistered}
          footer={<AuthSwitch question="Already have an account?" label="Sign in" onClick={() => setMode('sign-in')} />}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <Text color="fg.muted">Sign in to join. You will come back here right after.</Text>
      <SignInForm idPrefix="join-sign-in" onSignedIn={() => undefined} />
      {isReady ? <Separator /> : null}
      {canRegister ? (
        <AuthSwitch question="New to CrewCamp?" label="Create an account" onClick={() => setMode('register')} />
      ) : null}
      {isReady && registrationEnabled && !canRegister ? (
        <Text color="fg.muted">
          New to CrewCamp? New accounts come from the waitlist for now.{' '}
          <Link asChild color="forest.fg" fontWeight="semibold">
            <RouterLink to={paths.waitlist.href()}>Join the waitlist</RouterLink>
          </Link>
          , and open this link again once your account is ready.
        </Text>
      ) : null}
      {isReady && !registrationEnabled ? (
        <Text color="fg.muted">
          New to CrewCamp? Registration is closed for now, so only an existing account can join.
        </Text>
      ) : null}
    </Stack>
  );
}
