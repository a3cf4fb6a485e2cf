/**
 * POST create-checkout {subscriptionTier, currency = 'CHF', interval = 'month' | 'year'} with the
 * caller's bearer; a yearly plan costs the tier's yearly price for a year. The known
 * products are the paid tiers. With STRIPE_SECRET_KEY set it opens the provider's hosted checkout
 * (the webhook then records the subscription). Without it (always on the local backend) it is the
 * mock flow of the spec: the server applies the tier at once, as a paid webhook would, records the
 * payment (not again when the tier is already the caller's: a replay pays nothing twice) and
 * answers the success page's URL with mock=true.
 */
import { authenticate, serviceClient } from '../_shared/clients.ts';
import { env } from '../_shared/env.ts';
import { fail, json, preflight, readBody } from '../_shared/http.ts';
import { checkoutBody } from '../_shared/schemas.ts';
import { siteUrl } from '../_shared/site.ts';
import { createCheckoutSession } from '../_shared/stripe.ts';

const PRODUCTS: Record<string, string> = { starter: 'Starter', organizer: 'Organizer' };

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req, 'POST');
  if (early) return early;
  const caller = await authenticate(req);
  if (caller instanceof Response) return caller;
  const body = await readBody(req, checkoutBody);
  if (body instanceof Response) return body;
  const tier = body.subscriptionTier;
  if (!Object.hasOwn(PRODUCTS, tier)) return fail(400, `Product not found for tier: ${tier}`);

  const service = serviceClient();
  const { data: limits, error } = await service
    .from('tier_limits')
    .select('monthly_price, yearly_price')
    .eq('tier', tier)
    .single();
  if (error) return fail(500, 'HTTP 500: Failed to create checkout session');
  const yearly = body.interval === 'year';
  const amountMinor = Math.round(Number(yearly ? limits.yearly_price : limits.monthly_price) * 100);
  const origin = siteUrl(req) ?? 'http://localhost:5173';
  const tierParam = encodeURIComponent(tier);

  const secretKey = env('STRIPE_SECRET_KEY');
  if (secretKey) {
    const session = await createCheckoutSession({
      secretKey,
      userId: caller.user.id,
      email: caller.user.email,
      tier,
      tierName: PRODUCTS[tier],
      amountMinor,
      interval: body.interval,
      currency: body.currency,
      successUrl: `${origin}/checkout/subscription/success?tier=${tierParam}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/subscription?upgrade_cancelled=true`,
    });
    if ('error' in session) return fail(502, session.error);
    return json(200, { url: session.url });
  }

  const { data: profile } = await service
    .from('profiles')
    .select('subscription_tier')
    .eq('id', caller.user.id)
    .single();
  const alreadyOnTier = profile?.subscription_tier === tier;
  const now = new Date();
  const periodEnd = new Date(now);
  if (yearly) periodEnd.setUTCFullYear(periodEnd.getUTCFullYear() + 1);
  else periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
  const applied = await service.rpc('apply_subscription_change', {
    p_user_id: caller.user.id,
    p_tier: tier,
    p_status: 'active',
    p_period_start: alreadyOnTier ? null : now.toISOString(),
    p_period_end: alreadyOnTier ? null : periodEnd.toISOString(),
    p_cancel_at_period_end: false,
    p_amount_minor: alreadyOnTier ? null : amountMinor,
    p_currency: body.currency,
    p_payment_ref: `mock_${crypto.randomUUID()}`,
  });
  if (applied.error) return fail(500, 'HTTP 500: Failed to create checkout session');
  return json(200, { url: `${origin}/checkout/subscription/success?tier=${tierParam}&mock=true` });
}
