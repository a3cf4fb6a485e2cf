import { PageHeader } from '../../components/page-header.tsx';

/** The event's Site Planner page (route `/events/{id}/camp-planner`). */
export function SitePlannerPage() {
  return (
    <PageHeader
      title="Site Planner"
      description="Lay out the campsite: tents, cars, kitchen and fire on a plan the whole crew can see."
    />
  );
}
