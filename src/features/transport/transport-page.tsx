import { Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ReplacedNotices } from '../../components/replaced-notices.tsx';
import { RIDE_EDIT_GROUPS } from './sync/transport-kinds.ts';
import { format } from 'date-fns';
import { Lock, Plus, UserRoundX } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { tierRank } from '../../access/tiers.ts';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { RefusedChangeAlerts } from '../../components/page-states.tsx';
import { upgradeRequest, UpgradeDialog, UpgradeNotice, type UpgradeRequest } from '../../components/upgrade-prompt.tsx';
import type { RideDirection, RideRow } from './sync/transport-rows.ts';
import { mutate, useRejectedChanges } from '../../data/index.ts';
import { useExpenses } from '../expenses/index.ts';
import { useRideNeeds, useRidePassengers, useRides } from './use-transport.ts';
import { NeedsRideCard, needingRide, YourRideCard } from './ride-needs.tsx';
import { EventPageFallback } from '../events/index.ts';
import { useEventPage } from '../events/index.ts';
import { RideCard, type RideCardContext } from './ride-card.tsx';
import { NewSinceProvider } from '../activity/index.ts';
import { ridesOf, ridesWithSeats, withoutRide, type SeatedRide } from './transport-helpers.ts';

const RideDialog = lazy(async () => ({ default: (await import('./ride-dialog.tsx')).RideDialog }));
const SplitCostsDialog = lazy(async () => ({
  default: (await import('./split-costs-dialog.tsx')).SplitCostsDialog,
}));

const REFUSED_TITLES: Record<string, string> = {
  'ride.create': 'Could not offer the ride',
  'ride.update': 'Could not change the ride',
  'ride.cancel': 'Could not cancel the ride',
  'ride.claim': 'Could not take the seat',
  'ride.release': 'Could not give up the seat',
  'ride.pickup': 'Could not save where you get on',
  'ride.need': 'Could not save how you get there',
};

const PREMIUM = upgradeRequest(
  'organizer',
  "Premium transport adds return trips, pick-up points along the way and splitting a ride's fuel and toll among its passengers as an expense.",
);

const GROUPS: { direction: RideDirection; title: string; empty: string }[] = [
  {
    direction: 'outbound',
    title: 'Outbound',
    empty: 'No rides to the event yet. Driving? Offer the free seats in your car.',
  },
  { direction: 'return', title: 'Return', empty: 'No rides home yet.' },
];

/** The event's Transport page (route `/events/{id}/transport`): rides there and back, seats and who has none yet. */
export function TransportPage() {
  const { eventId = '' } = useParams();
  const page = useEventPage(eventId);
  const rides = useRides(eventId);
  const passengers = useRidePassengers(eventId);
  const needs = useRideNeeds(eventId);
  const expenses = useExpenses(eventId);
  const rejected = useRejectedChanges();
  const [editing, setEditing] = useState<RideRow | 'new' | null>(null);
  const [splitting, setSplitting] = useState<SeatedRide | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);

  const seated = useMemo(() => ridesWithSeats(rides, passengers), [rides, passengers]);
  const expenseById = useMemo(() => new Map(expenses.map((expense) => [expense.id, expense])), [expenses]);
  const header = <PageHeader title="Transport" description="Offer rides, claim seats and see who travels with whom." />;

  if (page.status !== 'ready') return <EventPageFallback page={page} loadingText="Loading the rides..." />;
  const { event, members, me, isManager, names } = page;
  if (tierRank(event.access_tier) < tierRank('starter')) {
    return (
      <>
        {header}
        <UpgradeNotice tier="starter">
          Transport lets the crew offer rides, claim seats and see who still needs a way to get there. It comes with the
          Starter plan of the event&apos;s creator.
        </UpgradeNotice>
      </>
    );
  }

  const isPremium = tierRank(event.access_tier) >= tierRank('organizer');
  const rideIds = new Set(rides.map((ride) => ride.id));
  const refused = rejected.changes.filter((change) => {
    if (!change.kind.startsWith('ride.')) return false;
    const args = (change.args ?? {}) as { eventId?: string; id?: string };
    return args.eventId === event.id || (args.id !== undefined && rideIds.has(args.id));
  });
  const firstDay = event.start_date ?? format(new Date(), 'yyyy-MM-dd');
  const lastDay = event.end_date ?? firstDay;
  const nameOf = (id: string) => names.get(id) ?? 'A member';
  const hasReturnRides = seated.some((ride) => ride.direction === 'return');
  const outbound = ridesOf(seated, 'outbound');
  const ownWay = new Set(needs.filter((n) => n.status === 'own_way').map((n) => n.user_id));
  // Going on one's own is a way there: such members are not "without a ride" to the event.
  const stranded = GROUPS.filter((g) => g.direction === 'outbound' || isPremium || hasReturnRides).map((g) => ({
    ...g,
    members: withoutRide(members, ridesOf(seated, g.direction)).filter(
      (m) => g.direction === 'return' || !ownWay.has(m.user_id),
    ),
  }));
  const myOutbound = outbound.find((r) => r.driver_id === me.user_id || r.passengerIds.includes(me.user_id));
  const myDrive = myOutbound?.driver_id === me.user_id ? myOutbound : undefined;
  const freeSeats = myDrive ? myDrive.seats - myDrive.passengerIds.length : 0;

  const cancelRide = (ride: RideRow) =>
    setConfirm({
      title: 'Cancel this ride?',
      body: `The ride from ${ride.departure_place} will be removed and its passengers will need another ride.`,
      confirmLabel: 'Cancel ride',
      isDestructive: true,
      onConfirm: () => void mutate('ride.cancel', { id: ride.id }),
    });

  return (
    <NewSinceProvider eventId={eventId} section="transport">
      {header}
      <RefusedChangeAlerts
        changes={refused}
        titleOf={(change) => REFUSED_TITLES[change.kind] ?? 'Could not change the ride'}
        onDismiss={(id) => void rejected.discard(id)}
      />
      <ReplacedNotices
        rows={rides.map((ride) => ({ ...ride, title: `the ride from ${ride.departure_place}` }))}
        groups={RIDE_EDIT_GROUPS}
        myUserId={me.user_id}
        names={names}
      />

      <YourRideCard
        key={needs.find((n) => n.user_id === me.user_id)?.updated_at ?? 'none'}
        eventId={event.id}
        mine={needs.find((n) => n.user_id === me.user_id)}
        myRide={myOutbound ? { ride: myOutbound, drives: myOutbound === myDrive } : null}
      />
      <Stack direction={{ base: 'column', lg: 'row' }} gap="6" align="start" mt="6">
        <Stack gap="5" flex="1" minW="0" w="full" as="section" aria-label="Rides">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Heading as="h2" textStyle="lg">
              Rides ({rides.length})
            </Heading>
            <Button colorPalette="forest" onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              Offer a ride
            </Button>
          </HStack>
          {GROUPS.map((group) => {
            const list = ridesOf(seated, group.direction);
            const isLocked = group.direction === 'return' && !isPremium;
            const ctx: RideCardContext = {
              eventId: event.id,
              myUserId: me.user_id,
              isManager,
              isPremium,
              myRideId: list.find((ride) => ride.passengerIds.includes(me.user_id))?.id ?? null,
              iDrive: list.some((ride) => ride.driver_id === me.user_id),
              nameOf,
              expenseOf: (id) => expenseById.get(id),
            };
            return (
              <Stack key={group.direction} gap="3" as="section" aria-label={`${group.title} rides`}>
                <Heading as="h3" textStyle="md">
                  {group.title} ({list.length})
                </Heading>
                {list.length ? (
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {list.map((ride) => (
                      <RideCard
                        key={ride.id}
                        ride={ride}
                        ctx={ctx}
                        onChange={() => setEditing(ride)}
                        onCancel={() => cancelRide(ride)}
                        onSplitCosts={() => setSplitting(ride)}
                        onUpgrade={() => setUpgrade(PREMIUM)}
                      />
                    ))}
                  </SimpleGrid>
                ) : isLocked ? null : (
                  <Text color="fg.muted">{group.empty}</Text>
                )}
                {isLocked ? (
                  <Box>
                    <Text textStyle="sm" color="fg.muted" mb="2">
                      Return trips, pick-up points and splitting a ride&apos;s costs come with the Organizer plan.
                    </Text>
                    <Button size="sm" variant="outline" onClick={() => setUpgrade(PREMIUM)}>
                      <Lock aria-hidden />
                      Unlock return trips
                    </Button>
                  </Box>
                ) : null}
              </Stack>
            );
          })}
        </Stack>

        <Stack w={{ base: 'full', lg: '20rem' }} flexShrink="0" gap="4" order={{ base: -1, lg: 0 }}>
          <NeedsRideCard
            needs={needingRide(needs, outbound)}
            myUserId={me.user_id}
            nameOf={nameOf}
            freeSeats={myDrive && freeSeats > 0 ? { ride: myDrive, count: freeSeats } : null}
          />
          {stranded.map((group) => {
            const title = group.direction === 'outbound' ? 'Who still has no ride' : 'Who has no ride home';
            return (
              <Card.Root key={group.direction} as="section" aria-label={title}>
                <Card.Body gap="3">
                  <HStack gap="2">
                    <UserRoundX size={18} aria-hidden />
                    <Heading as="h2" textStyle="md">
                      {title} ({group.members.length})
                    </Heading>
                  </HStack>
                  {group.members.length ? (
                    <Stack as="ul" gap="1" listStyleType="none">
                      {group.members.map((member) => (
                        <Text as="li" key={member.user_id} textStyle="sm">
                          {member.user_id === me.user_id ? 'You' : nameOf(member.user_id)}
                        </Text>
                      ))}
                    </Stack>
                  ) : (
                    <Text textStyle="sm" color="fg.muted">
                      {group.direction === 'outbound'
                        ? 'Everyone has a ride or drives.'
                        : 'Everyone has a ride home or drives.'}
                    </Text>
                  )}
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      </Stack>

      <Suspense fallback={null}>
        {editing ? (
          <RideDialog
            eventId={event.id}
            ride={editing === 'new' ? undefined : editing}
            taken={editing === 'new' ? 0 : (seated.find((r) => r.id === editing.id)?.passengerIds.length ?? 0)}
            day={firstDay}
            returnDay={lastDay}
            isPremium={isPremium}
            onUpgrade={() => setUpgrade(PREMIUM)}
            onClose={() => setEditing(null)}
          />
        ) : null}
        {splitting ? (
          <SplitCostsDialog
            eventId={event.id}
            ride={seated.find((ride) => ride.id === splitting.id) ?? splitting}
            nameOf={nameOf}
            onClose={() => setSplitting(null)}
          />
        ) : null}
      </Suspense>
      {confirm ? <ConfirmDialog {...confirm} onClose={() => setConfirm(null)} /> : null}
      {upgrade ? <UpgradeDialog request={upgrade} onClose={() => setUpgrade(null)} /> : null}
    </NewSinceProvider>
  );
}
