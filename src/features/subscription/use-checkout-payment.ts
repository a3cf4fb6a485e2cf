/**
 * Whether the server knows a checkout for the signed-in user: the payment recorded under the
 * provider's reference (the checkout session's id, or the mock flow's), read online under RLS and
 * filtered to the caller, so a made-up id or someone else's says so instead of "Payment received".
 */
import { useEffect, useState } from 'react';
import { readRows } from '../../sync/backend.ts';

export interface KnownPayment {
  amount_minor: number;
  currency: string;
  description: string | null;
  created_at: string;
}

export type CheckoutLookup =
  { state: 'checking' } | { state: 'unknown' } | { state: 'offline' } | { state: 'found'; payment: KnownPayment };

export function useCheckoutPayment(reference: string, userId: string | null): CheckoutLookup {
  const [answer, setAnswer] = useState<{ key: string; lookup: CheckoutLookup } | null>(null);
  const key = `${reference}|${userId ?? ''}`;
  useEffect(() => {
    if (!userId || !reference) return;
    let live = true;
    void readRows('payments', {
      columns: ['amount_minor', 'currency', 'description', 'created_at'],
      equals: { provider_ref: reference, user_id: userId },
      limit: 1,
    }).then(({ rows, error }) => {
      if (!live) return;
      const lookup: CheckoutLookup = error
        ? { state: navigator.onLine ? 'unknown' : 'offline' }
        : rows[0]
          ? { state: 'found', payment: rows[0] }
          : { state: 'unknown' };
      setAnswer({ key, lookup });
    });
    return () => {
      live = false;
    };
  }, [reference, userId, key]);
  if (!reference) return { state: 'unknown' };
  return answer?.key === key ? answer.lookup : { state: 'checking' };
}
