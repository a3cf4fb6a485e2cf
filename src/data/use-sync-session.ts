/**
 * The signed-in user's sync session (device database and engine) for React: re-renders when a
 * session starts or stops. Every other hook of src/data reads through it.
 */
import { useSyncExternalStore } from 'react';
import { getActiveSession, subscribeToSession, type SyncSession } from '../sync/sync-session.ts';

export function useSyncSession(): SyncSession | null {
  return useSyncExternalStore(subscribeToSession, getActiveSession, getActiveSession);
}
