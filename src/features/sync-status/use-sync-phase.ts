/**
 * Runs the sync phase (sync-phase.ts) over the live inputs: the browser's online state and the
 * engine's pending count. One tracker for the page, started by the first component that reads it.
 */
import { useSyncExternalStore } from 'react';
import { getSyncStatus, subscribeToSyncStatus } from '../../data/index.ts';
import { initialPhase, nextPhase, phaseTimer, timedOut, type PhaseState, type SyncPhase } from './sync-phase.ts';

let state: PhaseState = initialPhase;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
let stopTracking: (() => void) | null = null;

function set(next: PhaseState): void {
  if (next.phase === state.phase && next.hasWaited === state.hasWaited) return;
  const phaseChanged = next.phase !== state.phase;
  state = next;
  if (phaseChanged) {
    if (timer) clearTimeout(timer);
    timer = null;
    const ms = phaseTimer(state);
    if (ms !== null) timer = setTimeout(() => set(timedOut(state)), ms);
  }
  for (const listener of listeners) listener();
}

function update(): void {
  const status = getSyncStatus();
  set(nextPhase(state, { isOnline: navigator.onLine && status.isOnline, pendingCount: status.pendingCount }));
}

function startTracking(): () => void {
  const unsubscribe = subscribeToSyncStatus(update);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return () => {
    unsubscribe();
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stopTracking ??= startTracking();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopTracking?.();
      stopTracking = null;
    }
  };
}

export function useSyncPhase(): SyncPhase {
  return useSyncExternalStore(
    subscribe,
    () => state.phase,
    () => 'idle',
  );
}
