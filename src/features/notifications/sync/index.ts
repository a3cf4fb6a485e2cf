/**
 * Notifications: this feature's part of the sync engine (the user's notification rows and settings,
 * the kinds that mark them read and change the settings). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { notificationKinds } from './notification-kinds.ts';
import { notificationsSource } from './notification-sources.ts';
import { notificationSettingsKinds } from './notification-settings-kinds.ts';
import { notificationSettingsSource } from './notification-settings-sources.ts';

export * from './notification-rows.ts';
export * from './notification-kinds.ts';
export * from './notification-settings-rows.ts';

export const notificationsSync = {
  kinds: [...notificationKinds, ...notificationSettingsKinds],
  sources: [notificationsSource, notificationSettingsSource],
} satisfies SyncFeature;
