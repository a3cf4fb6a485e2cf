/** What a pull reads of the user's notification settings (RLS: their own row). */
import { rowSource } from '../../../sync/pull-source.ts';
import { object } from '../../../sync/server-values.ts';
import { DEFAULT_CHANNELS, notificationSettingsRowSchema, type ChannelSwitches } from './notification-settings-rows.ts';

/** The stored switches over the defaults (a category the server added later shows its defaults). */
function channelsOf(value: unknown): Record<string, ChannelSwitches> {
  const stored = object(value) ?? {};
  return Object.fromEntries(
    Object.entries(DEFAULT_CHANNELS).map(([category, defaults]) => {
      const switches = object(stored[category]) ?? {};
      const pick = (channel: keyof ChannelSwitches) =>
        typeof switches[channel] === 'boolean' ? (switches[channel] as boolean) : defaults[channel];
      return [category, { in_app: pick('in_app'), push: pick('push'), mail: pick('mail') }];
    }),
  );
}

export const notificationSettingsSource = rowSource({
  table: 'notificationSettings',
  remote: 'notification_settings',
  schema: notificationSettingsRowSchema,
  convert: { channels: (r) => channelsOf(r.channels) },
  key: 'user_id',
  tieBreaker: 'user_id',
  hasNoTombstones: true,
});
