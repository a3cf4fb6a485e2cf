import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { requestSync } from '../../data/index.ts';
import { useAuthStore } from '../auth/index.ts';
import { InviteSignUp } from './components/invite-sign-up.tsx';
import { acceptInviteCode, type CallResult } from './friend-calls.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

/**
 * `/friends/invite/{code}`: a friend's invite link; the visitor becomes their friend once signed
 * in, whether they sign in here or create their account here.
 */
export function FriendInvitePage() {
  const { code = '' } = useParams();
  const status = useAuthStore((state) => state.status);
  const [result, setResult] = useState<CallResult<string | null> | null>(null);
  const acceptedFor = useRef<string | null>(null);

  useEffect(() => {
    if (status !== 'signed-in' || acceptedFor.current === code) return;
    acceptedFor.current = code;
    void acceptInviteCode(code).then(async (answer) => {
      setResult(answer);
      if (answer.ok) await requestSync();
    });
  }, [status, code]);

  if (status === 'signed-out') {
    return (
      <BrandLayout>
        <BrandCard title="You have a friend invite">
          <Stack gap="4">
            <Text color="fg.muted">
              Someone wants to plan events with you on CrewCamp. Sign in, or create an account, to add them to your
              friends.
            </Text>
            <InviteSignUp />
          </Stack>
        </BrandCard>
      </BrandLayout>
    );
  }

  return (
    <BrandLayout>
      <BrandCard title="Friend invite">
        <Stack gap="4">
          {!result ? <StatusSpinner label="Accepting the invite" /> : null}
          {result ? (
            <FormMessage status={result.ok ? 'success' : 'error'}>
              {result.ok && result.value ? `${result.message}: ${result.value}` : result.message}
            </FormMessage>
          ) : null}
          <Button asChild size="lg">
            <RouterLink to={paths.profile.href('friends')}>See your friends</RouterLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <RouterLink to={paths.dashboard.href()}>Go to the dashboard</RouterLink>
          </Button>
        </Stack>
      </BrandCard>
    </BrandLayout>
  );
}
