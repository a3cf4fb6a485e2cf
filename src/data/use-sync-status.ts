/** The sync status for the shell: online, pending count, sending, last synced, rejected count, sign-in needed. */
import { useStore } from 'zustand';
import { syncStatusStore, type SyncStatus } from '../sync/sync-status-store.ts';

export type { SyncStatus };

export function useSyncStatus(): SyncStatus;
export function useSyncStatus<T>(select: (status: SyncStatus) => T): T;
export function useSyncStatus<T>(select?: (status: SyncStatus) => T): T | SyncStatus {
  return useStore(syncStatusStore, (status: SyncStatus) => (select ? select(status) : status));
}

/** Reads the status outside React (the sync banner's timing follows every change). */
export function subscribeToSyncStatus(listener: (status: SyncStatus) => void): () => void {
  return syncStatusStore.subscribe(listener);
}

export function getSyncStatus(): SyncStatus {
  return syncStatusStore.getState();
}

/** The user has read the storage warning (a write that hit the quota). */
export function dismissStorageWarning(): void {
  syncStatusStore.setState({ storageWarning: null });
}
