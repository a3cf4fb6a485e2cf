/**
 * The card payment provider (Stripe), reached with fetch and Web Crypto only: the checkout
 * session request and the webhook signature check (`Stripe-Signature: t=<unix>,v1=<hex>`, an
 * HMAC-SHA256 of `<t>.<payload>` under the endpoint's signing secret, 5 minutes of tolerance).
 */
import { env } from './env.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(signature, (b) => b.toString(16).padStart(2, '0')).join('');
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The header a provider would send for this payload (used by tests and local tools). */
export async function signPayload(
  secret: string,
  payload: string,
  timestamp = Math.floor(Date.now() / 1000),
): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${payload}`)}`;
}

/** True when one v1 signature of the header matches and its timestamp is within the tolerance. */
export async function verifySignature(
  secret: string,
  payload: string,
  header: string | null,
  now = Date.now(),
): Promise<boolean> {
  if (!header) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value ?? '')) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = await hmacHex(secret, `${timestamp}.${payload}`);
  return signatures.some((signature) => constantTimeEqual(signature, expected));
}

export interface CheckoutRequest {
  secretKey: string;
  userId: string;
  email: string | undefined;
  tier: string;
  tierName: string;
  amountMinor: number;
  interval: 'month' | 'year';
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

/** Opens a hosted subscription checkout; answers its URL or the provider's error message. */
export async function createCheckoutSession(request: CheckoutRequest): Promise<{ url: string } | { error: string }> {
  const form = new URLSearchParams({
    mode: 'subscription',
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    client_reference_id: request.userId,
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': request.currency.toLowerCase(),
    'line_items[0][price_data][unit_amount]': String(request.amountMinor),
    'line_items[0][price_data][recurring][interval]': request.interval,
    'line_items[0][price_data][product_data][name]': `CrewCamp ${request.tierName}`,
    'metadata[user_id]': request.userId,
    'metadata[tier]': request.tier,
    'subscription_data[metadata][user_id]': request.userId,
    'subscription_data[metadata][tier]': request.tier,
  });
  if (request.email) form.set('customer_email', request.email);
  const base = env('STRIPE_API_BASE') ?? 'https://api.stripe.com';
  const response = await fetch(`${base}/v1/checkout/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${request.secretKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: { message?: string } };
  if (!response.ok)
    return { error: body.error?.message ?? `HTTP ${response.status}: Failed to create checkout session` };
  if (!body.url) return { error: 'No checkout URL returned' };
  return { url: body.url };
}
