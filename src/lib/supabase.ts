/** The one Supabase client of the web app (auth, tables, rpc, storage, realtime, functions). */
import { createClient } from '@supabase/supabase-js';
import { env } from './env.ts';

export const supabase = createClient(env.supabaseUrl, env.supabaseAnonKey);

/** The auth types features need, so that only this module imports supabase-js. */
export type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
