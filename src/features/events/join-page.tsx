import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BrandCard, BrandLayout } from '../../components/brand-layout.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { useAuthStore } from '../auth/index.ts';
import { EventPreviewCard } from './join/event-preview-card.tsx';
import { JoinSignIn } from './join/join-sign-in.tsx';
import { useEventPreview, useMailedInvitation } from './join/use-event-preview.ts';
import { StatusSpinner } from '../../components/status-spinner.tsx';

// Signed in only: the device database and the sync session stay out of a visitor's first load.
const JoinActions = lazy(async () => ({ default: (await import('./join/join-actions.tsx')).JoinActions }));

/**
 * `/join?id={eventId}` (and `&invitation={token}` from an invitation mail): which event it is and
 * who is in it (get_event_preview), then, signed in, Join or the invitation's Accept / Decline;
 * signed out, sign-in or sign-up on the page itself, so the visitor comes back to the same join.
 */
export function JoinPage() {
  const [params] = useSearchParams();
  const eventId = params.get('id');
  const token = params.get('invitation');
  return (
    <BrandLayout>
      <BrandCard title="Join an event">
        {eventId ? (
          <JoinEvent eventId={eventId} token={token} />
        ) : (
          <FormMessage status="error">
            This join link is missing the event. Ask your crew for the link again.
          </FormMessage>
        )}
      </BrandCard>
    </BrandLayout>
  );
}

function JoinEvent({ eventId, token }: { eventId: string; token: string | null }) {
  const status = useAuthStore((state) => state.status);
  const email = useAuthStore((state) => state.session?.user.email ?? null);
  const preview = useEventPreview(eventId, status);
  const mailed = useMailedInvitation(token);
  const [registeredHere, setRegisteredHere] = useState(false);
  const invitation = mailed.state === 'found' && mailed.value.event_id === eventId ? mailed.value : null;

  if (status === 'initializing' || preview.state === 'loading' || (token && mailed.state === 'loading')) {
    return <StatusSpinner label="Loading" />;
  }
  if (preview.state === 'offline') {
    return (
      <FormMessage status="error">
        You are offline, so the event cannot be looked up. Open this link again when you have a connection.
      </FormMessage>
    );
  }
  if (preview.state === 'missing') {
    return (
      <Stack gap="4">
        <FormMessage status="error">
          This event does not exist. The link may be wrong or the event was deleted.
        </FormMessage>
        <Button asChild variant="ghost">
          <RouterLink to={paths.root.href()}>Go to CrewCamp</RouterLink>
        </Button>
      </Stack>
    );
  }
  const event = preview.value;
  const isMine = Boolean(invitation && email && invitation.email === email.toLowerCase());
  return (
    <Stack gap="5">
      <EventPreviewCard preview={event} />
      {token && (!invitation || invitation.status !== 'pending') ? (
        <FormMessage status="info">
          This invitation is no longer open. You can still join with the link if the crew has room.
        </FormMessage>
      ) : null}
      {status === 'signed-out' ? (
        <JoinSignIn invitation={invitation} token={token} onRegistered={() => setRegisteredHere(true)} />
      ) : (
        <Suspense fallback={<Spinner alignSelf="center" color="forest.solid" />}>
          <JoinActions
            eventId={eventId}
            eventName={event.name}
            isMember={event.is_member}
            mailedInvitationId={isMine && invitation?.status === 'pending' ? invitation.invitation_id : null}
            acceptAtOnce={registeredHere && isMine}
          />
        </Suspense>
      )}
      {status === 'signed-in' ? (
        <Button asChild variant="ghost">
          <RouterLink to={paths.dashboard.href()}>Go to the dashboard</RouterLink>
        </Button>
      ) : (
        <Text color="fg.muted" textStyle="sm">
          CrewCamp keeps your crew&apos;s plans, lists, costs and chat in one place, even offline at the campsite.
        </Text>
      )}
    </Stack>
  );
}
