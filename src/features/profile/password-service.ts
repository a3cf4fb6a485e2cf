/**
 * Password change (spec section 5): the current password is verified first by signing in again
 * ('Current password is incorrect'), then the auth service sets the new one. Needs the network.
 */
import { loadAuth } from '../../sync/backend.ts';

export async function changePassword(email: string, current: string, next: string): Promise<string | null> {
  try {
    const auth = await loadAuth();
    const { error: signInError } = await auth.signInWithPassword({ email, password: current });
    if (signInError) return 'Current password is incorrect';
    const { error } = await auth.updateUser({ password: next });
    return error ? error.message || 'Failed to update password' : null;
  } catch {
    return 'Failed to update password';
  }
}
