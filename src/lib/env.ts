/**
 * The web app's build-time configuration, validated once. Without VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY the app talks to the local backend (`npm run backend`) with the Supabase
 * CLI's well-known local anon key.
 */
import { z } from 'zod/mini';

const LOCAL_URL = 'http://127.0.0.1:54321';
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const schema = z.object({
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().check(z.minLength(20)),
});

export const env = schema.parse({
  supabaseUrl: import.meta.env.VITE_SUPABASE_URL || LOCAL_URL,
  supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
});
