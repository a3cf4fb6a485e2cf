import { PageHeader } from '../../components/page-header.tsx';

/** The event's Expenses page (route `/events/{id}/expenses`). */
export function ExpensesPage() {
  return (
    <PageHeader
      title="Expenses"
      description="Record who paid for what, so the crew can settle up fairly after the trip."
    />
  );
}
