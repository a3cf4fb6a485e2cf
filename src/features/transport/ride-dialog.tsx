import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { RideRow } from '../../db/row-schemas.ts';
import { mutate } from '../../data/index.ts';
import { mutateErrorText } from '../events/mutate-error.ts';
import { inputValue } from '../schedule/schedule-format.ts';

interface Values {
  departure_place: string;
  departs_at: string;
  seats: string;
  vehicle: string;
  notes: string;
}

interface Props {
  eventId: string;
  /** The ride to change; none to offer one. */
  ride?: RideRow;
  /** Seats already taken in the ride (its seats cannot go below). */
  taken: number;
  /** The day a new ride leaves on (`YYYY-MM-DD`). */
  day: string;
  onClose(): void;
}

const fullTime = (t: string) => (t.length === 16 ? `${t}:00` : t);

/** Offering a ride or changing one; the seat rule the database enforces is said before sending. */
export function RideDialog({ eventId, ride, taken, day, onClose }: Props) {
  const [values, setValues] = useState<Values>(
    ride
      ? {
          departure_place: ride.departure_place,
          departs_at: inputValue(ride.departs_at),
          seats: String(ride.seats),
          vehicle: ride.vehicle ?? '',
          notes: ride.notes ?? '',
        }
      : { departure_place: '', departs_at: `${day}T09:00`, seats: '3', vehicle: '', notes: '' },
  );
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const set = (field: keyof Values) => (e: { target: { value: string } }) => {
    setError(null);
    setValues((current) => ({ ...current, [field]: e.target.value }));
  };

  const seats = Number(values.seats);
  const seatsProblem =
    !Number.isInteger(seats) || seats < 1 || seats > 50
      ? 'A ride has between 1 and 50 free seats.'
      : seats < taken
        ? `This ride already has ${taken} passengers; it needs at least ${taken} seats.`
        : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.departure_place.trim()) return setError('Where does the ride leave from?');
    if (!values.departs_at) return setError('When does the ride leave?');
    if (seatsProblem) return;
    const fields = {
      departure_place: values.departure_place.trim(),
      departs_at: fullTime(values.departs_at),
      seats,
      vehicle: values.vehicle.trim() || null,
      notes: values.notes.trim() || null,
    };
    setSaving(true);
    try {
      if (ride) {
        const changes = Object.fromEntries(
          Object.entries(fields).filter(([key, value]) => (ride as Record<string, unknown>)[key] !== value),
        );
        if (Object.keys(changes).length) await mutate('ride.update', { id: ride.id, changes });
      } else {
        await mutate('ride.create', { eventId, ...fields });
      }
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, ride ? 'Failed to save the ride' : 'Failed to offer the ride'));
    } finally {
      setSaving(false);
    }
  }

  const title = ride ? 'Change the ride' : 'Offer a ride';
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'lg' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Stack asChild gap="4">
                <form onSubmit={(e) => void submit(e)} aria-label={title} noValidate>
                  <Field.Root required>
                    <Field.Label>
                      Leaves from
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      value={values.departure_place}
                      onChange={set('departure_place')}
                      placeholder="Bern station, north exit"
                      maxLength={200}
                    />
                  </Field.Root>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <Field.Root required>
                      <Field.Label>
                        Leaves at
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input type="datetime-local" value={values.departs_at} onChange={set('departs_at')} />
                    </Field.Root>
                    <Field.Root required invalid={Boolean(seatsProblem)}>
                      <Field.Label>
                        Free seats
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={Math.max(1, taken)}
                        max={50}
                        value={values.seats}
                        onChange={set('seats')}
                      />
                      {seatsProblem ? <Field.ErrorText>{seatsProblem}</Field.ErrorText> : null}
                    </Field.Root>
                  </SimpleGrid>
                  <Field.Root>
                    <Field.Label>Vehicle</Field.Label>
                    <Input value={values.vehicle} onChange={set('vehicle')} placeholder="Blue VW van" maxLength={100} />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Notes</Field.Label>
                    <Textarea
                      value={values.notes}
                      onChange={set('notes')}
                      rows={3}
                      maxLength={2000}
                      placeholder="Room for two backpacks, no tents."
                    />
                  </Field.Root>
                  {error ? <FormMessage status="error">{error}</FormMessage> : null}
                  <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
                    <Button variant="outline" onClick={onClose}>
                      Cancel
                    </Button>
                    <Button type="submit" loading={isSaving} disabled={Boolean(seatsProblem)}>
                      {ride ? 'Save changes' : 'Offer ride'}
                    </Button>
                  </Stack>
                </form>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
