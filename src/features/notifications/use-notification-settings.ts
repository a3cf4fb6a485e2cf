/** The user's notification settings as the device holds them (the server's defaults until the first pull). */
import { MINE, useRow } from '../../data/use-rows.ts';
import { useSyncSession } from '../../data/index.ts';
import { DEFAULT_CHANNELS, notificationSettingsRowSchema, type NotificationSettingsRow } from './sync/index.ts';

/** The browser's time zone (quiet hours and the digest hour are in it). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function useNotificationSettings(): NotificationSettingsRow {
  const userId = useSyncSession()?.userId ?? '';
  const row = useRow('notificationSettings', notificationSettingsRowSchema, MINE);
  return (
    row ?? {
      key: userId,
      user_id: userId,
      channels: DEFAULT_CHANNELS,
      quiet_hours_enabled: false,
      quiet_hours_start: '22:00:00',
      quiet_hours_end: '07:00:00',
      time_zone: 'UTC',
      digest_enabled: false,
      digest_hour: 18,
      updated_at: '',
    }
  );
}
