import { Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { fetchUserStats, type UserStats } from '../admin-api.ts';
import { DetailGrid } from '../../../components/detail-grid.tsx';
import { AdminAlert } from './admin-alert.tsx';
import { StatusSpinner } from '../../../components/status-spinner.tsx';

const chf = (value: number) => `CHF ${value.toFixed(2)}`;

/** A user's aggregated statistics (zeroed, with the spec's message, when they cannot be read). */
export function AccountStats({ userId }: { userId: string }) {
  const [result, setResult] = useState<{ stats: UserStats; error: string | null } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void fetchUserStats(userId).then((answer) => {
      if (isCurrent) setResult(answer);
    });
    return () => {
      isCurrent = false;
    };
  }, [userId]);

  if (!result) return <StatusSpinner size="sm" label="Loading statistics" />;
  const { stats, error } = result;
  const items: [string, string][] = [
    ['Plan payments', chf(stats.total_tier_spend)],
    ['Tool payments', chf(stats.total_tools_spend)],
    ['Active events', String(stats.active_events_count)],
    ['Past events', String(stats.archived_events_count)],
    ['Deleted events', String(stats.deleted_events_count)],
    ['Average event length', `${stats.average_event_duration_days} days`],
  ];
  return (
    <Stack gap="2">
      {error ? <AdminAlert message={error} /> : null}
      <DetailGrid items={items} label="Statistics" columns={{ base: 2, md: 3 }} />
    </Stack>
  );
}
