import { Button, CloseButton, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import { CURRENCIES, type Currency } from '../../db/currency.ts';
import { mutate } from '../../data/index.ts';
import { mutateErrorText } from '../events/mutate-error.ts';
import { formatMoney, formatRate, fromEventMinor, parseRate, type Transfer } from './money.ts';

type PaidCurrency = Exclude<Currency, 'CHF'>;
const PAID_CURRENCIES = CURRENCIES.filter((c): c is PaidCurrency => c !== 'CHF');

interface Props {
  eventId: string;
  transfer: Transfer;
  nameOf(id: string): string;
  lastRates: Readonly<Record<string, number>>;
  onClose(): void;
}

/**
 * Recording a suggested payment paid in another currency (advanced splitting): the CHF amount it
 * settles stays as suggested; what changed hands follows from the rate, fixed on the payment.
 */
export function SettleCurrencyDialog({ eventId, transfer, nameOf, lastRates, onClose }: Props) {
  const [currency, setCurrency] = useState<PaidCurrency>('EUR');
  const [rateText, setRateText] = useState(lastRates.EUR ? formatRate(lastRates.EUR) : '');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const rate = parseRate(rateText);
  const paid = rate ? fromEventMinor(transfer.amount, rate) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!rate || !paid) return setError(`Enter the rate: how many CHF one ${currency} is, like 0.95.`);
    setSaving(true);
    try {
      await mutate('settlement.record', {
        eventId,
        from_user: transfer.from,
        to_user: transfer.to,
        amount_minor: transfer.amount,
        paid: { currency, amount_minor: paid, rate_e6: rate },
      });
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, 'Could not record the payment'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size={{ base: 'xs', sm: 'sm' }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Paid in another currency</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Stack asChild gap="4">
                <form onSubmit={(e) => void submit(e)} aria-label="Paid in another currency" noValidate>
                  <Text>
                    {nameOf(transfer.from)} pays {nameOf(transfer.to)} {formatMoney(transfer.amount)}.
                  </Text>
                  <HStack gap="3" align="end">
                    <Field.Root w="28">
                      <Field.Label>Currency</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={currency}
                          onChange={(e) => {
                            const next = e.target.value as PaidCurrency;
                            setCurrency(next);
                            setRateText(lastRates[next] ? formatRate(lastRates[next]) : '');
                            setError(null);
                          }}
                        >
                          {PAID_CURRENCIES.map((c) => (
                            <option key={c} value={c}>
                              {c}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root flex="1" invalid={rateText.trim() !== '' && rate === null}>
                      <Field.Label>Rate: 1 {currency} in CHF</Field.Label>
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
                      {formatMoney(paid, currency)} settles {formatMoney(transfer.amount)}
                    </Text>
                  ) : null}
                  {error ? <FormMessage status="error">{error}</FormMessage> : null}
                  <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
                    <Button variant="outline" onClick={onClose}>
                      Cancel
                    </Button>
                    <Button type="submit" loading={isSaving}>
                      Record payment
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
