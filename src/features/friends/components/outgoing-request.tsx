import { Badge, Stack, Text } from '@chakra-ui/react';
import { formatDistanceToNow } from 'date-fns';
import type { FriendRequestRow } from '../sync/friend-rows.ts';
import { PersonLine } from './person-line.tsx';

const STATUS = {
  pending: ['Pending', 'gray'],
  accepted: ['Accepted', 'green'],
  rejected: ['Rejected', 'red'],
} as const;

/** A request this user sent: to whom, when, the message, and the answer with its response. */
export function OutgoingRequest({ request }: { request: FriendRequestRow }) {
  const [label, palette] = STATUS[request.status];
  const name = request.recipient_name ?? request.recipient_email ?? 'Someone';
  return (
    <Stack as="li" aria-label={`Request to ${name}`} gap="2" p="3" borderWidth="1px" rounded="xl">
      <PersonLine name={request.recipient_name} email={request.recipient_email} avatar={request.recipient_avatar}>
        <Badge colorPalette={palette}>{label}</Badge>
      </PersonLine>
      <Text textStyle="xs" color="fg.muted">
        Sent {formatDistanceToNow(new Date(request.created_at), { addSuffix: true })}
      </Text>
      {request.message ? <Text textStyle="sm">“{request.message}”</Text> : null}
      {request.response_message ? (
        <Text textStyle="sm" color="fg.muted">
          Response: “{request.response_message}”
        </Text>
      ) : null}
    </Stack>
  );
}
