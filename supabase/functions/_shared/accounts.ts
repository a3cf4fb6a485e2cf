/**
 * The common shape of the admin account functions (suspend, reactivate, delete): POST {userId},
 * an admin caller, a target that exists and is not the caller, then the action with the service
 * role, logged in admin_activity.
 */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { authenticateAdmin, serviceClient, type Caller } from './clients.ts';
import { fail, preflight, readBody } from './http.ts';
import { userIdBody } from './schemas.ts';

export interface AccountAction {
  caller: Caller;
  service: SupabaseClient;
  /** The target's auth user, or null when it does not exist (any more). */
  target: User | null;
  userId: string;
}

export async function accountAction(req: Request, selfRefusal: string): Promise<AccountAction | Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const caller = await authenticateAdmin(req);
  if (caller instanceof Response) return caller;
  const body = await readBody(req, userIdBody);
  if (body instanceof Response) return body;
  if (body.userId === caller.user.id) return fail(400, selfRefusal);
  const service = serviceClient();
  const { data, error } = await service.auth.admin.getUserById(body.userId);
  if (error && error.status !== 404) return fail(500, 'Could not load the user');
  return { caller, service, target: data?.user ?? null, userId: body.userId };
}

export const isBanned = (user: User) =>
  Boolean(user.banned_until && new Date(user.banned_until).getTime() > Date.now());
