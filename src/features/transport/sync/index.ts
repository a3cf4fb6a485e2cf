/**
 * Rides and their passengers: this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { transportKinds } from './transport-kinds.ts';
import { transportSources } from './transport-sources.ts';

export * from './transport-rows.ts';
export * from './transport-kinds.ts';

export const transportSync = { kinds: transportKinds, sources: transportSources } satisfies SyncFeature;
