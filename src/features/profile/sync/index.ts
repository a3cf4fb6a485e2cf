/**
 * Profiles: this feature's part of the sync engine (mutation kinds, pull sources, row schemas). No
 * React or UI here: the service worker imports it (src/app/sync-registry.ts).
 */
import type { SyncFeature } from '../../../sync/kind-registry.ts';
import { updateProfile, uploadAvatarKind } from './profile-kinds.ts';
import { ownProfileSnapshot, profilesSource } from './profile-sources.ts';

export * from './profile-rows.ts';
export * from './profile-sources.ts';
export * from './profile-kinds.ts';
export * from './profile-fields.ts';

export interface ProfileSyncOptions {
  /** The backend's URL (the avatars bucket's public address is derived from it). */
  supabaseUrl: string;
}

export function profileSync(options: ProfileSyncOptions) {
  const avatars = `${options.supabaseUrl.replace(/\/$/, '')}/storage/v1/object/public/avatars`;
  return {
    kinds: [updateProfile, uploadAvatarKind(avatars)],
    sources: [profilesSource],
    snapshots: [ownProfileSnapshot],
  } satisfies SyncFeature;
}
