/** The registry of every mutation kind: events, members, invitations, profile, friends and the event pages. */
import { KindRegistry } from '../kind-registry.ts';
import { eventKinds } from './event-kinds.ts';
import { eventPageKinds } from './event-page-kinds.ts';
import { friendKinds } from './friend-kinds.ts';
import { invitationKinds } from './invitation-kinds.ts';
import { memberKinds } from './member-kinds.ts';
import { updateProfile, uploadAvatarKind } from './profile-kinds.ts';

export interface CoreKindsOptions {
  /** The backend's URL (the avatars bucket's public address is derived from it). */
  supabaseUrl: string;
}

export function coreKinds(options: CoreKindsOptions): KindRegistry {
  const registry = new KindRegistry();
  for (const kind of [...eventKinds, ...memberKinds, ...invitationKinds, ...friendKinds, ...eventPageKinds])
    registry.register(kind as never);
  registry.register(updateProfile);
  registry.register(uploadAvatarKind(`${options.supabaseUrl.replace(/\/$/, '')}/storage/v1/object/public/avatars`));
  return registry;
}
