/**
 * Changing notification settings, offline too: one switch at a time (category x channel, so two
 * devices changing different switches offline both keep theirs), and the quiet hours and digest
 * fields. Both replay safely (they set values); the server checks the category, channel and time
 * zone and refuses anything else with a message.
 */
import { z } from 'zod';
import * as kit from '../../../sync/kind-kit.ts';
import { expectRows } from '../../../sync/backend-calls.ts';
import { untyped } from '../../../sync/client.ts';
import type { LocalWriter } from '../../../sync/local-writer.ts';
import { NOTIFICATION_CATEGORIES } from './notification-rows.ts';
import { DEFAULT_CHANNELS, NOTIFICATION_CHANNELS, type NotificationSettingsRow } from './notification-settings-rows.ts';

/** The user's row, or the server's defaults when the device has none yet. */
async function settingsOf(w: LocalWriter, at: string): Promise<NotificationSettingsRow> {
  return (
    (await w.get('notificationSettings', w.userId)) ?? {
      key: w.userId,
      user_id: w.userId,
      channels: structuredClone(DEFAULT_CHANNELS),
      quiet_hours_enabled: false,
      quiet_hours_start: '22:00:00',
      quiet_hours_end: '07:00:00',
      time_zone: 'UTC',
      digest_enabled: false,
      digest_hour: 18,
      updated_at: at,
    }
  );
}

const setChannelArgs = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
  at: z.string().optional(),
});

const setChannel = kit.defineKind({
  name: 'notification-settings.set-channel',
  args: setChannelArgs,
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: () => [],
  async applyLocal(w, args) {
    const row = await settingsOf(w, args.at);
    const current = row.channels[args.category] ?? DEFAULT_CHANNELS[args.category];
    await w.put('notificationSettings', {
      ...row,
      channels: { ...row.channels, [args.category]: { ...current, [args.channel]: args.enabled } },
    });
  },
  send: ({ client }, args) =>
    kit.callProcedure(client, 'set_notification_channel', {
      p_category: args.category,
      p_channel: args.channel,
      p_enabled: args.enabled,
    }),
  describe: (args) => `Turn ${args.enabled ? 'on' : 'off'} a notification setting`,
});

/** A wall-clock time of day, HH:MM or HH:MM:SS. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Enter a time such as 22:00');

const updateArgs = z.object({
  changes: z
    .object({
      quiet_hours_enabled: z.boolean(),
      quiet_hours_start: timeOfDay,
      quiet_hours_end: timeOfDay,
      time_zone: z.string().min(1).max(64),
      digest_enabled: z.boolean(),
      digest_hour: z.number().int().min(0).max(23),
    })
    .partial(),
  at: z.string().optional(),
});

const updateSettings = kit.defineKind({
  name: 'notification-settings.update',
  args: updateArgs,
  validate(args) {
    const { quiet_hours_start: start, quiet_hours_end: end } = args.changes;
    if (start && end && start.slice(0, 5) === end.slice(0, 5))
      throw new kit.MutationValidationError('Quiet hours must end at another time than they start');
  },
  prepare: (args, ctx) => kit.withTime(args, ctx),
  refs: () => [],
  async applyLocal(w, args) {
    await w.put('notificationSettings', { ...(await settingsOf(w, args.at)), ...args.changes });
  },
  async send({ client, userId }, args) {
    const table = untyped(client).from('notification_settings');
    const updated = expectRows(await table.update(args.changes).eq('user_id', userId).select('user_id'));
    // Every account has its row (made with the profile); an account from before that gets one.
    if (!updated.length) expectRows(await table.insert({ user_id: userId, ...args.changes }).select('user_id'));
    return null;
  },
  describe: () => 'Change the quiet hours or the daily digest',
});

export const notificationSettingsKinds = [setChannel, updateSettings] as const;
