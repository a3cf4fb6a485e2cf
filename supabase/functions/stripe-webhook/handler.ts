/**
 * POST stripe-webhook: the payment provider's events (verify_jwt is off in supabase/config.toml;
 * the Stripe-Signature header is checked instead, forged or stale -> 400). Writes
 * stripe_subscriptions and the profile tier through apply_subscription_change, which is
 * idempotent, so the provider's redeliveries change nothing twice:
 * - checkout.session.completed: the tier paid for (metadata set by create-checkout) and the payment;
 * - customer.subscription.updated: status, period and cancellation; a lapsed one falls back to free;
 * - customer.subscription.deleted: back to free.
 */
import { serviceClient } from '../_shared/clients.ts';
import { env } from '../_shared/env.ts';
import { fail, json } from '../_shared/http.ts';
import { verifySignature } from '../_shared/stripe.ts';

interface StripeObject {
  id?: string;
  mode?: string;
  client_reference_id?: string | null;
  customer?: string | null;
  subscription?: string | null;
  amount_total?: number | null;
  currency?: string | null;
  status?: string;
  cancel_at_period_end?: boolean;
  current_period_start?: number;
  current_period_end?: number;
  items?: { data?: { current_period_start?: number; current_period_end?: number }[] };
  metadata?: Record<string, string>;
}

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
const time = (unix: number | undefined) => (typeof unix === 'number' ? new Date(unix * 1000).toISOString() : null);

export async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return fail(405, 'Method not allowed: use POST');
  const secret = env('STRIPE_WEBHOOK_SECRET');
  if (!secret) return fail(503, 'Webhook signing secret is not configured');
  const payload = await req.text();
  if (!(await verifySignature(secret, payload, req.headers.get('Stripe-Signature')))) {
    return fail(400, 'Invalid signature');
  }
  let event: { id?: string; type?: string; data?: { object?: StripeObject } };
  try {
    event = JSON.parse(payload);
  } catch {
    return fail(400, 'The payload must be JSON');
  }
  const object = event.data?.object;
  if (!object || !event.type) return fail(400, 'Not an event');
  const service = serviceClient();

  let userId = object.metadata?.user_id ?? object.client_reference_id ?? null;
  if (!userId && object.id && event.type.startsWith('customer.subscription.')) {
    const { data } = await service
      .from('stripe_subscriptions')
      .select('user_id')
      .eq('provider_subscription_id', object.id)
      .maybeSingle();
    userId = (data?.user_id as string | undefined) ?? null;
  }

  let change: Record<string, unknown> | null = null;
  if (event.type === 'checkout.session.completed' && object.mode === 'subscription') {
    change = {
      p_tier: object.metadata?.tier,
      p_status: 'active',
      p_customer_id: object.customer ?? null,
      p_subscription_id: object.subscription ?? null,
      p_amount_minor: object.amount_total ?? null,
      p_currency: object.currency ?? 'CHF',
      p_payment_ref: object.id,
    };
  } else if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const live = event.type === 'customer.subscription.updated' && LIVE_STATUSES.has(object.status ?? '');
    const item = object.items?.data?.[0];
    change = {
      p_tier: live ? object.metadata?.tier : 'free',
      p_status: event.type === 'customer.subscription.deleted' ? 'canceled' : (object.status ?? 'active'),
      p_period_start: time(object.current_period_start ?? item?.current_period_start),
      p_period_end: time(object.current_period_end ?? item?.current_period_end),
      p_cancel_at_period_end: object.cancel_at_period_end ?? false,
      p_customer_id: object.customer ?? null,
      p_subscription_id: object.id ?? null,
    };
  }
  if (!change) return json(200, { received: true, ignored: event.type });
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) return json(200, { received: true, ignored: 'no user' });
  if (!['free', 'starter', 'organizer'].includes(String(change.p_tier)))
    return fail(400, 'Unknown tier in the event metadata');

  const { error } = await service.rpc('apply_subscription_change', { p_user_id: userId, ...change });
  // An account deleted since the payment: acknowledged, so the provider stops retrying.
  if (error?.message === 'User not found') return json(200, { received: true, ignored: 'unknown user' });
  if (error) return fail(500, 'Failed to record the subscription');
  return json(200, { received: true });
}
