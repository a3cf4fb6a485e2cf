/**
 * The small React API over the device database and the engine that every feature uses: typed
 * `mutate`, live queries (`useDeviceQuery`), the sync status and session. The features' own hooks
 * live in their folders (docs/ARCHITECTURE.md, "The data facade").
 */
export { mutate, mutateAll, MutationValidationError } from './mutate.ts';
export type { KindName, RawArgs } from '../sync/kind-registry.ts';
export { requestSync } from './request-sync.ts';
export { useRejectedChanges } from './use-rejected-changes.ts';
export { useSyncSession } from './use-sync-session.ts';
export { dismissStorageWarning, getSyncStatus, subscribeToSyncStatus, useSyncStatus } from './use-sync-status.ts';
export { useMutationState } from './use-mutation-state.ts';
