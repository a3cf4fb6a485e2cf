import { Button, Heading, HStack, Popover, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import { NotificationCard } from './notification-card.tsx';
import type { Notifications } from './use-notifications.ts';

/** The dropdown's header (title, Mark all as read) and its list; the bell around it lives in the shell. */
export function NotificationsPanel({ notifications }: { notifications: Notifications }) {
  const { items, markRead } = notifications;
  const [error, setError] = useState<string | null>(null);

  async function respond(id: string, status: 'accepted' | 'declined', message: string) {
    setError(null);
    try {
      await mutate('invitation.respond', { id, status, responseMessage: message.trim() || null });
      markRead([id]);
    } catch {
      setError('Failed to respond to invitation');
    }
  }

  return (
    <>
      <Popover.Header>
        <HStack justify="space-between" w="full">
          <Heading as="h2" textStyle="md">
            Notifications
          </Heading>
          <Button
            size="xs"
            variant="ghost"
            disabled={!items.length}
            onClick={() => markRead(items.map((item) => item.id))}
          >
            Mark all as read
          </Button>
        </HStack>
      </Popover.Header>
      <Popover.Body px="2" py="2" maxH="min(28rem, 70dvh)" overflowY="auto">
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        {items.length ? (
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Notifications">
            {items.map((item) => (
              <NotificationCard
                key={item.id}
                item={item}
                onRespond={(status, message) => void respond(item.id, status, message)}
                onMarkRead={() => markRead([item.id])}
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
