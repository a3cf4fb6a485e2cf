import { Stack, Text } from '@chakra-ui/react';
import { fetchWaitlist, type WaitlistEntry } from './admin-api.ts';
import { adminListState } from './components/admin-list-state.tsx';
import { WaitlistEntryCard } from './components/waitlist-entry-card.tsx';
import { useAdminData } from './use-admin-data.ts';
import { useIsOnline } from '../../data/use-is-online.ts';

/** `/admin/waitlist`: the entries, newest first, each to approve or reject with notes. */
export function WaitlistTab() {
  const isOnline = useIsOnline();
  const waitlist = useAdminData(fetchWaitlist, 'Failed to fetch waitlist');

  const state = adminListState(isOnline, waitlist, 'Loading the waitlist');
  if (state || !waitlist.data) return state;

  const entries = waitlist.data;
  const pending = entries.filter((entry) => entry.status === 'pending').length;
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        {entries.length} {entries.length === 1 ? 'entry' : 'entries'}, {pending} waiting for a decision.
      </Text>
      {entries.length ? (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Waitlist entries">
          {entries.map((entry: WaitlistEntry) => (
            <WaitlistEntryCard key={entry.id} entry={entry} isDisabled={!isOnline} />
          ))}
        </Stack>
      ) : (
        <Text color="fg.muted">Nobody is on the waitlist.</Text>
      )}
    </Stack>
  );
}
