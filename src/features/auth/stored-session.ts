/**
 * Whether a supabase-js session may be stored, read at start without loading supabase-js or
 * waiting for IndexedDB (where the session lives, see src/lib/auth-storage.ts): its synchronous
 * hint, a session from the localStorage era not yet moved, or one arriving in the address (a
 * recovery or magic link).
 */
import { forgetStoredSessions, isAuthKey, SESSION_HINT_KEY } from '../../lib/auth-storage.ts';

/** True when supabase-js may find a session to start with (stored, or in the URL): load it at once. */
export function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(SESSION_HINT_KEY) === '1') return true;
    if (Object.keys(localStorage).some(isAuthKey)) return true;
  } catch {
    return true;
  }
  const { hash, search } = window.location;
  return /[#&?](access_token|error_description)=/.test(`${search}${hash}`);
}

/** True for a storage event that says a session was stored (another tab signed in). */
export function isSessionStored(event: StorageEvent): boolean {
  if (event.key === SESSION_HINT_KEY) return event.newValue === '1';
  return event.key !== null && isAuthKey(event.key) && event.newValue !== null;
}

/**
 * Forgets the stored session even when the server could not be told (offline, server error). The
 * forgetting is marked synchronously (auth-storage.ts), so a page reload right after still counts.
 */
export function clearStoredSession(): void {
  forgetStoredSessions().catch(() => undefined);
}
