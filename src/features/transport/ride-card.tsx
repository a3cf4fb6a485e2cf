import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  IconButton,
  Link,
  NativeSelect,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { format } from 'date-fns';
import { Car, Lock, MapPin, Receipt, X } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { ExpenseRow } from '../expenses/index.ts';
import { mutate } from '../../data/index.ts';
import { formatMoney, useEventCurrency } from '../expenses/index.ts';
import { NewBadge, newRowProps, useIsAnyNew } from '../activity/index.ts';
import { rideChanges, type SeatedRide } from './transport-helpers.ts';

const departure = (at: string) => format(new Date(at), 'EEE d MMM, HH:mm');

/** What the card needs to know about the reader and the event. */
export interface RideCardContext {
  eventId: string;
  myUserId: string;
  isManager: boolean;
  /** Premium transport (organizer): pick-up choices and cost splits. */
  isPremium: boolean;
  /** The ride of this direction I sit in, and whether I drive one of this direction. */
  myRideId: string | null;
  iDrive: boolean;
  nameOf(userId: string): string;
  expenseOf(id: string): ExpenseRow | undefined;
}

interface Props {
  ride: SeatedRide;
  ctx: RideCardContext;
  onChange(): void;
  onCancel(): void;
  onSplitCosts(): void;
  onUpgrade(): void;
}

/** The card's label: "Ride from Bern" (outbound) or "Return ride from Gurten". */
const rideLabel = (ride: { direction: string; departure_place: string }) =>
  `${ride.direction === 'return' ? 'Return ride' : 'Ride'} from ${ride.departure_place}`;

/** One ride: where and when, the driver, pick-up points, passengers, and what the reader may do. */
export function RideCard({ ride, ctx, onChange, onCancel, onSplitCosts, onUpgrade }: Props) {
  const currency = useEventCurrency();
  const isDriver = ride.driver_id === ctx.myUserId;
  const canManage = isDriver || ctx.isManager;
  const isMine = ride.passengerIds.includes(ctx.myUserId);
  const free = ride.seats - ride.passengerIds.length;
  const label = rideLabel(ride);
  const who = (id: string) => (id === ctx.myUserId ? 'You' : ctx.nameOf(id));
  const split = ride.cost_split;
  const splitExpense = split ? ctx.expenseOf(split.expense_id) : undefined;
  const back = ride.direction === 'return';
  const ofTheRide = `the ${back ? 'return ride' : 'ride'} from ${ride.departure_place}`;
  // Offered or changed, or a seat in it taken, by someone else since my last visit: highlighted.
  const isNew = useIsAnyNew(rideChanges(ride));

  return (
    <Card.Root as="article" aria-label={label} variant="outline" {...newRowProps(isNew)}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="1" minW="0">
            <Heading as="h4" textStyle="md">
              <HStack gap="2" as="span">
                <MapPin size={16} aria-hidden />
                <span>{ride.departure_place}</span>
              </HStack>
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {departure(ride.departs_at)}
            </Text>
            <NewBadge isNew={isNew} />
          </Stack>
          <Badge colorPalette={free > 0 ? 'green' : 'gray'} flexShrink="0">
            {free > 0 ? `${free} of ${ride.seats} seats free` : 'Full'}
          </Badge>
        </HStack>
        <HStack gap="2" textStyle="sm">
          <Car size={16} aria-hidden />
          <Text>
            {isDriver ? 'You drive' : `${ctx.nameOf(ride.driver_id)} drives`}
            {ride.vehicle ? ` · ${ride.vehicle}` : ''}
          </Text>
        </HStack>
        {ride.stops.length ? (
          <Box>
            <Text textStyle="xs" color="fg.muted" mb="1">
              Pick-up points
            </Text>
            <Stack as="ol" gap="1" listStyleType="none" aria-label={`Pick-up points of ${ofTheRide}`}>
              {ride.stops.map((stop, i) => {
                const boarding = ride.passengerIds.filter((id) => ride.pickups.get(id) === stop.id);
                return (
                  <Text as="li" key={stop.id} textStyle="sm">
                    {i + 1}. {stop.place}
                    {stop.time ? ` · ${stop.time}` : ''}
                    {boarding.length ? (
                      <Text as="span" color="fg.muted">
                        {` (${boarding.map(who).join(', ')})`}
                      </Text>
                    ) : null}
                  </Text>
                );
              })}
            </Stack>
          </Box>
        ) : null}
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
            <Wrap gap="2" as="ul" aria-label={`Passengers of ${ofTheRide}`}>
              {ride.passengerIds.map((id) => (
                <Badge as="li" key={id} variant="subtle" size="lg" gap="1">
                  {who(id)}
                  {canManage && id !== ctx.myUserId ? (
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={`Take ${ctx.nameOf(id)} off the ride`}
                      onClick={() => void mutate('ride.release', { eventId: ctx.eventId, rideId: ride.id, userId: id })}
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
        {isMine && ride.stops.length && ctx.isPremium ? (
          <Field.Root>
            <Field.Label textStyle="sm">Where I get on</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={ride.pickups.get(ctx.myUserId) ?? ''}
                onChange={(e) =>
                  void mutate('ride.pickup', { eventId: ctx.eventId, rideId: ride.id, stopId: e.target.value || null })
                }
              >
                <option value="">At the start: {ride.departure_place}</option>
                {ride.stops.map((stop) => (
                  <option key={stop.id} value={stop.id}>
                    {stop.place}
                    {stop.time ? ` (${stop.time})` : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : null}
        {split && splitExpense ? (
          <HStack gap="2" textStyle="sm" align="start">
            <Receipt size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text>
              Costs split: {formatMoney(split.fuel_minor + split.toll_minor, currency)} (fuel{' '}
              {formatMoney(split.fuel_minor, currency)}, toll {formatMoney(split.toll_minor, currency)}) among{' '}
              {splitExpense.shares.length} people.{' '}
              <Link asChild colorPalette="forest" variant="underline">
                <RouterLink to={paths.eventSection.href(ctx.eventId, 'expenses')}>See expenses</RouterLink>
              </Link>
            </Text>
          </HStack>
        ) : null}
        <Wrap gap="2">
          {isMine ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void mutate('ride.release', { eventId: ctx.eventId, rideId: ride.id })}
            >
              Give up my seat
            </Button>
          ) : !isDriver ? (
            <Button
              size="sm"
              colorPalette="forest"
              disabled={free <= 0 || Boolean(ctx.myRideId) || ctx.iDrive}
              onClick={() => void mutate('ride.claim', { eventId: ctx.eventId, rideId: ride.id })}
            >
              Take a seat
            </Button>
          ) : null}
          {canManage ? (
            <>
              <Button size="sm" variant="outline" onClick={onChange}>
                Change
              </Button>
              {!splitExpense ? (
                <Button size="sm" variant="outline" onClick={ctx.isPremium ? onSplitCosts : onUpgrade}>
                  {ctx.isPremium ? <Receipt aria-hidden /> : <Lock aria-hidden />}
                  Split costs
                </Button>
              ) : null}
              <Button size="sm" variant="outline" colorPalette="red" onClick={onCancel}>
                Cancel ride
              </Button>
            </>
          ) : null}
        </Wrap>
        {!isDriver && !isMine && free > 0 && (ctx.myRideId || ctx.iDrive) ? (
          <Text textStyle="xs" color="fg.muted">
            {ctx.iDrive
              ? back
                ? 'You are driving a ride back from this event.'
                : 'You are driving a ride to this event.'
              : back
                ? 'You already have a seat in another ride back.'
                : 'You already have a seat in another ride.'}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
