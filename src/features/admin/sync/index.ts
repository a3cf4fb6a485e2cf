/**
 * The app settings the admins set (read by everyone): this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { adminSources } from './setting-sources.ts';

export * from './setting-rows.ts';

export const adminSync = { sources: adminSources } satisfies SyncFeature;
