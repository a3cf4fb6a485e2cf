import { PageHeader } from '../../components/page-header.tsx';

/** The event's Checklists page (route `/events/{id}/checklists`). */
export function ChecklistsPage() {
  return (
    <PageHeader
      title="Checklists"
      description="Who brings the tent, the stove and the bottle opener: shared lists the crew ticks off together."
    />
  );
}
