/**
 * The device database and its sync engine follow the signed-in user; their code (device-sync.ts)
 * is loaded only once someone is signed in, or may be (a stored session).
 */
import { mayHaveSession, useAuthStore } from '../features/auth/index.ts';
import { trackSessionChange } from '../sync/session-change.ts';

let isDeviceSyncLoaded = false;

function followAuth(state: ReturnType<typeof useAuthStore.getState>) {
  // A session still waiting for the second factor opens nothing: the app is closed until the code.
  const userId = state.status === 'signed-in' && !state.needsSecondFactor ? (state.session?.user.id ?? null) : null;
  if (userId || (state.status === 'signed-out' && isDeviceSyncLoaded)) {
    isDeviceSyncLoaded = true;
    const following = import('./device-sync.ts').then((sync) => sync.followSignedInUser(userId));
    // A screen may queue a change before this code has loaded (a Join tapped right after signing
    // up on the join page): the change waits for the session instead of failing.
    trackSessionChange(following);
  }
}

export function startFollowingAuth(): void {
  followAuth(useAuthStore.getState());
  // A returning user: fetch the device database's code while supabase-js restores the session.
  if (mayHaveSession()) void import('./device-sync.ts').catch(() => undefined);
  useAuthStore.subscribe(followAuth);
}
