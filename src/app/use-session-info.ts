/**
 * What the route guards need to decide: auth status, the user's role and tier once known, and the
 * site switches once known.
 */
import { checkAccess, type AccessResult } from '../access/check-access.ts';
import { useAuthStore } from '../features/auth/index.ts';
import { useAppSettingsStore } from '../lib/app-settings-store.ts';

export function useAuthStatus() {
  return useAuthStore((state) => state.status);
}

/** True while the session waits for the code of the user's authenticator app. */
export function useNeedsSecondFactor() {
  return useAuthStore((state) => state.needsSecondFactor);
}

export function useSettings() {
  const settings = useAppSettingsStore((state) => state.settings);
  const isReady = useAppSettingsStore((state) => state.isReady);
  return { ...settings, isReady };
}

/** The access of the signed-in user to a page key; null while their profile is not known yet. */
export function usePageAccess(key: string): AccessResult | null {
  const user = useAuthStore((state) => state.user);
  const componentAccess = useAppSettingsStore((state) => state.settings.componentAccess);
  if (!user) return null;
  return checkAccess(key, { user: { role: user.role, tier: user.tier }, componentAccess });
}
