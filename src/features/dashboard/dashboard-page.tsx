import { Badge, Button, HStack, Tabs, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { useEvents, useMemberSummaries } from '../events/index.ts';
import { useAuthStore } from '../auth/index.ts';
import type { ConfirmRequest } from '../../components/confirm-dialog.tsx';
import { confirmRequest, queueChange, restoreEvent, type EventAction } from './event-actions.ts';
import { EventGrid } from './event-grid.tsx';
import { RejectedChangesNotice } from './rejected-changes-notice.tsx';

const CreateEventDialog = lazy(async () => ({
  default: (await import('./create-event-dialog.tsx')).CreateEventDialog,
}));
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../components/confirm-dialog.tsx')).ConfirmDialog,
}));

const STATUSES = [
  { value: 'active', label: 'Active', empty: 'No active events. Create one and invite your crew.' },
  { value: 'past', label: 'Past', empty: 'No past events yet.' },
  { value: 'deleted', label: 'Deleted', empty: 'No deleted events.' },
] as const;

/** `/dashboard`: my events by status, creating one, leaving, deleting and restoring. */
export function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  const events = useEvents();
  const summaries = useMemberSummaries();
  const [tab, setTab] = useState<string>('active');
  const [isCreating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [queueError, setQueueError] = useState<string | null>(null);
  const byStatus = useMemo(
    () =>
      Object.fromEntries(
        STATUSES.map((status) => [status.value, events.filter((event) => event.status === status.value)]),
      ),
    [events],
  );
  const queue = useMemo(() => queueChange(() => setQueueError(null), setQueueError), []);
  // The cards are memoized: one stable handler that reads the lists as they are when it runs.
  const current = useRef({ events, summaries });
  useLayoutEffect(() => {
    current.current = { events, summaries };
  });
  const onAction = useCallback(
    (eventId: string, action: EventAction) => {
      const event = current.current.events.find((candidate) => candidate.id === eventId);
      if (!event) return;
      if (action === 'restore') {
        restoreEvent(event, queue);
        return;
      }
      const summary = current.current.summaries[eventId];
      setConfirm(confirmRequest(action, event, summary?.myRole ?? null, summary?.count ?? 0, queue));
    },
    [queue],
  );
  if (!user) return null;
  const activeCreated = events.filter((event) => event.created_by === user.id && event.status === 'active').length;
  const firstName = user.firstName || user.name?.split(' ')[0] || user.email || 'there';

  return (
    <>
      <PageHeader title={`Welcome back, ${firstName}`} description="Here is what your crews are up to.">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Badge colorPalette="forest" variant="subtle" size="lg">
            {`${user.tier[0].toUpperCase()}${user.tier.slice(1)} plan`}
          </Badge>
          <Button onClick={() => setCreating(true)} w={{ base: 'full', sm: 'auto' }}>
            <Plus aria-hidden />
            Create event
          </Button>
        </HStack>
      </PageHeader>
      <RejectedChangesNotice />
      {queueError ? (
        <Text role="alert" color="fg.error" mb="4">
          {queueError}
        </Text>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line" lazyMount>
        <Tabs.List aria-label="Events by status" mb="4">
          {STATUSES.map((status) => (
            <Tabs.Trigger key={status.value} value={status.value}>
              {status.label}
              <Badge variant="subtle" size="sm" aria-label={`${byStatus[status.value].length} events`}>
                {byStatus[status.value].length}
              </Badge>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {STATUSES.map((status) => (
          <Tabs.Content key={status.value} value={status.value} p="0">
            <EventGrid
              events={byStatus[status.value]}
              summaries={summaries}
              emptyText={status.empty}
              onAction={onAction}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <Suspense fallback={null}>
        {isCreating ? (
          <CreateEventDialog
            tier={user.tier}
            activeCreatedCount={activeCreated}
            onClose={() => setCreating(false)}
            onQueued={() => setTab('active')}
          />
        ) : null}
        {confirm ? <ConfirmDialog {...confirm} onClose={() => setConfirm(null)} /> : null}
      </Suspense>
    </>
  );
}
