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
