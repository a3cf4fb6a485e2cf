/**
 * Sync status as the UI shows it (offline banner, pending count, rejected changes, sign-in
 * needed). The leader tab's engine writes it and broadcasts it; follower tabs copy what it
 * broadcasts. The engine only uses getState/setState; React reads it through src/data.
 */
import { create } from 'zustand';

export interface SyncStatus {
  /** The user whose device database is open, or null when signed out. */
  userId: string | null;
  isOnline: boolean;
  isLeader: boolean;
  pendingCount: number;
  isSending: boolean;
  lastSyncedAt: number | null;
  rejectedCount: number;
  needsAuth: boolean;
  /** Persistent storage refused, or a write hit the quota. */
  storageWarning: string | null;
  lastError: string | null;
}

export const initialSyncStatus: SyncStatus = {
  userId: null,
  isOnline: true,
  isLeader: false,
  pendingCount: 0,
  isSending: false,
  lastSyncedAt: null,
  rejectedCount: 0,
  needsAuth: false,
  storageWarning: null,
  lastError: null,
};

export const useSyncStatusStore = create<SyncStatus>()(() => ({ ...initialSyncStatus }));
