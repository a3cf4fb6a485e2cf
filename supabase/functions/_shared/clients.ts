/**
 * Who is calling, and the clients to act with. A function acts as its caller (their bearer
 * forwarded, so RLS and the procedures' own checks apply) wherever it can; the service-role
 * client is made only after the caller has been checked, for what the caller's rights cannot do
 * (the auth admin API, other users' rows).
 */
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';
import { fail } from './http.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export const AUTH_REQUIRED = 'Authentication required. Please log in and try again.';

export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), options);
}

export function anonClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), options);
}

export interface Caller {
  user: User;
  /** A client acting as the caller. */
  client: SupabaseClient;
}

/** The signed-in caller, or a 401 answer. */
export async function authenticate(req: Request): Promise<Caller | Response> {
  const header = req.headers.get('Authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) return fail(401, AUTH_REQUIRED);
  const client = createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    ...options,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
  const { data, error } = await client.auth.getUser(token);
  if (error || !data.user) return fail(401, AUTH_REQUIRED);
  return { user: data.user, client };
}

/** A signed-in site admin (profile role admin), or a 401/403 answer. */
export async function authenticateAdmin(req: Request): Promise<Caller | Response> {
  const caller = await authenticate(req);
  if (caller instanceof Response) return caller;
  const { data, error } = await caller.client.rpc('is_site_admin');
  if (error) return fail(500, 'Could not check your role');
  if (data !== true) return fail(403, 'Admin access required');
  return caller;
}

/** Writes one line of the admin activity log (service role). */
export async function logAdminAction(
  service: SupabaseClient,
  actorId: string | null,
  action: string,
  targetId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const { error } = await service
    .from('admin_activity')
    .insert({ actor_id: actorId, action, target_type: 'user', target_id: targetId, details });
  if (error) throw new Error(`admin_activity: ${error.message}`);
}
