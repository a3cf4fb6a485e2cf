import { PageHeader } from '../../components/page-header.tsx';

/** The event's Transport page (route `/events/{id}/transport`). */
export function TransportPage() {
  return <PageHeader title="Transport" description="Offer rides, claim seats and see who travels with whom." />;
}
