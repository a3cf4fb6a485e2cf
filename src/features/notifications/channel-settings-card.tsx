import { Card, Checkbox, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, type NotificationChannel } from './sync/index.ts';
import { useNotificationSettings } from './use-notification-settings.ts';

type Category = (typeof NOTIFICATION_CATEGORIES)[number];

const CATEGORIES: Record<Category, { title: string; text: string }> = {
  invitations: { title: 'Invitations and friends', text: 'Invitations to events, friend requests and their answers.' },
  mentions: { title: 'Things addressed to me', text: 'Replies to your messages and @mentions of you in a chat.' },
  chat: { title: 'Chat messages', text: 'Every other message in the chats of your events.' },
  money: { title: 'Money', text: 'Expenses that include you, payments to or from you.' },
  rides: { title: 'Rides', text: 'Seats taken in your ride, changes to a ride you are in.' },
  schedule_lists: { title: 'Schedule and lists', text: 'Schedule items and list items assigned to you.' },
  event_changes: {
    title: 'Event changes',
    text: 'New dates or place, members joining, announcements, ownership passed to you.',
  },
};

const CHANNELS: Record<NotificationChannel, string> = { in_app: 'In app', push: 'System', mail: 'Mail' };

/**
 * Which categories reach the user on which channel. Each switch is saved at once through the
 * outbox (offline too); the backend reads them when it writes a notification, a push or a mail.
 */
export function ChannelSettingsCard() {
  const settings = useNotificationSettings();
  const [error, setError] = useState<string | null>(null);

  function toggle(category: Category, channel: NotificationChannel, enabled: boolean) {
    setError(null);
    mutate('notification-settings.set-channel', { category, channel, enabled }).catch(() =>
      setError('Failed to save notification settings'),
    );
  }

  return (
    <Card.Root as="section" aria-labelledby="notification-channels-title" maxW="2xl">
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" id="notification-channels-title" textStyle="lg">
            Notification settings
          </Heading>
          <Text color="fg.muted">
            Choose what CrewCamp tells you about, and how: in the app (the bell), as a system notification on your
            devices, or in a daily mail. Invitations to an address are always mailed at once. Changes are saved as you
            make them.
          </Text>
        </Stack>
        <Stack gap="0">
          {NOTIFICATION_CATEGORIES.map((category) => (
            <Stack
              key={category}
              role="group"
              aria-labelledby={`notify-${category}-label`}
              gap="1"
              py="3"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0 }}
            >
              <Text fontWeight="semibold" id={`notify-${category}-label`}>
                {CATEGORIES[category].title}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {CATEGORIES[category].text}
              </Text>
              <HStack gap={{ base: '3', sm: '6' }} wrap="wrap">
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <Checkbox.Root
                    key={channel}
                    minH="11"
                    checked={settings.channels[category]?.[channel] ?? false}
                    onCheckedChange={(details) => toggle(category, channel, details.checked === true)}
                    colorPalette="forest"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{CHANNELS[channel]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </HStack>
            </Stack>
          ))}
        </Stack>
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
      </Card.Body>
    </Card.Root>
  );
}
