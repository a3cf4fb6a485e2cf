/**
 * Handing an event over, online only: the new owner's tier (read online, for the warning) and the
 * call of transfer_event_ownership, after which the device pulls the event's new roles and tier.
 */
import { useEffect, useState } from 'react';
import { isTier, type Tier } from '../../../access/tiers.ts';
import { requestSync } from '../../../data/index.ts';
import { callRpc, readRows } from '../../../sync/backend.ts';

/** The tier of a member (null while it loads, or when it cannot be read now). */
export function useMemberTier(userId: string | null): Tier | null {
  const [tier, setTier] = useState<{ userId: string; tier: Tier } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void readRows('profiles', { columns: ['id', 'subscription_tier'], equals: { id: userId } }).then(({ rows }) => {
      const found = rows[0]?.subscription_tier;
      if (live && isTier(found)) setTier({ userId, tier: found });
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return tier && tier.userId === userId ? tier.tier : null;
}

/** Transfers the event; answers null on success, else the sentence to show. */
export async function transferOwnership(eventId: string, newOwnerId: string): Promise<string | null> {
  const { data, error } = await callRpc('transfer_event_ownership', {
    p_event_id: eventId,
    p_new_owner_id: newOwnerId,
  });
  if (error) {
    return error.code === 'network'
      ? 'The server could not be reached. Try again when you are online.'
      : 'Failed to transfer ownership';
  }
  const answer = data as { success?: boolean; message?: string } | null;
  if (!answer?.success) return answer?.message ?? 'Failed to transfer ownership';
  await requestSync();
  return null;
}
