import { Field, HStack, Input, Text } from '@chakra-ui/react';
import { useEventCurrency } from './use-event-currency.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { CURRENCIES, type Currency } from './sync/currency.ts';
import { mutate } from '../../data/index.ts';
import { useSave } from '../events/index.ts';
import { formatMoney, formatRate, fromEventMinor, parseRate, type Transfer } from './money.ts';

interface Props {
  eventId: string;
  transfer: Transfer;
  nameOf(id: string): string;
  lastRates: Readonly<Record<string, number>>;
  onClose(): void;
}

/**
 * Recording a suggested payment paid in another currency (advanced splitting): the amount in the
 * event's currency it settles stays as suggested; what changed hands follows from the rate, fixed on the payment.
 */
export function SettleCurrencyDialog({ eventId, transfer, nameOf, lastRates, onClose }: Props) {
  const eventCurrency = useEventCurrency();
  const paidCurrencies = CURRENCIES.filter((c) => c !== eventCurrency);
  const [currency, setCurrency] = useState<Currency>(paidCurrencies[0]);
  const [rateText, setRateText] = useState(lastRates[currency] ? formatRate(lastRates[currency]) : '');
  const { error, setError, isSaving, save } = useSave();
  const rate = parseRate(rateText);
  const paid = rate ? fromEventMinor(transfer.amount, rate) : null;

  async function submit() {
    if (!rate || !paid) return setError(`Enter the rate: how many ${eventCurrency} one ${currency} is, like 0.95.`);
    const saved = await save(
      () =>
        mutate('settlement.record', {
          eventId,
          from_user: transfer.from,
          to_user: transfer.to,
          amount_minor: transfer.amount,
          paid: { currency, amount_minor: paid, rate_e6: rate },
        }),
      'Could not record the payment',
    );
    if (saved) onClose();
  }

  return (
    <FormDialog
      title="Paid in another currency"
      size="small"
      hasCloseButton
      submitLabel="Record payment"
      error={error}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text>
        {nameOf(transfer.from)} pays {nameOf(transfer.to)} {formatMoney(transfer.amount, eventCurrency)}.
      </Text>
      <HStack gap="3" align="end">
        <SelectField
          w="28"
          label="Currency"
          value={currency}
          options={paidCurrencies.map((c) => ({ value: c, label: c }))}
          onChange={(value) => {
            const next = value as Currency;
            setCurrency(next);
            setRateText(lastRates[next] ? formatRate(lastRates[next]) : '');
            setError(null);
          }}
        />
        <Field.Root flex="1" invalid={rateText.trim() !== '' && rate === null}>
          <Field.Label>
            Rate: 1 {currency} in {eventCurrency}
          </Field.Label>
          <Input
            inputMode="decimal"
            value={rateText}
            placeholder="0.95"
            onChange={(e) => {
              setRateText(e.target.value);
              setError(null);
            }}
          />
        </Field.Root>
      </HStack>
      {paid ? (
        <Text fontWeight="medium">
          {formatMoney(paid, currency)} settles {formatMoney(transfer.amount, eventCurrency)}
        </Text>
      ) : null}
    </FormDialog>
  );
}
