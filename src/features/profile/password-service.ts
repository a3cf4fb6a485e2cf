/**
 * Password change (spec section 5): the current password is verified first by signing in on a
 * client of its own ('Current password is incorrect'; the app's session, perhaps a two-factor one,
 * stays as it is), then the auth service sets the new one. Needs the network.
 */
import { checkPassword, loadAuth } from '../../sync/backend.ts';

export async function changePassword(email: string, current: string, next: string): Promise<string | null> {
  try {
    if (await checkPassword(email, current)) return 'Current password is incorrect';
    const { error } = await (await loadAuth()).updateUser({ password: next });
    return error ? error.message || 'Failed to update password' : null;
  } catch {
    return 'Failed to update password';
  }
}
