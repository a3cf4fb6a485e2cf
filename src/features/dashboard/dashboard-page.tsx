import { Badge, Button, HStack, Tabs, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EVENT_LINKS, lockedReason } from '../../access/event-links.ts';
import { isTier } from '../../access/tiers.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { paths, type EventSection } from '../../lib/paths.ts';
import { useSyncStatus } from '../../data/index.ts';
import { TransferOwnershipDialog } from '../events/index.ts';
import { useAuthStore } from '../auth/index.ts';
import type { ConfirmRequest } from '../../components/confirm-dialog.tsx';
import { confirmRequest, queueChange, restoreEvent, type EventAction } from './event-actions.ts';
import { EventGrid } from './event-grid.tsx';
import { homeOrder } from './home-needs.ts';
import { HomeInvitations } from './home-invitations.tsx';
import { EventsArriving, HomeWelcome } from './home-welcome.tsx';
import { RejectedChangesNotice } from './rejected-changes-notice.tsx';
import { useHomeNeeds } from './use-home-needs.ts';

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

const ACCESS_KEYS = new Map(EVENT_LINKS.map((link) => [link.section, link.accessKey]));

/**
 * `/dashboard`, the home: per event what needs me (happening now first, then upcoming by start
 * date, then past), new invitations, a first step for a first-time user; creating an event (which
 * then opens with its invite step), leaving, deleting and restoring. All from the device database.
 */
export function DashboardPage() {
  const user = useAuthStore((state) => state.user);
  // One read answers the whole home: the events, their member counts and what needs me in each.
  const home = useHomeNeeds();
  const isFirstPullStuck = useSyncStatus((status) => !status.isOnline || status.lastError !== null);
  const { events, summaries } = home;
  const navigate = useNavigate();
  const [tab, setTab] = useState<string>('active');
  const [isCreating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [queueError, setQueueError] = useState<string | null>(null);
  const [transferring, setTransferring] = useState<string | null>(null);
  const byStatus = useMemo(() => {
    return Object.fromEntries(
      STATUSES.map((status) => [
        status.value,
        homeOrder(
          events.filter((event) => event.status === status.value),
          home.today,
        ),
      ]),
    );
  }, [events, home.today]);
  // Which pages of which event are open to me: a stable function while no event's tier changed.
  const tiers = events.map((event) => `${event.id}:${event.access_tier}`).join(',');
  const isOpen = useMemo(() => {
    const tierOf = new Map(
      tiers.split(',').map((pair) => [pair.slice(0, pair.lastIndexOf(':')), pair.slice(pair.lastIndexOf(':') + 1)]),
    );
    return (eventId: string, section: EventSection) => {
      const tier = tierOf.get(eventId);
      const accessKey = ACCESS_KEYS.get(section);
      if (!tier || !isTier(tier) || !accessKey) return true;
      return !lockedReason(accessKey, user, { accessTier: tier, isMember: true });
    };
  }, [tiers, user]);
  // The benchmark's end mark (bench/home.ts): the first render with the device's answers.
  useEffect(() => {
    if (home.isLoaded) performance.mark('crewcamp:home-rendered');
  }, [home.isLoaded]);
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
      setConfirm(confirmRequest(action, event, summary?.myRole ?? null, summary?.count ?? 0, queue, setTransferring));
    },
    [queue],
  );
  if (!user) return null;
  const activeCreated = events.filter((event) => event.created_by === user.id && event.status === 'active').length;
  const firstName = user.firstName || user.name?.split(' ')[0] || user.email || 'there';
  const isFirstTime = home.isLoaded && events.length === 0 && home.hasSynced;
  // A device that has not finished its first pull: the events may be on their way. They come
  // first, then what needs me and the invitations, page by page: all of it shows once the pull
  // has ended (no card pushed down by what arrives after it), or at once if it cannot end now.
  const isArriving = home.isLoaded && !home.hasSynced && (events.length === 0 || !isFirstPullStuck);

  return (
    <>
      <PageHeader
        title={
          isFirstTime
            ? `Welcome to CrewCamp, ${firstName}`
            : isArriving
              ? `Welcome, ${firstName}`
              : `Welcome back, ${firstName}`
        }
        description={isFirstTime ? 'Plan your next trip with your crew, even offline.' : 'Here is what needs you.'}
      >
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Badge colorPalette="forest" variant="subtle" size="lg">
            {`${user.tier[0].toUpperCase()}${user.tier.slice(1)} plan`}
          </Badge>
          {isFirstTime ? null : (
            <Button onClick={() => setCreating(true)} w={{ base: 'full', sm: 'auto' }}>
              <Plus aria-hidden />
              Create event
            </Button>
          )}
        </HStack>
      </PageHeader>
      <RejectedChangesNotice />
      <HomeInvitations invitations={home.invitations} />
      {queueError ? (
        <Text role="alert" color="fg.error" mb="4">
          {queueError}
        </Text>
      ) : null}
      {isFirstTime ? <HomeWelcome onCreate={() => setCreating(true)} /> : null}
      {isArriving ? <EventsArriving /> : null}
      {/* Until the device's answer is in, nothing: no "No active events" flash, and the cards and
          invitations then appear in place instead of pushing a drawn list down. */}
      <Tabs.Root
        hidden={!home.isLoaded || isFirstTime || isArriving}
        value={tab}
        onValueChange={(details) => setTab(details.value)}
        variant="line"
        lazyMount
      >
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
              needs={home.byEvent}
              isOpen={isOpen}
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
            onQueued={(eventId) => void navigate(paths.event.href(eventId, { invite: true }))}
          />
        ) : null}
        {confirm ? <ConfirmDialog {...confirm} onClose={() => setConfirm(null)} /> : null}
        {transferring ? (
          <TransferOwnershipDialog
            eventId={transferring}
            onClose={() => setTransferring(null)}
            onLeave={() => {
              const event = events.find((candidate) => candidate.id === transferring);
              setTransferring(null);
              if (event) queue('event.leave', { id: event.id }, `leave ${event.name}`);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
