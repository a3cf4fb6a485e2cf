/**
 * The one Supabase client of the web app (auth, tables, rpc, storage, realtime, functions). The
 * session lives in IndexedDB (auth-storage.ts) so the service worker can read it too.
 */
import { createClient } from '@supabase/supabase-js';
import { authStorage } from './auth-storage.ts';
import { env } from './env.ts';

export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey, { auth: { storage: authStorage } });

/** The auth types features need, so that only this module imports supabase-js. */
export type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
