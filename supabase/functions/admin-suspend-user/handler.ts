/**
 * POST admin-suspend-user {userId} (site admins): bans the account in auth (no new sessions,
 * refresh refused, its sessions ended); its data stays visible to other members. A replay on a
 * suspended account changes and logs nothing.
 */
import { accountAction, isBanned } from '../_shared/accounts.ts';
import { logAdminAction } from '../_shared/clients.ts';
import { fail, json } from '../_shared/http.ts';

const FOREVER = '876000h';

export async function handler(req: Request): Promise<Response> {
  const action = await accountAction(req, 'You cannot suspend your own account');
  if (action instanceof Response) return action;
  const { caller, service, target, userId } = action;
  if (!target) return fail(404, 'User not found');
  if (!isBanned(target)) {
    const { error } = await service.auth.admin.updateUserById(userId, { ban_duration: FOREVER });
    if (error) return fail(500, 'Failed to suspend user');
    await logAdminAction(service, caller.user.id, 'suspend_user', userId, { email: target.email });
  }
  return json(200, { success: true, message: 'User suspended', userId });
}
