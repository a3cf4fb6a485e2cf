import { Button, Card, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { ProfileRow } from '../../db/row-schemas.ts';
import { mutate } from '../../data/index.ts';

const CHOICES = [
  {
    key: 'invitations',
    title: 'Invitations',
    text: 'When someone invites you to an event, by email and in the app.',
  },
  { key: 'event_updates', title: 'Event updates', text: 'Changes to the dates, place or plans of your events.' },
  { key: 'chat_messages', title: 'Chat messages', text: 'New messages in the chats of your events.' },
] as const;

type Choice = (typeof CHOICES)[number]['key'];
export type NotificationChoices = Record<Choice, boolean>;

/** The device's stored choices; a choice never made (the server's default `{}`) is on. */
export function notificationChoices(profile: ProfileRow): NotificationChoices {
  const stored = profile.notification_settings ?? {};
  return {
    invitations: stored.invitations ?? true,
    event_updates: stored.event_updates ?? true,
    chat_messages: stored.chat_messages ?? true,
  };
}

/** `/profile/notifications`: what CrewCamp tells the user about, saved through the outbox (works offline). */
export function NotificationSettingsForm({ profile }: { profile: ProfileRow }) {
  // Until the user changes a switch, the form follows the device's row (a pull may bring new values).
  const [draft, setDraft] = useState<NotificationChoices | null>(null);
  const values = draft ?? notificationChoices(profile);
  const [message, setMessage] = useState<{ status: 'error' | 'success'; text: string } | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    try {
      await mutate('profile.update', { changes: { notification_settings: values } });
      setDraft(null);
      setMessage({ status: 'success', text: 'Notification settings saved' });
    } catch {
      setMessage({ status: 'error', text: 'Failed to save notification settings' });
    }
  }

  return (
    <Card.Root as="section" aria-labelledby="notification-settings-title" maxW="2xl">
      <Card.Body>
        <Stack asChild gap="4">
          <form onSubmit={(e) => void save(e)} aria-labelledby="notification-settings-title">
            <Stack gap="1">
              <Heading as="h2" id="notification-settings-title" textStyle="lg">
                Notification settings
              </Heading>
              <Text color="fg.muted">Choose which invitations and event changes CrewCamp tells you about.</Text>
            </Stack>
            <Stack gap="0">
              {CHOICES.map((choice) => (
                <HStack
                  key={choice.key}
                  justify="space-between"
                  gap="4"
                  py="3"
                  borderBottomWidth="1px"
                  _last={{ borderBottomWidth: 0 }}
                >
                  <Stack gap="0.5">
                    <Text fontWeight="semibold" id={`notify-${choice.key}-label`}>
                      {choice.title}
                    </Text>
                    <Text textStyle="sm" color="fg.muted">
                      {choice.text}
                    </Text>
                  </Stack>
                  <Switch.Root
                    checked={values[choice.key]}
                    onCheckedChange={(details) => {
                      setDraft({ ...values, [choice.key]: details.checked });
                      setMessage(null);
                    }}
                    colorPalette="forest"
                  >
                    <Switch.HiddenInput aria-labelledby={`notify-${choice.key}-label`} />
                    <Switch.Control />
                    <Switch.Label textStyle="sm" minW="7">
                      {values[choice.key] ? 'On' : 'Off'}
                    </Switch.Label>
                  </Switch.Root>
                </HStack>
              ))}
            </Stack>
            {message ? <FormMessage status={message.status}>{message.text}</FormMessage> : null}
            <Button type="submit" alignSelf={{ base: 'stretch', sm: 'flex-end' }}>
              Save settings
            </Button>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
