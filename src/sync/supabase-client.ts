/**
 * The one Supabase client of the web app (auth, tables, rpc, storage, realtime, functions). The
 * session lives in IndexedDB (lib/auth-storage.ts) so the service worker can read it too. Only the
 * sync layer imports this module (lint-enforced): screens reach the backend through backend.ts,
 * which loads it on first use, and through the sync engine.
 */
import { createClient } from '@supabase/supabase-js';
import { authStorage } from '../lib/auth-storage.ts';
import { env } from '../lib/env.ts';
import type { AppClient } from './client.ts';

export const supabase: AppClient = createClient(env.supabaseUrl, env.supabaseAnonKey, {
  auth: { storage: authStorage },
});

/**
 * Whether `password` is the account's current one: signs in on a client of its own that keeps and
 * shares nothing, then ends that session. Signing in on the app's client would replace its session,
 * and a two-factor session would fall back to the password-only level the auth server refuses a
 * password change at. Answers the sign-in's error, null when the password matched.
 */
export async function checkPassword(email: string, password: string): Promise<Error | null> {
  const probe = createClient(env.supabaseUrl, env.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'crewcamp-check' },
  });
  const { error } = await probe.auth.signInWithPassword({ email, password });
  if (!error) await probe.auth.signOut({ scope: 'local' });
  return error;
}
