import { Badge, Button, HStack, Popover, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatDistanceToNow, parseISO } from 'date-fns';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { InvitationRow } from '../events/index.ts';
import type { NotificationItem } from './notification-items.ts';

interface NotificationCardProps {
  item: NotificationItem & { invitation: InvitationRow };
  onRespond(status: 'accepted' | 'declined', message: string): void;
  onMarkRead(): void;
}

/** One notification: an invitation to respond to inline, or one already handled. */
export function NotificationCard({ item, onRespond, onMarkRead }: NotificationCardProps) {
  const [isResponding, setResponding] = useState(false);
  const [message, setMessage] = useState('');
  // After Accept the box closes (the invitation is no longer pending) and says so, with the event's link.
  const [answered, setAnswered] = useState<'accepted' | 'declined' | null>(null);
  const { invitation } = item;
  const isPending = invitation.status === 'pending';
  const when = formatDistanceToNow(parseISO(item.createdAt), { addSuffix: true });
  return (
    <Stack as="li" gap="2" p="3" rounded="lg" bg={item.isRead ? undefined : 'forest.subtle'} aria-label={item.title}>
      <HStack justify="space-between" align="start" gap="2">
        <Text fontWeight="semibold" textStyle="sm">
          {item.title}
        </Text>
        {isPending ? null : (
          <Badge size="sm" variant="subtle" colorPalette={invitation.status === 'accepted' ? 'green' : 'gray'}>
            {invitation.status === 'accepted' ? 'Accepted' : 'Declined'}
          </Badge>
        )}
      </HStack>
      <Text textStyle="xs" color="fg.muted">
        {`From ${invitation.sender_name ?? 'someone'} · ${when}`}
      </Text>
      <Text textStyle="sm">{item.message}</Text>
      {!isPending && answered === 'accepted' ? (
        <Text textStyle="sm" color="fg.success" role="status">
          {"You're in! The event is now on your dashboard."}
        </Text>
      ) : null}
      {isResponding && isPending ? (
        <Stack gap="2">
          <Textarea
            size="sm"
            rows={2}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="Add a message (optional)"
            aria-label="Response message (optional)"
            maxLength={1000}
          />
          <HStack>
            <Button
              size="xs"
              onClick={() => {
                setAnswered('accepted');
                onRespond('accepted', message);
              }}
            >
              Accept
            </Button>
            <Button
              size="xs"
              variant="outline"
              onClick={() => {
                setAnswered('declined');
                onRespond('declined', message);
              }}
            >
              Decline
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setResponding(false)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack gap="2" wrap="wrap">
          {isPending ? (
            <Button size="xs" onClick={() => setResponding(true)}>
              Respond
            </Button>
          ) : null}
          {isPending || invitation.status === 'accepted' ? (
            <Popover.CloseTrigger asChild>
              <Button asChild size="xs" variant="outline">
                {/* A pending invitation opens the event's preview with Accept / Decline (the join page). */}
                <RouterLink
                  to={isPending ? paths.join.href(invitation.event_id) : paths.event.href(invitation.event_id)}
                  aria-label={!isPending && answered === 'accepted' ? 'Open event' : 'View Event'}
                >
                  {!isPending && answered === 'accepted' ? 'Open event' : 'View Event'}
                </RouterLink>
              </Button>
            </Popover.CloseTrigger>
          ) : null}
          {!isPending && !item.isMarked ? (
            <Button size="xs" variant="ghost" onClick={onMarkRead}>
              Mark as read
            </Button>
          ) : null}
        </HStack>
      )}
    </Stack>
  );
}
