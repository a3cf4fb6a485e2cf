/**
 * "I need a ride" / "Going on my own" on the Transport page: the reader's own choice (Your ride),
 * and who still needs a ride, highlighted for a driver with free seats. The database ends "needs a
 * ride" when its member takes a seat; `needingRide` also hides anyone already travelling, so a
 * list read before that change arrives never shows a seated member.
 */
import { Button, Card, Field, Heading, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { Car, Footprints, Hand, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { mutate } from '../../data/index.ts';
import type { RideNeedRow, RideNeedStatus } from './sync/transport-rows.ts';
import type { SeatedRide } from './transport-helpers.ts';

const NOTE_MAX = 200;

/** The members who said they need a ride and do not travel in any of `rides` yet, oldest first. */
export function needingRide(needs: readonly RideNeedRow[], rides: readonly SeatedRide[]): RideNeedRow[] {
  const travelling = new Set(rides.flatMap((ride) => [ride.driver_id, ...ride.passengerIds]));
  return needs
    .filter((need) => need.status === 'needs_ride' && !travelling.has(need.user_id))
    .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.user_id.localeCompare(b.user_id));
}

interface YourRideProps {
  eventId: string;
  mine: RideNeedRow | undefined;
  /** The outbound ride I drive or sit in, if any. */
  myRide: { ride: SeatedRide; drives: boolean } | null;
}

/** The reader's own status, and the buttons that change it. */
export function YourRideCard({ eventId, mine, myRide }: YourRideProps) {
  const [note, setNote] = useState(mine?.note ?? '');
  const status = mine?.status ?? null;
  const set = (next: RideNeedStatus | null) =>
    void mutate('ride.need', { eventId, status: next, note: next === 'needs_ride' ? note : null });
  const tooLong = note.trim().length > NOTE_MAX;
  const noteChanged = status === 'needs_ride' && note.trim() !== (mine?.note ?? '');

  let summary = 'Not decided yet. Tell the crew how you get there.';
  if (myRide)
    summary = myRide.drives
      ? `You drive the ride from ${myRide.ride.departure_place}.`
      : `You have a seat in the ride from ${myRide.ride.departure_place}.`;
  else if (status === 'needs_ride') summary = 'You need a ride. Drivers see you under Needs a ride.';
  else if (status === 'own_way') summary = 'You are going on your own.';

  return (
    <Card.Root as="section" aria-label="Your ride">
      <Card.Body gap="3">
        <Heading as="h2" textStyle="md">
          Your ride
        </Heading>
        <Text data-testid="my-ride-status">{summary}</Text>
        {!myRide && status !== 'own_way' ? (
          <Field.Root invalid={tooLong}>
            <Field.Label>Note for drivers (optional)</Field.Label>
            <Input
              size="lg"
              value={note}
              placeholder="From where, from when"
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            <Field.ErrorText>A note can have at most {NOTE_MAX} characters.</Field.ErrorText>
          </Field.Root>
        ) : null}
        <Wrap gap="2">
          {!myRide && (status !== 'needs_ride' || noteChanged) ? (
            <Button size="lg" colorPalette="forest" disabled={tooLong} onClick={() => set('needs_ride')}>
              <Hand aria-hidden />
              {noteChanged ? 'Save note' : 'I need a ride'}
            </Button>
          ) : null}
          {!myRide && status !== 'own_way' ? (
            <Button size="lg" variant="outline" onClick={() => set('own_way')}>
              <Footprints aria-hidden />
              Going on my own
            </Button>
          ) : null}
          {status ? (
            <Button size="lg" variant="ghost" onClick={() => set(null)}>
              <Undo2 aria-hidden />
              Not decided yet
            </Button>
          ) : null}
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}

interface NeedsProps {
  needs: RideNeedRow[];
  myUserId: string;
  nameOf(userId: string): string;
  /** The outbound ride I drive, when it has free seats: the list is then highlighted for me. */
  freeSeats: { ride: SeatedRide; count: number } | null;
}

/** Who needs a ride, with their notes; a driver with free seats sees it highlighted. */
export function NeedsRideCard({ needs, myUserId, nameOf, freeSeats }: NeedsProps) {
  const highlight = freeSeats !== null && needs.some((need) => need.user_id !== myUserId);
  return (
    <Card.Root
      as="section"
      aria-label="Needs a ride"
      data-highlighted={highlight || undefined}
      borderWidth={highlight ? '2px' : undefined}
      borderColor={highlight ? 'forest.solid' : undefined}
      bg={highlight ? 'forest.subtle' : undefined}
    >
      <Card.Body gap="3">
        <HStack gap="2">
          <Car size={18} aria-hidden />
          <Heading as="h2" textStyle="md">
            Needs a ride ({needs.length})
          </Heading>
        </HStack>
        {highlight ? (
          <Text textStyle="sm" fontWeight="medium">
            You have {freeSeats.count} free {freeSeats.count === 1 ? 'seat' : 'seats'} in your ride from{' '}
            {freeSeats.ride.departure_place}. They can take a seat in it.
          </Text>
        ) : null}
        {needs.length ? (
          <Stack as="ul" gap="2" listStyleType="none">
            {needs.map((need) => (
              <Stack as="li" key={need.key} gap="0">
                <Text textStyle="sm" fontWeight="medium">
                  {need.user_id === myUserId ? 'You' : nameOf(need.user_id)}
                </Text>
                {need.note ? (
                  <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                    {need.note}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        ) : (
          <Text textStyle="sm" color="fg.muted">
            Nobody has asked for a ride.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
