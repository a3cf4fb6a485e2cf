/** The one Supabase client of the web app (auth, tables, rpc, storage, realtime, functions). */
import { createClient } from '@supabase/supabase-js';
import { env } from './env.ts';
import { announceSupabaseClient } from './supabase-loader.ts';

export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey);
announceSupabaseClient(supabase);

/** The auth types features need, so that only this module imports supabase-js. */
export type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
