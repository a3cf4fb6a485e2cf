/**
 * What the browser holds of a supabase-js session (its `sb-<ref>-auth-token` entries), read without
 * loading supabase-js, and a session arriving in the address (a recovery or magic link).
 */

const isSessionKey = (key: string) => key.startsWith('sb-') && key.includes('-auth-token');

/** True when supabase-js may find a session to start with (stored, or in the URL): load it at once. */
export function mayHaveSession(): boolean {
  try {
    if (Object.keys(localStorage).some(isSessionKey)) return true;
  } catch {
    return true;
  }
  const { hash, search } = window.location;
  return /[#&?](access_token|error_description)=/.test(`${search}${hash}`);
}

/** True for a storage event that stores a session (another tab signed in). */
export function isSessionStored(event: StorageEvent): boolean {
  return event.key !== null && isSessionKey(event.key) && event.newValue !== null;
}

/** Forgets the stored session even when the server could not be told (offline, server error). */
export function clearStoredSession(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (isSessionKey(key)) localStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing stored to forget
  }
}
