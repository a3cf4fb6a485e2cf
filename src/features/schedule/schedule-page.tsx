import { PageHeader } from '../../components/page-header.tsx';

/** The event's Schedule page (route `/events/{id}/schedule`). */
export function SchedulePage() {
  return (
    <PageHeader
      title="Schedule"
      description="Arrival, shifts and the headliner: the crew's agenda for every day of the event."
    />
  );
}
