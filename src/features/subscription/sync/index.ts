/**
 * The user's subscription: this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { subscriptionSources } from './subscription-sources.ts';

export * from './subscription-rows.ts';

export const subscriptionSync = { sources: subscriptionSources } satisfies SyncFeature;
