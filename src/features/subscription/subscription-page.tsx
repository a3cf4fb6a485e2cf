import { useSearchParams } from 'react-router';
import { FormMessage } from '../../components/form-message.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SubscriptionOverview } from './subscription-overview.tsx';

/** `/subscription`: the plans; `?upgrade_cancelled=true` after a cancelled checkout. */
export function SubscriptionPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Subscription" description="Compare the plans and what each allows for your events.">
        {params.get('upgrade_cancelled') === 'true' ? (
          <FormMessage status="info">The upgrade was cancelled. Your plan has not changed.</FormMessage>
        ) : null}
      </PageHeader>
      <SubscriptionOverview />
    </>
  );
}
