/** The device rows of profile: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';
import { TIERS } from '../../../access/tiers.ts';

export const PROFILE_ROLES = ['user', 'admin'] as const;

/**
 * The user's notification choices (`profiles.notification_settings`, readable by its owner only).
 * The server's default is `{}`: a missing choice reads as on.
 */
const notificationSettingsSchema = z.object({
  invitations: z.boolean().optional(),
  event_updates: z.boolean().optional(),
  chat_messages: z.boolean().optional(),
});

export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const profileRowSchema = tableRows.profiles
  .extend({
    ...withKey,
    /** Null for other people's profiles (not readable) and rows stored before version 2. */
    notification_settings: notificationSettingsSchema.nullable(),
    role: z.enum(PROFILE_ROLES),
    subscription_tier: z.enum(TIERS),
  })
  .describe('profiles');

export type ProfileRow = z.infer<typeof profileRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    profiles: ProfileRow;
  }
}
