/**
 * The auth calls of the app, each answering an error text for the form (the auth service's
 * message, or the spec's fallback of section 8) instead of throwing.
 */
import { callFunction, callRpc, loadAuth, readRows, type User } from '../../sync/backend.ts';
import { currentUserSchema, type CurrentUser } from './profile-cache.ts';

export type Outcome = { error: string | null };

/** The auth service's words where its own are terse or technical, by its error code. */
const CLEARER: Record<string, string> = {
  over_request_rate_limit: 'Too many attempts from this device. Please wait a few minutes and try again.',
  user_banned: 'This account is suspended. Please contact the CrewCamp team if you think this is a mistake.',
};

const messageOf = (error: unknown, fallback: string): string => {
  if (!error || typeof error !== 'object') return fallback;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (CLEARER[code]) return CLEARER[code];
  // The sign-up gate's refusals (waitlist on, registration closed) arrive in clear words already.
  return 'message' in error && typeof error.message === 'string' && error.message ? error.message : fallback;
};

export async function signInWithPassword(email: string, password: string): Promise<Outcome> {
  try {
    const { error } = await (await loadAuth()).signInWithPassword({ email: email.trim(), password });
    return { error: error ? messageOf(error, 'Sign in failed') : null };
  } catch (error) {
    return { error: messageOf(error, 'Sign in failed') };
  }
}

/** Open sign-up: the database makes the profile (role user) from the metadata. */
// A mailed invitation's token (`invitationToken`) lets its address past the waitlist: the sign-up
// gate reads it from the metadata (20261127090400_invitation_sign_up_token.sql).
export async function signUpOpen(
  name: string,
  email: string,
  password: string,
  invitationToken?: string,
): Promise<Outcome> {
  try {
    const { data, error } = await (
      await loadAuth()
    ).signUp({
      email: email.trim(),
      password,
      options: {
        data: invitationToken ? { name: name.trim(), invitation_token: invitationToken } : { name: name.trim() },
      },
    });
    if (error) return { error: messageOf(error, 'Sign up failed') };
    if (!data.session) return signInWithPassword(email, password);
    return { error: null };
  } catch (error) {
    return { error: messageOf(error, 'Sign up failed') };
  }
}

/** Sign-up through an approved waitlist entry: admin-create-user makes the account, then we sign in. */
export async function signUpWithApproval(
  name: string,
  email: string,
  password: string,
  approvalToken: string,
): Promise<Outcome> {
  try {
    const answer = await callFunction('admin-create-user', { email, password, name: name.trim(), approvalToken });
    if (answer.status === 0) return { error: 'Registration failed' };
    if (answer.status < 200 || answer.status >= 300) {
      const { body } = answer;
      const message =
        body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : null;
      return { error: message ?? 'Failed to create account' };
    }
    return signInWithPassword(email, password);
  } catch (error) {
    return { error: messageOf(error, 'Registration failed') };
  }
}

/** The approved email of a signed approval link, or null when the link is not (or no longer) valid. */
export async function approvedEmailOf(token: string): Promise<{ email: string; name: string | null } | null> {
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  let email: string;
  try {
    const base64 = token.slice(0, dot).replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    email = new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
  const { data, error } = await callRpc('get_waitlist_entry_by_email', { p_email: email, p_token: token });
  if (error || !data || typeof data !== 'object') return null;
  const entry = data as { email?: unknown; name?: unknown; status?: unknown };
  if (entry.status !== 'approved' || typeof entry.email !== 'string') return null;
  return { email: entry.email, name: typeof entry.name === 'string' ? entry.name : null };
}

export async function requestPasswordReset(email: string): Promise<Outcome> {
  try {
    const { error } = await (
      await loadAuth()
    ).resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    return { error: error ? messageOf(error, 'Failed to send the reset link') : null };
  } catch (error) {
    return { error: messageOf(error, 'Failed to send the reset link') };
  }
}

export async function updatePassword(password: string): Promise<Outcome> {
  try {
    const { error } = await (await loadAuth()).updateUser({ password });
    return { error: error ? messageOf(error, 'Failed to update password') : null };
  } catch (error) {
    return { error: messageOf(error, 'Failed to update password') };
  }
}

/** Loads role, tier, name and avatar of the signed-in user from their profile row. */
export async function fetchProfile(user: User): Promise<CurrentUser> {
  const { rows, error } = await readRows('profiles', {
    columns: ['id', 'email', 'name', 'first_name', 'avatar', 'role', 'subscription_tier'],
    equals: { id: user.id },
  });
  const [data] = rows;
  if (error || !data) throw new Error('Failed to fetch profile');
  return currentUserSchema.parse({
    id: data.id,
    email: data.email ?? user.email ?? null,
    name: data.name ?? null,
    firstName: data.first_name ?? null,
    avatar: data.avatar ?? null,
    role: data.role,
    tier: data.subscription_tier,
  });
}
