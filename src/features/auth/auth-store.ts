/**
 * The auth state of the app (spec section 4): initializing, then signed in or signed out. The
 * session comes from supabase-js; sign-in loads the profile's role, tier, name and avatar, cached
 * locally so an offline start knows them. Session events (signed in, signed out, token refreshed,
 * password recovery, user updated, MFA verified) are recorded as `lastEvent`.
 *
 * supabase-js is loaded at start only when a session may exist (stored, or arriving in the URL);
 * otherwise the visitor is signed out at once and supabase-js comes with the first page or form
 * that needs it (src/sync/backend.ts loads it on first use), the store following it from then on.
 */
import { create } from 'zustand';
import { loadAuth, whenAuthLoaded, type AuthChangeEvent, type AuthClient, type Session } from '../../sync/backend.ts';
import { clearStoredSession, isSessionStored, mayHaveSession, storedSessionToStartWith } from './stored-session.ts';
import { clearCachedProfile, readCachedProfile, writeCachedProfile, type CurrentUser } from './profile-cache.ts';
import { needsSecondFactor } from './session-level.ts';

type AuthStatus = 'initializing' | 'signed-in' | 'signed-out';

interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** The profile essentials; null until known (signed out, or first sign-in still loading). */
  user: CurrentUser | null;
  lastEvent: AuthChangeEvent | null;
  /**
   * True while the session proved only the password of a user with an authenticator app: the app
   * stays closed (and the device database unopened) until the code is given.
   */
  needsSecondFactor: boolean;
  /** True after a password recovery link opened a session, until the new password is set. */
  isRecovering: boolean;
  /** Set when the auth service could not start ('Auth initialization failed'). */
  initError: string | null;
  /** A sign-out waiting for the user's word because changes have not been sent yet. */
  signOutConfirm: { unsentCount: number; loginHref: string } | null;
  reloadProfile(): Promise<void>;
  finishRecovery(): void;
}

export const useAuthStore = create<AuthState>(() => ({
  status: 'initializing',
  session: null,
  user: null,
  lastEvent: null,
  needsSecondFactor: false,
  isRecovering: false,
  initError: null,
  signOutConfirm: null,
  async reloadProfile() {
    const { session } = useAuthStore.getState();
    if (!session) return;
    try {
      const { fetchProfile } = await import('./auth-service.ts');
      const user = await fetchProfile(session.user);
      if (useAuthStore.getState().session?.user.id !== user.id) return;
      writeCachedProfile(user);
      useAuthStore.setState({ user });
    } catch {
      // offline or not reachable: the cached profile stays; the next session event tries again
    }
  },
  finishRecovery() {
    useAuthStore.setState({ isRecovering: false });
  },
}));

function applySession(event: AuthChangeEvent, session: Session | null) {
  const previous = useAuthStore.getState();
  if (!session) {
    clearCachedProfile();
    useAuthStore.setState({
      status: 'signed-out',
      session: null,
      user: null,
      lastEvent: event,
      needsSecondFactor: false,
      isRecovering: false,
    });
    return;
  }
  const sameUser = previous.user?.id === session.user.id;
  useAuthStore.setState({
    status: 'signed-in',
    session,
    user: sameUser ? previous.user : readCachedProfile(session.user.id),
    lastEvent: event,
    needsSecondFactor: needsSecondFactor(session),
    isRecovering: event === 'PASSWORD_RECOVERY' ? true : previous.isRecovering,
  });
  if (event !== 'TOKEN_REFRESHED' || !sameUser) {
    // Outside the callback: supabase-js must not be called while it notifies its listeners.
    setTimeout(() => void useAuthStore.getState().reloadProfile(), 0);
  }
}

let started = false;
/**
 * Set once supabase-js is loaded. The app may be signed in before (from the stored session): a
 * sign-out then finds no client and forgets the stored session itself (`clearStoredSession`).
 */
let auth: AuthClient | undefined;

function followClient(client: AuthClient) {
  auth = client;
  client.onAuthStateChange((event, session) => applySession(event, session));
  client.getSession().then(
    ({ error }) => {
      if (error) useAuthStore.setState({ initError: error.message || 'Auth initialization failed' });
    },
    () => {
      useAuthStore.setState({ initError: 'Auth initialization failed' });
      if (useAuthStore.getState().status === 'initializing') applySession('SIGNED_OUT', null);
    },
  );
}

/** Follows supabase-js's session events; call once, before the first render. */
export function startAuth(): void {
  if (started) return;
  started = true;
  whenAuthLoaded(followClient);
  const loadNow = () =>
    void loadAuth().catch(() => {
      useAuthStore.setState({ initError: 'Auth initialization failed' });
      if (useAuthStore.getState().status === 'initializing') applySession('SIGNED_OUT', null);
    });
  if (mayHaveSession()) {
    loadNow();
    // The stored session opens the app at once (its device database, the first screen); supabase-js
    // then confirms it, refreshes it, or signs out, and the store follows its events. Offline with
    // an expired token supabase-js answers only after its refresh has been tried for about 25 s.
    void storedSessionToStartWith().then((session) => {
      if (session && useAuthStore.getState().status === 'initializing') applySession('INITIAL_SESSION', session);
    });
  } else {
    // No session to restore: signed out now, without waiting for supabase-js.
    applySession('INITIAL_SESSION', null);
    // Another tab signing in stores a session: follow it as supabase-js would have.
    window.addEventListener('storage', (event) => {
      if (isSessionStored(event)) loadNow();
    });
  }
  window.addEventListener('profile-updated', () => void useAuthStore.getState().reloadProfile());
}

/** Changes on this device the server has not accepted yet (0 when the engine is not running). */
async function countUnsent(): Promise<number> {
  try {
    const { unsentCount } = await import('../../data/sign-out-data.ts');
    return await unsentCount();
  } catch {
    return 0;
  }
}

/**
 * Sign-out (spec section 4): clears the user and reloads the page at /login, also when the auth
 * service fails or cannot be reached. With changes not yet sent it first asks (`signOutConfirm`,
 * answered by `confirmSignOut` or `cancelSignOut`) and answers false; signing out anyway deletes
 * the device database, unsent changes included. Answers true once it is signing out.
 */
export async function signOut(loginHref: string, options: { isConfirmed?: boolean } = {}): Promise<boolean> {
  if (!options.isConfirmed) {
    const unsentCount = await countUnsent();
    if (unsentCount > 0) {
      useAuthStore.setState({ signOutConfirm: { unsentCount, loginHref } });
      return false;
    }
  }
  useAuthStore.setState({ signOutConfirm: null });
  if (options.isConfirmed) {
    try {
      const { forgetDevice } = await import('../../data/sign-out-data.ts');
      await forgetDevice();
    } catch {
      // The device database could not be deleted (another tab holds it): sign out all the same.
    }
  }
  try {
    const answer = await auth?.signOut();
    if (!answer || answer.error) clearStoredSession();
  } catch {
    clearStoredSession();
  }
  clearCachedProfile();
  useAuthStore.setState({
    status: 'signed-out',
    session: null,
    user: null,
    lastEvent: 'SIGNED_OUT',
    needsSecondFactor: false,
  });
  window.location.replace(loginHref);
  return true;
}

export function confirmSignOut(): Promise<boolean> {
  const pending = useAuthStore.getState().signOutConfirm;
  if (!pending) return Promise.resolve(false);
  return signOut(pending.loginHref, { isConfirmed: true });
}

export function cancelSignOut(): void {
  useAuthStore.setState({ signOutConfirm: null });
}

/**
 * The session could not be refreshed: forget it on this device (not the device database, whose
 * queued changes are sent once the same user has signed in again) and go to the sign-in page.
 */
export async function signInAgain(loginHref: string): Promise<void> {
  try {
    await auth?.signOut({ scope: 'local' });
  } catch {
    // nothing to forget
  }
  clearStoredSession();
  clearCachedProfile();
  useAuthStore.setState({
    status: 'signed-out',
    session: null,
    user: null,
    lastEvent: 'SIGNED_OUT',
    needsSecondFactor: false,
  });
  window.location.replace(loginHref);
}
