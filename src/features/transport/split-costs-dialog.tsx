import { SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TextField } from '../../components/text-field.tsx';
import { mutate } from '../../data/index.ts';
import { useSave } from '../events/index.ts';
import { formatMoney, parseMoney, useEventCurrency } from '../expenses/index.ts';
import { costSharers, rideCostExpense, type SeatedRide } from './transport-helpers.ts';

interface Props {
  eventId: string;
  ride: SeatedRide;
  nameOf(userId: string): string;
  onClose(): void;
}

/**
 * Splitting a ride's fuel and toll (premium transport): one expense paid by the driver, split
 * equally among the driver and the passengers, recorded like any expense, then the ride points at
 * it. Both changes are queued on the device, so this works offline; the expense goes first and the
 * ride's change waits for it.
 */
export function SplitCostsDialog({ eventId, ride, nameOf, onClose }: Props) {
  const currency = useEventCurrency();
  const [fuelText, setFuelText] = useState('');
  const [tollText, setTollText] = useState('');
  const { error, setError, isSaving, save } = useSave();

  const fuel = fuelText.trim() ? parseMoney(fuelText) : 0;
  const toll = tollText.trim() ? parseMoney(tollText) : 0;
  const people = costSharers(ride);
  const total = fuel !== null && toll !== null ? fuel + toll : null;
  const each = total ? Math.ceil(total / people.length) : null;
  const problem =
    fuel === null || toll === null
      ? 'Enter the amounts in francs, for example 42.50.'
      : ride.passengerIds.length === 0
        ? 'Nobody has a seat in this ride yet: there is nobody to share the costs with.'
        : null;
  const message = error ?? problem;

  async function submit() {
    if (problem || fuel === null || toll === null) return setError(problem);
    if (!total) return setError('Enter the fuel or the toll.');
    const expense = rideCostExpense(ride, fuel, toll);
    const id = crypto.randomUUID();
    const saved = await save(async () => {
      await mutate('expense.create', {
        id,
        eventId,
        ...expense,
        spent_on: ride.departs_at.slice(0, 10),
        category: 'transport',
      });
      await mutate('ride.update', {
        id: ride.id,
        changes: { cost_split: { expense_id: id, fuel_minor: fuel, toll_minor: toll } },
      });
    }, 'Failed to split the costs');
    if (saved) onClose();
  }

  const amountField = (label: string, text: string, cents: number | null, setText: (text: string) => void) => (
    <TextField
      label={label}
      invalid={cents === null}
      inputMode="decimal"
      value={text}
      placeholder="0.00"
      onChange={(e) => {
        setError(null);
        setText(e.target.value);
      }}
    />
  );

  return (
    <FormDialog
      title="Split the costs"
      submitLabel="Split costs"
      error={message}
      isSaving={isSaving}
      isSubmitDisabled={Boolean(problem) || !total}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text textStyle="sm" color="fg.muted">
        The fuel and toll of the ride from {ride.departure_place} become one expense, paid by {nameOf(ride.driver_id)}{' '}
        and split equally among the driver and the passengers.
      </Text>
      <SimpleGrid columns={2} gap="4">
        {amountField(`Fuel (${currency})`, fuelText, fuel, setFuelText)}
        {amountField(`Toll (${currency})`, tollText, toll, setTollText)}
      </SimpleGrid>
      <Text textStyle="sm" aria-live="polite">
        {total && each
          ? `${formatMoney(total, currency)} among ${people.length} people: about ${formatMoney(each, currency)} each.`
          : `Split among ${people.length} ${people.length === 1 ? 'person' : 'people'}: ${people.map(nameOf).join(', ')}.`}
      </Text>
    </FormDialog>
  );
}
