/**
 * POST admin-delete-user {userId} (site admins): removes the auth user and, by cascade, the
 * profile and memberships. First the database hands over the events the user created: alone,
 * they go with the user; shared, they pass to the longest-standing admin, else member (decisions).
 * A replay for an account already gone answers success.
 */
import { accountAction } from '../_shared/accounts.ts';
import { fail, json } from '../_shared/http.ts';

export async function handler(req: Request): Promise<Response> {
  const action = await accountAction(req, 'You cannot delete your own account');
  if (action instanceof Response) return action;
  const { caller, service, target, userId } = action;
  if (!target) return json(200, { success: true, message: 'User already deleted', userId });
  const { data: handedOver, error } = await service.rpc('prepare_user_deletion', {
    p_user_id: userId,
    p_actor_id: caller.user.id,
  });
  if (error) return fail(500, 'Failed to delete user');
  const deleted = await service.auth.admin.deleteUser(userId);
  if (deleted.error && deleted.error.status !== 404) return fail(500, 'Failed to delete user');
  return json(200, { success: true, message: 'User deleted', userId, ...handedOver });
}
