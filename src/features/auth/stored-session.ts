/**
 * Whether a supabase-js session may be stored, read at start without loading supabase-js or
 * waiting for IndexedDB (where the session lives, see src/lib/auth-storage.ts): its synchronous
 * hint, a session from the localStorage era not yet moved, or one arriving in the address (a
 * recovery or magic link).
 */
import { z } from 'zod/mini';
import { forgetStoredSessions, isAuthKey, readStoredSession, SESSION_HINT_KEY } from '../../lib/auth-storage.ts';
import type { Session } from '../../sync/backend.ts';

/** True when supabase-js may find a session to start with (stored, or in the URL): load it at once. */
export function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(SESSION_HINT_KEY) === '1') return true;
  } catch {
    return true;
  }
  return hasLegacySession() || isSessionInAddress();
}

/** A session arriving in the address (a recovery or magic link): supabase-js reads it. */
function isSessionInAddress(): boolean {
  const { hash, search } = window.location;
  return /[#&?](access_token|error_description)=/.test(`${search}${hash}`);
}

/** The parts of a stored session the app reads before supabase-js has loaded it. */
const startingSession = z.looseObject({
  access_token: z.string(),
  refresh_token: z.string(),
  user: z.looseObject({ id: z.string() }),
});

/**
 * The stored session as supabase-js keeps it, for the app to start from while supabase-js loads
 * and checks it (which waits for the network when the access token has expired: offline, its
 * refresh is tried again and again for about 25 s). Null when none is stored, a session arrives in
 * the address (that one decides), or one from the localStorage era waits to be moved.
 */
export async function storedSessionToStartWith(): Promise<Session | null> {
  if (isSessionInAddress() || hasLegacySession()) return null;
  const stored = await readStoredSession();
  // As supabase-js wrote it: the checked parts are what the app reads before supabase-js answers.
  return startingSession.safeParse(stored).success ? (stored as Session) : null;
}

/** A session from the localStorage era, not yet moved: supabase-js's first read moves it. */
function hasLegacySession(): boolean {
  try {
    return Object.keys(localStorage).some(isAuthKey);
  } catch {
    return false;
  }
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
