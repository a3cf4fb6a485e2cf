/** Live profile of the signed-in user, of anyone else visible on the device, and the subscription info. */
import type { ProfileRow, SubscriptionRow } from '../db/row-schemas.ts';
import { parseRow } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

export function useProfile(userId?: string): ProfileRow | null {
  return useDeviceQuery(
    async (db, me) => parseRow('profiles', await db.profiles.get(userId ?? me)) ?? null,
    [userId],
    null,
  );
}

export function useSubscription(): SubscriptionRow | null {
  return useDeviceQuery(async (db, me) => parseRow('subscriptions', await db.subscriptions.get(me)) ?? null, [], null);
}
