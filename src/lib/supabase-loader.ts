/**
 * supabase-js (with auth, realtime and storage, ~65 KB gzipped) stays out of the first load: a
 * visitor without a stored session sees /login or the landing page without it. `loadSupabase()`
 * loads the client on demand; `whenSupabaseLoaded()` lets first-load code (the auth store) follow
 * it, whoever loaded it first (a page importing lib/supabase.ts, or the sign-in form).
 */
/** The app's client type (lib/supabase.ts stays the one module importing supabase-js). */
export type SupabaseClient = (typeof import('./supabase.ts'))['supabase'];

type Listener = (client: SupabaseClient) => void;

let loaded: SupabaseClient | null = null;
const listeners: Listener[] = [];

/** Calls `listener` with the client once lib/supabase.ts is loaded (at once if it is). */
export function whenSupabaseLoaded(listener: Listener): void {
  if (loaded) listener(loaded);
  else listeners.push(listener);
}

/** Called by lib/supabase.ts when it has created the client. */
export function announceSupabaseClient(client: SupabaseClient): void {
  loaded = client;
  for (const listener of listeners.splice(0)) listener(client);
}

/** The client, loading supabase-js first if needed. */
export function loadSupabase(): Promise<SupabaseClient> {
  return import('./supabase.ts').then((module) => module.supabase);
}
