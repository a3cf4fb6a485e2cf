/**
 * POST admin-update-user-tier {userId, subscriptionTier} (site admins): through the
 * admin_update_user_tier procedure, called as the caller, which checks the admin role again,
 * sets the profile tier and subscription row and logs the change.
 */
import { authenticateAdmin } from '../_shared/clients.ts';
import { fail, json, preflight, readBody } from '../_shared/http.ts';
import { updateTierBody } from '../_shared/schemas.ts';

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const caller = await authenticateAdmin(req);
  if (caller instanceof Response) return caller;
  const body = await readBody(req, updateTierBody);
  if (body instanceof Response) return body;
  const { data, error } = await caller.client.rpc('admin_update_user_tier', {
    p_user_id: body.userId,
    p_tier: body.subscriptionTier,
  });
  if (error?.message === 'User not found') return fail(404, 'User not found');
  if (error?.code === '42501') return fail(403, error.message);
  if (error) return fail(500, 'Failed to update subscription tier');
  return json(200, data);
}
