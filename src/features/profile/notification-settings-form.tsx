import { HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormCard, type FormCardMessage } from '../../components/form-card.tsx';
import type { ProfileRow } from './sync/profile-rows.ts';
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
function notificationChoices(profile: ProfileRow): NotificationChoices {
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
  const [message, setMessage] = useState<FormCardMessage>(null);

  async function save() {
    try {
      await mutate('profile.update', { changes: { notification_settings: values } });
      setDraft(null);
      setMessage({ status: 'success', text: 'Notification settings saved' });
    } catch {
      setMessage({ status: 'error', text: 'Failed to save notification settings' });
    }
  }

  return (
    <FormCard
      title="Notification settings"
      description="Choose which invitations and event changes CrewCamp tells you about."
      submitLabel="Save settings"
      message={message}
      onSubmit={save}
      maxW="2xl"
    >
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
    </FormCard>
  );
}
