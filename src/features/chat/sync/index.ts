/**
 * The group chat: this feature's part of the sync engine (mutation kinds, pull sources, row
 * schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { chatKinds } from './chat-kinds.ts';
import { chatSources } from './chat-sources.ts';

export * from './chat-rows.ts';
export * from './chat-kinds.ts';

export const chatSync = { kinds: chatKinds, sources: chatSources } satisfies SyncFeature;
