import { Badge, Button, Heading, HStack, Popover, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import { ActivityCard } from './activity-card.tsx';
import { NotificationCard } from './notification-card.tsx';
import type { NotificationGroup } from './notification-items.ts';
import type { Notifications } from './use-notifications.ts';

function GroupList({
  group,
  notifications,
  onRespond,
}: {
  group: NotificationGroup;
  notifications: Notifications;
  onRespond(invitationId: string, itemId: string, status: 'accepted' | 'declined', message: string): void;
}) {
  const headingId = `notifications-group-${group.eventId ?? 'account'}`;
  return (
    <Stack as="section" gap="1" aria-labelledby={headingId}>
      <HStack justify="space-between" px="3" pt="2">
        <Text id={headingId} textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          {group.title}
        </Text>
        {group.unread ? <Badge size="sm" variant="subtle" colorPalette="orange">{`${group.unread} new`}</Badge> : null}
      </HStack>
      <Stack as="ul" gap="1" listStyleType="none" aria-label={`Notifications: ${group.title}`}>
        {group.items.map(({ invitation, ...item }) =>
          invitation ? (
            <NotificationCard
              key={item.id}
              item={{ ...item, invitation }}
              onRespond={(status, message) => onRespond(invitation.id ?? invitation.key, item.id, status, message)}
              onMarkRead={() => notifications.markRead([item.id])}
            />
          ) : (
            <ActivityCard
              key={item.id}
              item={{ ...item, invitation }}
              onOpen={() => notifications.markRead([item.id])}
            />
          ),
        )}
      </Stack>
    </Stack>
  );
}

/** The dropdown's header (title, Mark all as read) and its list by event; the bell lives in the shell. */
export function NotificationsPanel({ notifications }: { notifications: Notifications }) {
  const { groups, unread } = notifications;
  const [error, setError] = useState<string | null>(null);

  async function respond(invitationId: string, itemId: string, status: 'accepted' | 'declined', message: string) {
    setError(null);
    try {
      await mutate('invitation.respond', { id: invitationId, status, responseMessage: message.trim() || null });
      notifications.markRead([itemId]);
    } catch {
      setError('Failed to respond to invitation');
    }
  }

  return (
    <>
      <Popover.Header>
        <HStack justify="space-between" w="full">
          {/* The popover's title: it names the dialog for screen readers. */}
          <Popover.Title asChild>
            <Heading as="h2" textStyle="md">
              Notifications
            </Heading>
          </Popover.Title>
          <Button size="sm" variant="ghost" disabled={!unread} onClick={notifications.markAllRead}>
            Mark all as read
          </Button>
        </HStack>
      </Popover.Header>
      <Popover.Body px="2" py="2" maxH="min(28rem, 70dvh)" overflowY="auto">
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        {groups.length ? (
          <Stack gap="2">
            {groups.map((group) => (
              <GroupList
                key={group.eventId ?? 'account'}
                group={group}
                notifications={notifications}
                onRespond={(...args) => void respond(...args)}
              />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted" textAlign="center" py="6">
            No notifications
          </Text>
        )}
      </Popover.Body>
    </>
  );
}
