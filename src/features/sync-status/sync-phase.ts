/**
 * When the shell talks about sending. A change made online usually reaches the server within a
 * moment: flashing "Syncing…" for every tap would shift the page and say nothing useful. So the
 * banner says "Syncing N changes…" when changes waited (the device was offline) or sending takes
 * longer than SHOW_SYNCING_AFTER_MS, and only after such a visible sync "All changes saved", for
 * SAVED_FOR_MS. Pure: the caller feeds it inputs and the timer it asks for.
 */
export const SHOW_SYNCING_AFTER_MS = 1_500;
export const SAVED_FOR_MS = 3_000;

export type SyncPhase = 'idle' | 'queued' | 'syncing' | 'saved';

export interface PhaseState {
  phase: SyncPhase;
  /** Changes waited while offline: show the sync as soon as the device is back. */
  hasWaited: boolean;
}

export interface PhaseInput {
  isOnline: boolean;
  pendingCount: number;
}

export const initialPhase: PhaseState = { phase: 'idle', hasWaited: false };

/** The state after the inputs changed. */
export function nextPhase(state: PhaseState, { isOnline, pendingCount }: PhaseInput): PhaseState {
  if (!isOnline) {
    return { phase: state.phase === 'saved' ? 'idle' : state.phase, hasWaited: state.hasWaited || pendingCount > 0 };
  }
  if (pendingCount > 0) {
    if (state.phase === 'syncing' || state.hasWaited) return { ...state, phase: 'syncing' };
    return { ...state, phase: 'queued' };
  }
  if (state.phase === 'syncing') return { phase: 'saved', hasWaited: false };
  if (state.phase === 'saved') return { phase: 'saved', hasWaited: false };
  return { phase: 'idle', hasWaited: false };
}

/** The timer the state asks for: after `ms`, call `timedOut`. */
export function phaseTimer(state: PhaseState): number | null {
  if (state.phase === 'queued') return SHOW_SYNCING_AFTER_MS;
  if (state.phase === 'saved') return SAVED_FOR_MS;
  return null;
}

export function timedOut(state: PhaseState): PhaseState {
  if (state.phase === 'queued') return { ...state, phase: 'syncing' };
  if (state.phase === 'saved') return { ...state, phase: 'idle' };
  return state;
}

export type BannerMessage =
  | { kind: 'needs-auth'; text: string }
  | { kind: 'offline'; text: string }
  | { kind: 'syncing'; text: string }
  | { kind: 'saved'; text: string }
  | null;

const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);

/** The one line the banner shows, most pressing first: sign-in needed, offline, sending, saved. */
export function bannerMessage(input: {
  isOnline: boolean;
  pendingCount: number;
  needsAuth: boolean;
  phase: SyncPhase;
  /** Refused changes wait for the user: then not everything was saved. */
  hasRejected?: boolean;
}): BannerMessage {
  const { isOnline, pendingCount, needsAuth, phase, hasRejected = false } = input;
  if (needsAuth) {
    return {
      kind: 'needs-auth',
      text: pendingCount
        ? `Your session has ended. Sign in again to send your ${changes(pendingCount)}: ${pendingCount === 1 ? 'it stays' : 'they stay'} on this device until then.`
        : 'Your session has ended. Sign in again to keep your data in sync.',
    };
  }
  if (!isOnline) {
    const waiting = pendingCount
      ? ` ${pendingCount === 1 ? '1 change waits' : `${pendingCount} changes wait`} to be sent.`
      : '';
    return { kind: 'offline', text: `You're offline. Some features may be limited.${waiting}` };
  }
  if (phase === 'syncing' && pendingCount > 0) return { kind: 'syncing', text: `Syncing ${changes(pendingCount)}…` };
  if (phase === 'saved' && !hasRejected) return { kind: 'saved', text: 'All changes saved' };
  return null;
}
