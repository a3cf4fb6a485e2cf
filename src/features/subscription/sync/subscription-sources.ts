/** What a pull reads of the user's subscription; the device row is the server's columns (rowSource). */
import { BILLING_TIERS } from '../../../access/tiers.ts';
import { rowSource } from '../../../sync/pull-source.ts';
import { subscriptionRowSchema } from './subscription-rows.ts';
import { oneOf } from '../../../sync/server-values.ts';

const subscriptionsSource = rowSource({
  table: 'subscriptions',
  remote: 'stripe_subscriptions',
  schema: subscriptionRowSchema,
  key: 'user_id',
  tieBreaker: 'id',
  convert: { tier: (r) => oneOf(BILLING_TIERS, r.tier, 'free') },
  hasNoTombstones: true,
});

/** This feature's tables, in pull order (what a row points at comes first). */
export const subscriptionSources = [subscriptionsSource];
