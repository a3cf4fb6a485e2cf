/**
 * Starting a subscription checkout (spec sections 7 and 8): `create-checkout` with the bearer
 * token, the tier and the currency. Any failure ('Product not found for tier: {tier}',
 * 'Authentication required. Please log in and try again.', 'HTTP {status}: Failed to create
 * checkout session', 'No checkout URL returned') falls back to the mock success path, as the spec
 * says; the error is kept for the success page, which tells the truth about the resulting plan.
 */
import { tierAlias, type Tier } from '../../access/tiers.ts';
import { paths } from '../../lib/paths.ts';
import { callFunction, currentSession } from '../../sync/backend.ts';
import { readCheckoutAnswer } from './checkout-answer.ts';

const KNOWN_PRODUCTS: readonly Tier[] = ['starter', 'organizer'];
const ERROR_KEY = 'crewcamp-checkout-error';

export type CheckoutResult = { url: string; error: null } | { url: string; error: string };

/** The mock success path of a tier. */
const mockSuccessPath = (tier: string) => paths.subscriptionSuccess.href({ tier, mock: true });

export type BillingInterval = 'month' | 'year';

export async function startCheckout(
  tier: Tier,
  currency = 'CHF',
  interval: BillingInterval = 'month',
): Promise<CheckoutResult> {
  const fallback = (error: string): CheckoutResult => {
    rememberCheckoutError(error);
    return { url: mockSuccessPath(tier), error };
  };
  if (!KNOWN_PRODUCTS.includes(tier)) return fallback(`Product not found for tier: ${tierAlias(tier)}`);
  if (!(await currentSession().catch(() => null)))
    return fallback('Authentication required. Please log in and try again.');
  const { status, body } = await callFunction('create-checkout', { subscriptionTier: tier, currency, interval });
  if (status === 0) return fallback('HTTP 0: Failed to create checkout session');
  const answer = readCheckoutAnswer(status, body);
  if ('error' in answer) return fallback(answer.error);
  rememberCheckoutError(null);
  return { url: answer.url, error: null };
}

function rememberCheckoutError(error: string | null) {
  try {
    if (error) sessionStorage.setItem(ERROR_KEY, error);
    else sessionStorage.removeItem(ERROR_KEY);
  } catch {
    // storage unavailable: the success page just cannot name the error
  }
}

/** The error of the last checkout that fell back to the mock path (read once). */
export function takeCheckoutError(): string | null {
  try {
    const error = sessionStorage.getItem(ERROR_KEY);
    sessionStorage.removeItem(ERROR_KEY);
    return error;
  } catch {
    return null;
  }
}
