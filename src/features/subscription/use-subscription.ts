/** Live subscription info of the signed-in user. */
import { MINE, useRow } from '../../data/use-rows.ts';
import { subscriptionRowSchema } from './sync/index.ts';

export const useSubscription = () => useRow('subscriptions', subscriptionRowSchema, MINE);
