import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import type { FriendRequestRow } from '../sync/friend-rows.ts';
import { useQueuedWrite } from '../use-queued-write.ts';
import { OutcomeMessage } from './outcome-message.tsx';
import { PersonLine } from './person-line.tsx';

/** An incoming request: who, when, their message; accept or reject with a response message. */
export function IncomingRequest({ request }: { request: FriendRequestRow }) {
  const [response, setResponse] = useState('');
  const [answer, setAnswer] = useState<'accepted' | 'rejected' | null>(null);
  const accept = useQueuedWrite('Failed to accept friend request');
  const reject = useQueuedWrite('Failed to reject friend request');
  const name = request.sender_name ?? request.sender_email ?? 'Someone';

  async function respond(status: 'accepted' | 'rejected') {
    if (!request.id) return;
    setAnswer(status);
    const write = status === 'accepted' ? accept : reject;
    await write.run('friend.respond', { id: request.id, status, responseMessage: response.trim() || null });
  }

  const outcome = answer === 'rejected' ? reject.outcome : accept.outcome;
  return (
    <Stack as="li" aria-label={`Request from ${name}`} gap="3" p="3" borderWidth="1px" rounded="xl">
      <PersonLine name={request.sender_name} email={request.sender_email} avatar={request.sender_avatar}>
        <Text textStyle="xs" color="fg.muted">
          {formatDistanceToNow(new Date(request.created_at), { addSuffix: true })}
        </Text>
      </PersonLine>
      {request.message ? <Text textStyle="sm">“{request.message}”</Text> : null}
      {request.status === 'pending' ? (
        <>
          <Textarea
            size="sm"
            rows={2}
            maxLength={1000}
            value={response}
            onChange={(e) => setResponse(e.target.value)}
            aria-label={`Response to ${name} (optional)`}
            placeholder="Add a response (optional)"
          />
          <HStack gap="2">
            <Button size="sm" onClick={() => void respond('accepted')}>
              Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => void respond('rejected')}>
              Reject
            </Button>
          </HStack>
        </>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          {request.status === 'accepted' ? 'Accepted' : 'Rejected'}
        </Text>
      )}
      <OutcomeMessage
        outcome={outcome}
        done={answer === 'rejected' ? 'Friend request rejected' : 'Friend request accepted'}
      />
    </Stack>
  );
}
