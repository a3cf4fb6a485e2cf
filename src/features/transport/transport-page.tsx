import { Badge, Box, Button, Card, Heading, HStack, IconButton, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { format } from 'date-fns';
import { Car, MapPin, Plus, UserRoundX, X } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { tierRank } from '../../access/tiers.ts';
import { PageHeader } from '../../components/page-header.tsx';
import type { RideRow } from '../../db/row-schemas.ts';
import { mutate, useEventLookup, useEventMembers, useRejectedChanges, useSyncStatus } from '../../data/index.ts';
import { useRidePassengers, useRides } from '../../data/use-transport.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { ConfirmDialog, type ConfirmRequest } from '../dashboard/confirm-dialog.tsx';
import { isManagerRole } from '../events/event-rules.ts';
import { ridesWithSeats, withoutRide } from './transport-helpers.ts';
import { FeatureLocked, NotAMember, PageLoading, RefusedChangeAlerts } from '../events/event-page-states.tsx';

const RideDialog = lazy(async () => ({ default: (await import('./ride-dialog.tsx')).RideDialog }));

const REFUSED_TITLES: Record<string, string> = {
  'ride.create': 'Could not offer the ride',
  'ride.update': 'Could not change the ride',
  'ride.cancel': 'Could not cancel the ride',
  'ride.claim': 'Could not take the seat',
  'ride.release': 'Could not give up the seat',
};

const departure = (at: string) => format(new Date(at), 'EEE d MMM, HH:mm');

/** The event's Transport page (route `/events/{id}/transport`): rides, seats and who has none yet. */
export function TransportPage() {
  const { eventId = '' } = useParams();
  const lookup = useEventLookup(eventId);
  const members = useEventMembers(eventId);
  const rides = useRides(eventId);
  const passengers = useRidePassengers(eventId);
  const rejected = useRejectedChanges();
  const hasSynced = useSyncStatus((status) => status.lastSyncedAt !== null);
  const myUserId = useAuthStore((state) => state.session?.user.id ?? null);
  const [editing, setEditing] = useState<RideRow | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const names = useMemo(
    () => new Map(members.map((member) => [member.user_id, member.name ?? member.email ?? 'A member'])),
    [members],
  );
  const seated = useMemo(() => ridesWithSeats(rides, passengers), [rides, passengers]);
  const header = <PageHeader title="Transport" description="Offer rides, claim seats and see who travels with whom." />;

  if (lookup.status === 'loading' || (lookup.status === 'missing' && !hasSynced)) {
    return <PageLoading text="Loading the rides..." />;
  }
  const me = members.find((member) => member.user_id === myUserId);
  if (lookup.status === 'missing' || !me) {
    return <NotAMember />;
  }
  const event = lookup.event;
  if (tierRank(event.access_tier) < tierRank('starter')) {
    return (
      <>
        {header}
        <FeatureLocked tier="starter">
          Transport lets the crew offer rides, claim seats and see who still needs a way to get there. It comes with the
          Starter plan of the event&apos;s creator.
        </FeatureLocked>
      </>
    );
  }

  const isManager = isManagerRole(me.role);
  const myRide = seated.find((ride) => ride.passengerIds.includes(me.user_id));
  const iDrive = seated.some((ride) => ride.driver_id === me.user_id);
  const stranded = withoutRide(members, seated);
  const rideIds = new Set(rides.map((ride) => ride.id));
  const refused = rejected.changes.filter((change) => {
    if (!change.kind.startsWith('ride.')) return false;
    const args = (change.args ?? {}) as { eventId?: string; id?: string };
    return args.eventId === event.id || (args.id !== undefined && rideIds.has(args.id));
  });
  const firstDay = event.start_date ?? format(new Date(), 'yyyy-MM-dd');

  const cancelRide = (ride: RideRow) =>
    setConfirm({
      title: 'Cancel this ride?',
      body: `The ride from ${ride.departure_place} will be removed and its passengers will need another ride.`,
      confirmLabel: 'Cancel ride',
      isDestructive: true,
      onConfirm: () => void mutate('ride.cancel', { id: ride.id }),
    });

  return (
    <>
      {header}
      <RefusedChangeAlerts
        changes={refused}
        titleOf={(change) => REFUSED_TITLES[change.kind] ?? 'Could not change the ride'}
        onDismiss={(id) => void rejected.discard(id)}
      />

      <Stack direction={{ base: 'column', lg: 'row' }} gap="6" align="start">
        <Stack gap="4" flex="1" minW="0" w="full" as="section" aria-label="Rides">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Heading as="h2" textStyle="lg">
              Rides ({rides.length})
            </Heading>
            <Button colorPalette="forest" onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              Offer a ride
            </Button>
          </HStack>
          {seated.length === 0 ? (
            <Text color="fg.muted">No rides yet. Driving? Offer the free seats in your car.</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {seated.map((ride) => {
                const isDriver = ride.driver_id === me.user_id;
                const canManage = isDriver || isManager;
                const isMine = ride.passengerIds.includes(me.user_id);
                const free = ride.seats - ride.passengerIds.length;
                const label = `Ride from ${ride.departure_place}`;
                return (
                  <Card.Root key={ride.id} as="article" aria-label={label} variant="outline">
                    <Card.Body gap="3">
                      <HStack justify="space-between" align="start" gap="3">
                        <Stack gap="1" minW="0">
                          <Heading as="h3" textStyle="md">
                            <HStack gap="2" as="span">
                              <MapPin size={16} aria-hidden />
                              <span>{ride.departure_place}</span>
                            </HStack>
                          </Heading>
                          <Text textStyle="sm" color="fg.muted">
                            {departure(ride.departs_at)}
                          </Text>
                        </Stack>
                        <Badge colorPalette={free > 0 ? 'green' : 'gray'} flexShrink="0">
                          {free > 0 ? `${free} of ${ride.seats} seats free` : 'Full'}
                        </Badge>
                      </HStack>
                      <HStack gap="2" textStyle="sm">
                        <Car size={16} aria-hidden />
                        <Text>
                          {isDriver ? 'You drive' : `${names.get(ride.driver_id) ?? 'A member'} drives`}
                          {ride.vehicle ? ` · ${ride.vehicle}` : ''}
                        </Text>
                      </HStack>
                      {ride.notes ? (
                        <Text textStyle="sm" whiteSpace="pre-wrap">
                          {ride.notes}
                        </Text>
                      ) : null}
                      <Box>
                        <Text textStyle="xs" color="fg.muted" mb="1">
                          Passengers
                        </Text>
                        {ride.passengerIds.length ? (
                          <Wrap gap="2" as="ul" aria-label={`Passengers of the ride from ${ride.departure_place}`}>
                            {ride.passengerIds.map((id) => (
                              <Badge as="li" key={id} variant="subtle" size="lg" gap="1">
                                {id === me.user_id ? 'You' : (names.get(id) ?? 'A member')}
                                {canManage && id !== me.user_id ? (
                                  <IconButton
                                    size="2xs"
                                    variant="ghost"
                                    aria-label={`Take ${names.get(id) ?? 'this member'} off the ride`}
                                    onClick={() =>
                                      void mutate('ride.release', { eventId: event.id, rideId: ride.id, userId: id })
                                    }
                                  >
                                    <X />
                                  </IconButton>
                                ) : null}
                              </Badge>
                            ))}
                          </Wrap>
                        ) : (
                          <Text textStyle="sm" color="fg.muted">
                            Nobody yet.
                          </Text>
                        )}
                      </Box>
                      <Wrap gap="2">
                        {isMine ? (
                          <Button
                            size="sm"
                            variant="outline"
                            onClick={() => void mutate('ride.release', { eventId: event.id, rideId: ride.id })}
                          >
                            Give up my seat
                          </Button>
                        ) : !isDriver ? (
                          <Button
                            size="sm"
                            colorPalette="forest"
                            disabled={free <= 0 || Boolean(myRide) || iDrive}
                            onClick={() => void mutate('ride.claim', { eventId: event.id, rideId: ride.id })}
                          >
                            Take a seat
                          </Button>
                        ) : null}
                        {canManage ? (
                          <>
                            <Button size="sm" variant="outline" onClick={() => setEditing(ride)}>
                              Change
                            </Button>
                            <Button size="sm" variant="outline" colorPalette="red" onClick={() => cancelRide(ride)}>
                              Cancel ride
                            </Button>
                          </>
                        ) : null}
                      </Wrap>
                      {!isDriver && !isMine && free > 0 && (myRide || iDrive) ? (
                        <Text textStyle="xs" color="fg.muted">
                          {iDrive
                            ? 'You are driving a ride to this event.'
                            : 'You already have a seat in another ride.'}
                        </Text>
                      ) : null}
                    </Card.Body>
                  </Card.Root>
                );
              })}
            </SimpleGrid>
          )}
        </Stack>

        <Card.Root as="section" aria-label="Who still has no ride" w={{ base: 'full', lg: '20rem' }} flexShrink="0">
          <Card.Body gap="3">
            <HStack gap="2">
              <UserRoundX size={18} aria-hidden />
              <Heading as="h2" textStyle="md">
                Who still has no ride ({stranded.length})
              </Heading>
            </HStack>
            {stranded.length ? (
              <Stack as="ul" gap="1" listStyleType="none">
                {stranded.map((member) => (
                  <Text as="li" key={member.user_id} textStyle="sm">
                    {member.user_id === me.user_id ? 'You' : (names.get(member.user_id) ?? 'A member')}
                  </Text>
                ))}
              </Stack>
            ) : (
              <Text textStyle="sm" color="fg.muted">
                Everyone has a ride or drives.
              </Text>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>

      <Suspense fallback={null}>
        {editing ? (
          <RideDialog
            eventId={event.id}
            ride={editing === 'new' ? undefined : editing}
            taken={editing === 'new' ? 0 : (seated.find((r) => r.id === editing.id)?.passengerIds.length ?? 0)}
            day={firstDay}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </Suspense>
      {confirm ? <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} /> : null}
    </>
  );
}
