/**
 * The engine's view of the session: refresh it once when a request answered 401 (or on
 * reconnect), telling apart "offline, try later" (the user stays signed in: the app works offline)
 * from "the session is gone, the user must sign in again". Nothing is dropped either way.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export type RefreshOutcome = 'ok' | 'offline' | 'signed-out';

/** A session this close to its expiry counts as expiring: refreshed before anything is sent. */
export const SESSION_EXPIRY_MARGIN_MS = 60_000;

export interface AuthPort {
  refresh(): Promise<RefreshOutcome>;
  /** True when the session expires within a minute (refresh before sending); absent: never asked. */
  isExpiring?(now: number): Promise<boolean>;
}

export function supabaseAuthPort(client: SupabaseClient): AuthPort {
  return {
    async refresh() {
      try {
        const { data, error } = await client.auth.refreshSession();
        if (!error && data.session) return 'ok';
        if (error && (error.name === 'AuthRetryableFetchError' || error.status === 0 || (error.status ?? 0) >= 500))
          return 'offline';
        return 'signed-out';
      } catch {
        return 'offline';
      }
    },
    isExpiring: (now) => isSessionExpiring(client, now),
  };
}

/** True when the stored session expires within a minute (refresh it before sending anything). */
async function isSessionExpiring(client: SupabaseClient, now: number): Promise<boolean> {
  try {
    const { data } = await client.auth.getSession();
    const expiresAt = data.session?.expires_at;
    return expiresAt !== undefined && expiresAt * 1000 - now < SESSION_EXPIRY_MARGIN_MS;
  } catch {
    return false;
  }
}
