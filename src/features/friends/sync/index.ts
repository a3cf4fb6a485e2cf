/**
 * Friends and friend requests: this feature's part of the sync engine (mutation kinds, snapshots,
 * row schemas). No React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { friendKinds } from './friend-kinds.ts';
import { friendRequestsSnapshot, friendsSnapshot } from './friend-sources.ts';

export * from './friend-rows.ts';
export * from './friend-sources.ts';
export * from './friend-kinds.ts';

export const friendsSync = {
  kinds: friendKinds,
  snapshots: [friendsSnapshot, friendRequestsSnapshot],
  // Friend lists come whole with a full pull: a change of these tables asks for one.
  doorbell: [
    { table: 'friend_requests', isSnapshot: true },
    { table: 'friendships', isSnapshot: true },
  ],
} satisfies SyncFeature;
