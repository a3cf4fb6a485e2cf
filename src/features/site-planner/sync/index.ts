/**
 * The site plan: this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { sitePlanKinds } from './site-plan-kinds.ts';
import { sitePlanSources } from './site-plan-sources.ts';

export * from './site-plan-rows.ts';
export * from './site-plan-kinds.ts';

export const sitePlannerSync = { kinds: sitePlanKinds, sources: sitePlanSources } satisfies SyncFeature;
