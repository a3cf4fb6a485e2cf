/** The device rows of subscription: their schemas (rows read back are parsed with them) and types. */
import { z } from 'zod';
import { tableRows, withKey } from '../../../db/row-values.ts';
import { BILLING_TIERS } from '../../../access/tiers.ts';

export const subscriptionRowSchema = tableRows.stripe_subscriptions
  .omit({ created_at: true, provider_customer_id: true, provider_subscription_id: true })
  .extend({ ...withKey, tier: z.enum(BILLING_TIERS) })
  .describe('subscriptions');

type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

declare module '../../../db/mirror.ts' {
  interface RowOf {
    subscriptions: SubscriptionRow;
  }
}
