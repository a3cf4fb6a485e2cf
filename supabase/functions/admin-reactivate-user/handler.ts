/**
 * POST admin-reactivate-user {userId} (site admins): lifts the auth ban. A replay on an active
 * account changes and logs nothing.
 */
import { accountAction, isBanned } from '../_shared/accounts.ts';
import { logAdminAction } from '../_shared/clients.ts';
import { fail, json } from '../_shared/http.ts';

export async function handler(req: Request): Promise<Response> {
  const action = await accountAction(req, 'You cannot reactivate your own account');
  if (action instanceof Response) return action;
  const { caller, service, target, userId } = action;
  if (!target) return fail(404, 'User not found');
  if (isBanned(target)) {
    const { error } = await service.auth.admin.updateUserById(userId, { ban_duration: 'none' });
    if (error) return fail(500, 'Failed to reactivate user');
    await logAdminAction(service, caller.user.id, 'reactivate_user', userId, { email: target.email });
  }
  return json(200, { success: true, message: 'User reactivated', userId });
}
