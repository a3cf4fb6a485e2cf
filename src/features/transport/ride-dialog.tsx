import { Button, Field, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Lock, Plus, X } from 'lucide-react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextAreaField, TextField } from '../../components/text-field.tsx';
import type { RideDirection, RideRow, RideStop } from './sync/transport-rows.ts';
import { mutate } from '../../data/index.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { useSave } from '../events/index.ts';
import { inputValue } from '../schedule/index.ts';

interface Values {
  departure_place: string;
  departs_at: string;
  seats: string;
  vehicle: string;
  notes: string;
  direction: RideDirection;
  stops: RideStop[];
}

interface Props {
  eventId: string;
  /** The ride to change; none to offer one. */
  ride?: RideRow;
  /** Seats already taken in the ride (its seats cannot go below). */
  taken: number;
  /** The day a new ride leaves on (`YYYY-MM-DD`), and a new return ride. */
  day: string;
  returnDay: string;
  /** Premium transport (organizer): return trips and pick-up points. */
  isPremium: boolean;
  onUpgrade(): void;
  onClose(): void;
}

const MAX_STOPS = 10;

const fullTime = (t: string) => (t.length === 16 ? `${t}:00` : t);

/** Offering a ride or changing one; the seat rule the database enforces is said before sending. */
export function RideDialog({ eventId, ride, taken, day, returnDay, isPremium, onUpgrade, onClose }: Props) {
  const { error, setError, isSaving, save } = useSave();
  const { values, setValues, bind } = useFormValues<Values>(
    () =>
      ride
        ? {
            departure_place: ride.departure_place,
            departs_at: inputValue(ride.departs_at),
            seats: String(ride.seats),
            vehicle: ride.vehicle ?? '',
            notes: ride.notes ?? '',
            direction: ride.direction,
            stops: ride.stops,
          }
        : {
            departure_place: '',
            departs_at: `${day}T09:00`,
            seats: '3',
            vehicle: '',
            notes: '',
            direction: 'outbound',
            stops: [],
          },
    () => setError(null),
  );
  const setStop = (index: number, changes: Partial<RideStop>) => {
    setError(null);
    setValues((current) => ({
      ...current,
      stops: current.stops.map((stop, i) => (i === index ? { ...stop, ...changes } : stop)),
    }));
  };
  const defaultTime = (direction: RideDirection) => (direction === 'return' ? `${returnDay}T16:00` : `${day}T09:00`);
  const chooseDirection = (direction: RideDirection) => {
    if (direction === 'return' && !isPremium) return onUpgrade();
    setError(null);
    setValues((current) => ({
      ...current,
      direction,
      // A new ride still at its default time leaves on the first day there, the last day back.
      departs_at:
        !ride && current.departs_at === defaultTime(current.direction) ? defaultTime(direction) : current.departs_at,
    }));
  };
  const addStop = () => {
    if (!isPremium) return onUpgrade();
    setValues((current) => ({
      ...current,
      stops: [...current.stops, { id: crypto.randomUUID(), place: '', time: null }],
    }));
  };

  const seats = Number(values.seats);
  const seatsProblem =
    !Number.isInteger(seats) || seats < 1 || seats > 50
      ? 'A ride has between 1 and 50 free seats.'
      : seats < taken
        ? `This ride already has ${taken} passengers; it needs at least ${taken} seats.`
        : null;

  async function submit() {
    if (!values.departure_place.trim()) return setError('Where does the ride leave from?');
    if (!values.departs_at) return setError('When does the ride leave?');
    if (values.stops.some((stop) => !stop.place.trim())) return setError('Where is each pick-up point?');
    if (seatsProblem) return;
    const fields = {
      departure_place: values.departure_place.trim(),
      departs_at: fullTime(values.departs_at),
      seats,
      vehicle: values.vehicle.trim() || null,
      notes: values.notes.trim() || null,
      direction: values.direction,
      stops: values.stops.map((stop) => ({ id: stop.id, place: stop.place.trim(), time: stop.time || null })),
    };
    const saved = await save(
      async () => {
        if (!ride) return mutate('ride.create', { eventId, ...fields });
        const changes = changedFields(ride, fields);
        if (Object.keys(changes).length) await mutate('ride.update', { id: ride.id, changes });
      },
      ride ? 'Failed to save the ride' : 'Failed to offer the ride',
    );
    if (saved) onClose();
  }

  const title = ride ? 'Change the ride' : 'Offer a ride';
  return (
    <FormDialog
      title={title}
      size="wide"
      submitLabel={ride ? 'Save changes' : 'Offer ride'}
      error={error}
      isSaving={isSaving}
      isSubmitDisabled={Boolean(seatsProblem)}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Direction"
        value={values.direction}
        onChange={(value) => chooseDirection(value as RideDirection)}
        disabled={Boolean(ride) && taken > 0}
        options={[
          { value: 'outbound', label: 'Outbound: to the event' },
          { value: 'return', label: isPremium ? 'Return: home' : 'Return: home (Organizer)' },
        ]}
        helperText={ride && taken > 0 ? 'The direction can only change while the ride has no passengers.' : undefined}
      />
      <TextField
        label="Leaves from"
        required
        {...bind('departure_place')}
        placeholder="Bern station, north exit"
        maxLength={200}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Leaves at" required type="datetime-local" {...bind('departs_at')} />
        <TextField
          label="Free seats"
          required
          errorText={seatsProblem}
          type="number"
          inputMode="numeric"
          min={Math.max(1, taken)}
          max={50}
          {...bind('seats')}
        />
      </SimpleGrid>
      <Stack as="fieldset" gap="3">
        <Text as="legend" textStyle="sm" fontWeight="medium" mb="2">
          Pick-up points along the way
        </Text>
        {values.stops.map((stop, i) => (
          <HStack key={stop.id} gap="2" align="end">
            <Field.Root flex="1" minW="0">
              <Field.Label textStyle="xs">Pick-up point {i + 1}</Field.Label>
              <Input
                value={stop.place}
                onChange={(e) => setStop(i, { place: e.target.value })}
                placeholder="Thun, Bahnhof"
                maxLength={200}
              />
            </Field.Root>
            <Field.Root w="8.5rem" flexShrink="0">
              <Field.Label textStyle="xs">Time at point {i + 1}</Field.Label>
              <Input
                type="time"
                value={stop.time ?? ''}
                onChange={(e) => setStop(i, { time: e.target.value || null })}
              />
            </Field.Root>
            <IconButton
              variant="ghost"
              aria-label={`Remove pick-up point ${i + 1}`}
              onClick={() => setValues((current) => ({ ...current, stops: current.stops.filter((_, j) => j !== i) }))}
            >
              <X />
            </IconButton>
          </HStack>
        ))}
        {values.stops.length < MAX_STOPS ? (
          <Button variant="outline" size="sm" alignSelf="start" onClick={addStop}>
            {isPremium ? <Plus aria-hidden /> : <Lock aria-hidden />}
            Add a pick-up point
          </Button>
        ) : null}
      </Stack>
      <TextField label="Vehicle" {...bind('vehicle')} placeholder="Blue VW van" maxLength={100} />
      <TextAreaField
        label="Notes"
        {...bind('notes')}
        rows={3}
        maxLength={2000}
        placeholder="Room for two backpacks, no tents."
      />
    </FormDialog>
  );
}
