import { Stack } from '@chakra-ui/react';
import { ChannelSettingsCard, QuietHoursCard, SystemNotificationsCard } from '../notifications/index.ts';

/**
 * `/profile/notifications`: the "Allow notifications" step for this device, which categories
 * reach the user on which channel (saved at once, offline too), quiet hours and the daily mail.
 * The backend reads these settings whenever it writes a notification, a push or a mail.
 */
export function NotificationSettingsForm() {
  return (
    <Stack gap="6">
      <SystemNotificationsCard />
      <ChannelSettingsCard />
      <QuietHoursCard />
    </Stack>
  );
}
