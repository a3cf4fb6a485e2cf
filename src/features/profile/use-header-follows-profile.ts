/**
 * The header's avatar and name follow the profile at once: when the device's copy of the profile
 * (changed optimistically by a profile change) differs from the signed-in user the shell shows,
 * the shown user is updated and cached for the next start.
 */
import { useEffect } from 'react';
import type { ProfileRow } from './sync/profile-rows.ts';
import { useAuthStore } from '../auth/index.ts';
import { writeCachedProfile } from '../auth/index.ts';

export function useHeaderFollowsProfile(profile: ProfileRow | null): void {
  useEffect(() => {
    const { user } = useAuthStore.getState();
    if (!profile || !user || user.id !== profile.id) return;
    const firstName = profile.first_name ?? profile.name?.split(' ')[0] ?? null;
    if (user.name === profile.name && user.avatar === profile.avatar && user.firstName === firstName) return;
    const next = { ...user, name: profile.name, avatar: profile.avatar, firstName };
    writeCachedProfile(next);
    useAuthStore.setState({ user: next });
  }, [profile]);
}
