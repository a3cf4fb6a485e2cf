/**
 * Sync status as the UI shows it (offline banner, pending count, rejected changes, sign-in
 * needed). The leader tab's engine writes it and broadcasts it; follower tabs copy what it
 * broadcasts. A vanilla store, so the sync worker's bundle has no React; React reads it through
 * src/data.
 */
import { createStore } from 'zustand/vanilla';

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
  /** A write hit the storage quota: what was not saved (the shell shows it until dismissed). */
  storageWarning: string | null;
  /** Whether the browser keeps this site's storage under pressure (null: not known or not asked). */
  isStoragePersistent: boolean | null;
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
  isStoragePersistent: null,
  lastError: null,
};

/** A store at the initial status: the app's one below, the sync worker's own, and tests'. */
export const newSyncStatusStore = () => createStore<SyncStatus>()(() => ({ ...initialSyncStatus }));

export const syncStatusStore = newSyncStatusStore();
