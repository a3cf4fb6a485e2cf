/**
 * POST manage-subscription {action: 'cancel' | 'resume' | 'downgrade', tier?} with the caller's
 * bearer (issue 21). With STRIPE_SECRET_KEY set the provider's customer portal does all three: the
 * answer is its URL, and its webhooks record what the person chose there. Without it (always on
 * the local backend) it is the mock flow: cancel marks the subscription to end with its period,
 * resume takes that back, downgrade moves to the lower tier at once. A lower tier keeps every
 * event's data and only gates it (decisions "Tiers": the events follow their creator's tier).
 */
import { authenticate, serviceClient } from '../_shared/clients.ts';
import { env } from '../_shared/env.ts';
import { fail, json, preflight, readBody } from '../_shared/http.ts';
import { manageSubscriptionBody } from '../_shared/schemas.ts';
import { siteUrl } from '../_shared/site.ts';

const RANK: Record<string, number> = { free: 0, starter: 1, organizer: 2 };

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const caller = await authenticate(req);
  if (caller instanceof Response) return caller;
  const body = await readBody(req, manageSubscriptionBody);
  if (body instanceof Response) return body;

  const service = serviceClient();
  const [{ data: profile }, { data: row }] = await Promise.all([
    service.from('profiles').select('subscription_tier').eq('id', caller.user.id).single(),
    service
      .from('stripe_subscriptions')
      .select('provider_customer_id, cancel_at_period_end')
      .eq('user_id', caller.user.id)
      .maybeSingle(),
  ]);
  const tier = String(profile?.subscription_tier ?? 'free');
  if (tier === 'free') return fail(400, 'You are on the free plan: there is no subscription to change.');
  if (body.action === 'downgrade' && (!body.tier || RANK[body.tier] >= RANK[tier]))
    return fail(400, 'Choose a plan below your current one.');

  const secretKey = env('STRIPE_SECRET_KEY');
  if (secretKey) {
    if (!row?.provider_customer_id) return fail(400, 'No subscription with the payment provider to manage.');
    const base = env('STRIPE_API_BASE') ?? 'https://api.stripe.com';
    const response = await fetch(`${base}/v1/billing_portal/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        customer: row.provider_customer_id,
        return_url: `${siteUrl(req) ?? 'http://localhost:5173'}/subscription`,
      }),
    });
    const portal = (await response.json().catch(() => ({}))) as { url?: string; error?: { message?: string } };
    if (!response.ok || !portal.url)
      return fail(502, portal.error?.message ?? `HTTP ${response.status}: Failed to open the billing portal`);
    return json(200, { url: portal.url });
  }

  const change =
    body.action === 'downgrade'
      ? { p_tier: body.tier, p_cancel_at_period_end: false }
      : { p_tier: tier, p_cancel_at_period_end: body.action === 'cancel' };
  const applied = await service.rpc('apply_subscription_change', {
    p_user_id: caller.user.id,
    p_status: 'active',
    ...change,
  });
  if (applied.error) return fail(500, 'HTTP 500: Failed to change the subscription');
  return json(200, { tier: change.p_tier, cancel_at_period_end: change.p_cancel_at_period_end });
}
