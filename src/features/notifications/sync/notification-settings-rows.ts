/** The device row of the user's notification settings: its schema and type. */
import { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';
import { NOTIFICATION_CATEGORIES } from './notification-rows.ts';

export const NOTIFICATION_CHANNELS = ['in_app', 'push', 'mail'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationCategoryName = (typeof NOTIFICATION_CATEGORIES)[number];

const channelSwitches = z.object({ in_app: z.boolean(), push: z.boolean(), mail: z.boolean() });
export type ChannelSwitches = z.infer<typeof channelSwitches>;

/**
 * Which categories reach the user on which channel, quiet hours (system notifications held until
 * they end, in the user's time zone) and the daily digest mail. Key: the user's id. One row per
 * user, made by the server with the profile.
 */
export const notificationSettingsRowSchema = tableRows.notification_settings
  .omit({ created_at: true, last_digest_at: true })
  .extend({
    ...withKey,
    channels: z.record(z.string(), channelSwitches),
  })
  .describe('notificationSettings');

export type NotificationSettingsRow = z.infer<typeof notificationSettingsRowSchema>;

/** The server's defaults (public.notification_channel_defaults()), for a row not on the device yet. */
export const DEFAULT_CHANNELS: Record<NotificationCategoryName, ChannelSwitches> = {
  invitations: { in_app: true, push: true, mail: true },
  mentions: { in_app: true, push: true, mail: false },
  chat: { in_app: false, push: true, mail: false },
  money: { in_app: true, push: true, mail: false },
  rides: { in_app: true, push: true, mail: false },
  schedule_lists: { in_app: true, push: true, mail: false },
  event_changes: { in_app: true, push: true, mail: false },
};

declare module '../../../db/mirror.ts' {
  interface RowOf {
    notificationSettings: NotificationSettingsRow;
  }
}
