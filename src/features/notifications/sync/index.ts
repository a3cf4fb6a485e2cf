/**
 * Notifications: this feature's part of the sync engine (the user's notification rows, the kinds
 * that mark them read). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { notificationKinds } from './notification-kinds.ts';
import { notificationsSource } from './notification-sources.ts';

export * from './notification-rows.ts';
export * from './notification-kinds.ts';

export const notificationsSync = { kinds: notificationKinds, sources: [notificationsSource] } satisfies SyncFeature;
