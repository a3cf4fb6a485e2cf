import { SubscriptionOverview } from './subscription-overview.tsx';

/** `/profile/subscription`: the same plan overview inside the profile tabs. */
export function SubscriptionTab() {
  return <SubscriptionOverview />;
}
