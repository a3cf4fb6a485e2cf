/**
 * The schedule: this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { scheduleKinds } from './schedule-kinds.ts';
import { scheduleSources } from './schedule-sources.ts';

export * from './schedule-rows.ts';
export * from './schedule-kinds.ts';

export const schedulesSync = { kinds: scheduleKinds, sources: scheduleSources } satisfies SyncFeature;
