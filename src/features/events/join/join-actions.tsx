import { Button, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { mutate, requestSync, useMutationState, useRejectedChanges } from '../../../data/index.ts';
import { useSyncSession } from '../../../data/use-sync-session.ts';
import { useInvitationNames } from '../use-invitation-names.ts';
import { useReceivedInvitations } from '../use-invitations.ts';
import { useEventMembers } from '../use-members.ts';

type Answer = 'join' | 'accepted' | 'declined';

/** Queues a join or an invitation's answer and follows it to the server's verdict. */
function useQueuedAnswer() {
  const [queued, setQueued] = useState<{ id: string; answer: Answer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const outcome = useMutationState(queued?.id);
  const { discard } = useRejectedChanges();
  const rejectedId = outcome.status === 'rejected' ? queued?.id : null;
  useEffect(() => {
    if (!rejectedId) return;
    return () => void discard(rejectedId);
  }, [rejectedId, discard]);

  async function send(answer: Answer, run: () => Promise<{ mutationId: string }>, fallback: string) {
    setError(null);
    setQueued(null);
    try {
      setQueued({ id: (await run()).mutationId, answer });
    } catch {
      setError(fallback);
    }
  }
  const rejection = outcome.status === 'rejected' ? (outcome.error?.message ?? 'Failed to join the event') : null;
  return {
    answer: queued && !rejection ? queued.answer : null,
    isDone: outcome.status === 'done',
    error: rejection ?? error,
    send,
  };
}

interface JoinActionsProps {
  eventId: string;
  eventName: string;
  isMember: boolean;
  /** The pending invitation from a mailed link (its id), when the page was opened from one. */
  mailedInvitationId: string | null;
  /** Registered from the mailed invitation just now: accept it at once and open the event. */
  acceptAtOnce: boolean;
}

/**
 * What a signed-in visitor can do on the join page: a pending invitation to this event is answered
 * (Accept / Decline, with an optional message; after Accept a confirmation and a link into the
 * event); otherwise Join, which opens the event once the server agrees.
 */
export function JoinActions({ eventId, eventName, isMember, mailedInvitationId, acceptAtOnce }: JoinActionsProps) {
  const navigate = useNavigate();
  // Changes are queued on the signed-in user's device session, open a moment after a sign-up.
  const me = useSyncSession()?.userId;
  const received = useReceivedInvitations();
  const pending = received.find((invitation) => invitation.event_id === eventId && invitation.status === 'pending');
  const invitationId = pending?.id ?? mailedInvitationId;
  const pendingId = pending?.id ?? null;
  const names = useInvitationNames(pendingId ? [pendingId] : []);
  const senderName = pending?.sender_name ?? (pendingId ? names[pendingId]?.senderName : null) ?? null;
  const [message, setMessage] = useState('');
  const queued = useQueuedAnswer();
  const autoSent = useRef(false);

  const respond = (status: 'accepted' | 'declined') =>
    invitationId &&
    void queued.send(
      status,
      () => mutate('invitation.respond', { id: invitationId, status, responseMessage: message.trim() || null }),
      'Failed to respond to invitation',
    );

  const acceptNow = useEffectEvent(() => respond('accepted'));
  useEffect(() => {
    if (!acceptAtOnce || autoSent.current || !invitationId || !me) return;
    autoSent.current = true;
    acceptNow();
  }, [acceptAtOnce, invitationId, me]);

  // A join, or an accept made right after signing up, lands in the event once the server agrees.
  const landsInEvent = queued.answer === 'join' || (queued.answer === 'accepted' && acceptAtOnce);
  // It opens once the device holds the membership (the pull asked for here brings it), so the event
  // page never shows a half-synced event.
  const members = useEventMembers(eventId);
  const isLocalMember = members.some((member) => member.user_id === me);
  useEffect(() => {
    if (queued.isDone && landsInEvent) void requestSync();
  }, [queued.isDone, landsInEvent]);
  useEffect(() => {
    if (queued.isDone && landsInEvent && isLocalMember) navigate(paths.event.href(eventId), { replace: true });
  }, [queued.isDone, landsInEvent, isLocalMember, eventId, navigate]);

  const openEvent = (
    <Button asChild size="lg">
      <RouterLink to={paths.event.href(eventId)}>Open event</RouterLink>
    </Button>
  );

  if (queued.answer === 'accepted' && queued.isDone && !acceptAtOnce) {
    return (
      <Stack gap="4">
        <FormMessage status="success">{`You're in! You have joined ${eventName}.`}</FormMessage>
        {openEvent}
      </Stack>
    );
  }
  if (queued.answer === 'declined' && queued.isDone) {
    return <FormMessage status="info">{`You declined the invitation to ${eventName}.`}</FormMessage>;
  }
  if (queued.answer) {
    return (
      <HStack gap="3" role="status">
        <Spinner size="sm" />
        <Text>{queued.isDone ? 'Opening the event...' : 'Sending... (this finishes as soon as you are online)'}</Text>
      </HStack>
    );
  }
  if (isMember) {
    return (
      <Stack gap="4">
        <Text>You are a member of this event.</Text>
        {openEvent}
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      {queued.error ? <FormMessage status="error">{queued.error}</FormMessage> : null}
      {invitationId ? (
        <>
          <Text>{senderName ? `${senderName} invited you to this event.` : 'You are invited to this event.'}</Text>
          {pending?.message ? <Text fontStyle="italic">{`“${pending.message}”`}</Text> : null}
          <Textarea
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="Add a message (optional)"
            aria-label="Response message (optional)"
            maxLength={1000}
            rows={2}
          />
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button size="lg" flex="1" onClick={() => respond('accepted')}>
              Accept
            </Button>
            <Button size="lg" flex="1" variant="outline" onClick={() => respond('declined')}>
              Decline
            </Button>
          </Stack>
        </>
      ) : (
        <Button
          size="lg"
          onClick={() =>
            void queued.send('join', () => mutate('event.join', { id: eventId }), 'Failed to join the event')
          }
        >
          Join event
        </Button>
      )}
    </Stack>
  );
}
