/** The small React API the screens use to read and write data (see ARCHITECTURE "The sync engine"). */
export { mutate, MutationValidationError } from './mutate.ts';
export { useAppSettings } from './use-app-settings.ts';
export { useEvent, useEvents } from './use-events.ts';
export { useFriendRequests, useFriends } from './use-friends.ts';
export { useReceivedInvitations, useSentInvitations } from './use-invitations.ts';
export { useEventMembers } from './use-members.ts';
export { useProfile, useSubscription } from './use-profile.ts';
export { requestSync } from './request-sync.ts';
export { useRejectedChanges, type RejectedChanges } from './use-rejected-changes.ts';
export { useSyncSession } from './use-sync-session.ts';
export {
  dismissStorageWarning,
  getSyncStatus,
  subscribeToSyncStatus,
  useSyncStatus,
  type SyncStatus,
} from './use-sync-status.ts';
export { useEventLookup, type EventLookup } from './use-event-lookup.ts';
export { useKnownPeople, type KnownPerson } from './use-known-people.ts';
export { useMemberSummaries, type MemberSummary } from './use-member-summary.ts';
export { useMutationState, type MutationState } from './use-mutation-state.ts';
export { useInvitationNames, type InvitationNames } from './use-invitation-names.ts';
export { useRealEventId } from './use-real-event-id.ts';
