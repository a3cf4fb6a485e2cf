import { Button, Spinner, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate, useMutationState, useRejectedChanges } from '../../data/index.ts';
import { useEventLookup } from './use-event-lookup.ts';
import { useEventMembers } from './use-members.ts';
import { useAuthStore } from '../auth/index.ts';

/**
 * `/join?id={eventId}`: a signed-in member opens the event; a non-member joins as member (the
 * database checks that the event is active and under its member limit and says why not).
 */
export function JoinPage() {
  const [params] = useSearchParams();
  const eventId = params.get('id');
  const status = useAuthStore((state) => state.status);
  return (
    <BrandLayout>
      <BrandCard title="Join an event">
        {!eventId ? (
          <FormMessage status="error">
            This join link is missing the event. Ask your crew for the link again.
          </FormMessage>
        ) : status === 'initializing' ? (
          <Spinner aria-label="Loading" />
        ) : status === 'signed-out' ? (
          <Stack gap="4">
            <Text color="fg.muted">
              Your crew has invited you to plan an event together on CrewCamp. Sign in first, then open this link again.
            </Text>
            <Button asChild size="lg">
              <RouterLink to={paths.login.href()}>Sign in</RouterLink>
            </Button>
          </Stack>
        ) : (
          <JoinAsMember eventId={eventId} />
        )}
      </BrandCard>
    </BrandLayout>
  );
}

function JoinAsMember({ eventId }: { eventId: string }) {
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.session?.user.id ?? null);
  const lookup = useEventLookup(eventId);
  const members = useEventMembers(eventId);
  const [mutationId, setMutationId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const outcome = useMutationState(mutationId);
  const { discard } = useRejectedChanges();
  const isMember = lookup.status === 'found' && members.some((member) => member.user_id === userId);

  useEffect(() => {
    if (isMember) navigate(paths.event.href(eventId), { replace: true });
  }, [isMember, eventId, navigate]);

  const rejectedId = outcome.status === 'rejected' ? mutationId : null;
  useEffect(() => {
    if (!rejectedId) return;
    return () => void discard(rejectedId);
  }, [rejectedId, discard]);
  const shownError = outcome.status === 'rejected' ? (outcome.error?.message ?? 'Failed to join the event') : error;

  async function join() {
    setError(null);
    try {
      setMutationId(null);
      setMutationId((await mutate('event.join', { id: eventId })).mutationId);
    } catch {
      setError('Failed to join the event');
    }
  }

  const isWaiting = Boolean(mutationId) && outcome.status !== 'rejected';
  return (
    <Stack gap="4">
      <Text color="fg.muted">Your crew has invited you to plan an event together on CrewCamp.</Text>
      {shownError ? <FormMessage status="error">{shownError}</FormMessage> : null}
      {isWaiting ? (
        <HStack gap="3" role="status">
          <Spinner size="sm" />
          <Text>
            {outcome.status === 'done'
              ? 'Joined. Opening the event...'
              : 'Joining... (this finishes as soon as you are online)'}
          </Text>
        </HStack>
      ) : (
        <Button size="lg" onClick={() => void join()}>
          Join event
        </Button>
      )}
      <Button asChild variant="ghost">
        <RouterLink to={paths.dashboard.href()}>Go to the dashboard</RouterLink>
      </Button>
    </Stack>
  );
}
