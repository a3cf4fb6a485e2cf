/**
 * GET get-all-users (site admins): every account, its profile merged with what auth knows (last
 * sign-in, confirmation, ban), for the admin Accounts tab.
 */
import type { User } from '@supabase/supabase-js';
import { authenticateAdmin, serviceClient } from '../_shared/clients.ts';
import { fail, json, preflight } from '../_shared/http.ts';

const PAGE = 1000;

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'GET');
  if (early) return early;
  const caller = await authenticateAdmin(req);
  if (caller instanceof Response) return caller;
  const service = serviceClient();

  const authUsers: User[] = [];
  for (let page = 1; ; page++) {
    const { data, error } = await service.auth.admin.listUsers({ page, perPage: PAGE });
    if (error) return fail(500, 'Failed to fetch users');
    authUsers.push(...data.users);
    if (data.users.length < PAGE) break;
  }
  const { data: profiles, error } = await service
    .from('profiles')
    .select('id, name, email, avatar, first_name, last_name, role, subscription_tier, created_at, updated_at');
  if (error) return fail(500, 'Failed to fetch users');
  const byId = new Map(profiles.map((p) => [p.id as string, p]));
  const now = Date.now();
  const users = authUsers.map((user) => {
    const profile = byId.get(user.id);
    const bannedUntil = user.banned_until ?? null;
    return {
      id: user.id,
      email: user.email ?? profile?.email ?? null,
      name: profile?.name ?? null,
      avatar: profile?.avatar ?? null,
      first_name: profile?.first_name ?? null,
      last_name: profile?.last_name ?? null,
      role: profile?.role ?? 'user',
      subscription_tier: profile?.subscription_tier ?? 'free',
      created_at: user.created_at,
      last_sign_in_at: user.last_sign_in_at ?? null,
      email_confirmed_at: user.email_confirmed_at ?? null,
      banned_until: bannedUntil,
      is_banned: bannedUntil !== null && new Date(bannedUntil).getTime() > now,
    };
  });
  users.sort((a, b) => (a.email ?? '').localeCompare(b.email ?? ''));
  return json(200, { users });
}
