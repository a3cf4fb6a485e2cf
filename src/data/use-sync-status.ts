/** The sync status for the shell: online, pending count, sending, last synced, rejected count, sign-in needed. */
import { useSyncStatusStore, type SyncStatus } from '../sync/sync-status-store.ts';

export function useSyncStatus(): SyncStatus;
export function useSyncStatus<T>(select: (status: SyncStatus) => T): T;
export function useSyncStatus<T>(select?: (status: SyncStatus) => T): T | SyncStatus {
  return useSyncStatusStore((status: SyncStatus) => (select ? select(status) : status));
}
