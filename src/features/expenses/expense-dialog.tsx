import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Camera, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { ExpenseRow } from '../../db/row-schemas.ts';
import { mutate } from '../../data/index.ts';
import { CURRENCIES, RATE_ONE, toEventMinor, type Currency } from '../../db/currency.ts';
import { EDIT_GROUPS, EXPENSE_CATEGORIES, editBase, groupsOf } from '../../sync/kinds/expense-kinds.ts';
import { mutateErrorText } from '../events/mutate-error.ts';
import { CATEGORY_LABELS } from './categories.ts';
import { receiptFile } from './receipt-image.ts';
import {
  formatMoney,
  formatRate,
  parseMoney,
  parseRate,
  splitByWeights,
  splitEqually,
  type Payer,
  type Share,
} from './money.ts';

export type SplitMode = 'equal' | 'shares' | 'percent' | 'exact';

const MODES: { value: SplitMode; label: string }[] = [
  { value: 'equal', label: 'Equally' },
  { value: 'shares', label: 'By shares' },
  { value: 'percent', label: 'By percentages' },
  { value: 'exact', label: 'By exact amounts' },
];

interface Person {
  id: string;
  name: string;
}

interface Props {
  eventId: string;
  expense?: ExpenseRow;
  people: Person[];
  myUserId: string;
  /** Splitting (starter) and advanced splitting (organizer) on this event. */
  canSplit: boolean;
  canSplitAdvanced: boolean;
  /** The rate last used in this event for each currency, to start from. */
  lastRates: Readonly<Record<string, number>>;
  onUpgrade(tier: 'starter' | 'organizer'): void;
  onClose(): void;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The shares the form describes, or why it describes none. */
export function sharesOf(
  amount: number,
  mode: SplitMode,
  chosen: readonly string[],
  inputs: Readonly<Record<string, string>>,
  currency = 'CHF',
): Share[] | string {
  if (!chosen.length) return 'Choose who the expense was for.';
  if (mode === 'equal') return splitEqually(amount, chosen);
  if (mode === 'exact') {
    const shares = chosen.map((id) => ({ user_id: id, share_minor: parseMoney(inputs[id] ?? '') }));
    if (shares.some((s) => s.share_minor === null)) return 'Give each person an amount, like 12.50.';
    const total = shares.reduce((sum, s) => sum + (s.share_minor ?? 0), 0);
    if (total !== amount)
      return `The amounts add up to ${formatMoney(total, currency)}, not ${formatMoney(amount, currency)}.`;
    return (shares as Share[]).sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
  }
  const weights = chosen.map((id) => ({ id, weight: Number((inputs[id] ?? '').replace(',', '.')) }));
  if (weights.some((w) => !Number.isFinite(w.weight) || w.weight < 0 || (inputs[w.id] ?? '').trim() === ''))
    return mode === 'percent' ? 'Give each person a percentage.' : 'Give each person a number of shares.';
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  if (mode === 'percent' && Math.abs(total - 100) > 1e-9) return `The percentages add up to ${total}, not 100.`;
  if (!(total > 0)) return 'At least one person needs a share.';
  return splitByWeights(amount, weights);
}

/** The payers the form describes (each with what they paid), or why it describes none. */
export function payersOf(amount: number, inputs: Readonly<Record<string, string>>, currency = 'CHF'): Payer[] | string {
  const filled = Object.entries(inputs).filter(([, text]) => text.trim() !== '');
  const payers = filled.map(([id, text]) => ({ user_id: id, paid_minor: parseMoney(text) }));
  if (payers.some((p) => p.paid_minor === null)) return 'Give each payer an amount, like 12.50.';
  const paying = (payers as Payer[]).filter((p) => p.paid_minor > 0);
  if (!paying.length) return 'Enter what each person paid.';
  const total = paying.reduce((sum, p) => sum + p.paid_minor, 0);
  if (total !== amount)
    return `What the payers paid adds up to ${formatMoney(total, currency)}, not ${formatMoney(amount, currency)}.`;
  return paying.sort((a, b) => (a.user_id < b.user_id ? -1 : 1));
}

/** The main payer of several: who paid most, ties to the lower id. */
export function mainPayer(payers: readonly Payer[]): string {
  return [...payers].sort((a, b) => b.paid_minor - a.paid_minor || (a.user_id < b.user_id ? -1 : 1))[0].user_id;
}

const SEVERAL = '__several__';

/** Recording or changing an expense, split the way the event's plan allows. */
export function ExpenseDialog(props: Props) {
  const { eventId, expense, people, myUserId, canSplit, canSplitAdvanced, lastRates, onUpgrade, onClose } = props;
  const [title, setTitle] = useState(expense?.title ?? '');
  const [amountText, setAmountText] = useState(expense ? (expense.amount_minor / 100).toFixed(2) : '');
  const [currency, setCurrency] = useState<Currency>((expense?.currency as Currency | undefined) ?? 'CHF');
  const [rateText, setRateText] = useState(expense?.rate_e6 ? formatRate(expense.rate_e6) : '1');
  const [spentOn, setSpentOn] = useState(expense?.spent_on ?? today());
  const [paidBy, setPaidBy] = useState(expense?.payers?.length ? SEVERAL : (expense?.paid_by ?? myUserId));
  const [payerInputs, setPayerInputs] = useState<Record<string, string>>(
    Object.fromEntries((expense?.payers ?? []).map((p) => [p.user_id, (p.paid_minor / 100).toFixed(2)])),
  );
  const [category, setCategory] = useState<(typeof EXPENSE_CATEGORIES)[number]>(
    (expense?.category as (typeof EXPENSE_CATEGORIES)[number] | undefined) ?? 'food',
  );
  const initialShares = expense?.shares ?? [];
  const [isSplit, setSplit] = useState(canSplit && (expense ? initialShares.length > 0 : true));
  const [chosen, setChosen] = useState<string[]>(
    initialShares.length ? initialShares.map((s) => s.user_id) : people.map((p) => p.id),
  );
  const [mode, setMode] = useState<SplitMode>('equal');
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [removeReceipt, setRemoveReceipt] = useState(false);

  const amount = parseMoney(amountText);
  const rate = currency === 'CHF' ? RATE_ONE : parseRate(rateText);
  const split = isSplit && amount !== null && amount > 0 ? sharesOf(amount, mode, chosen, inputs, currency) : null;
  const preview = Array.isArray(split) ? new Map(split.map((s) => [s.user_id, s.share_minor])) : null;
  const isSeveral = paidBy === SEVERAL;
  const payers = isSeveral && amount !== null && amount > 0 ? payersOf(amount, payerInputs, currency) : null;

  function chooseCurrency(next: Currency) {
    if (next !== 'CHF' && !canSplitAdvanced) return onUpgrade('organizer');
    setError(null);
    setCurrency(next);
    if (next !== 'CHF') setRateText(lastRates[next] ? formatRate(lastRates[next]) : '');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return setError('The expense needs a title.');
    if (amount === null || amount <= 0) return setError('Enter the amount, like 42.50.');
    if (rate === null) return setError(`Enter the rate: how many CHF one ${currency} is, like 0.95.`);
    if (typeof payers === 'string') return setError(payers);
    if (typeof split === 'string') return setError(split);
    const photo = receipt ? await receiptFile(receipt) : null;
    if (typeof photo === 'string') return setError(photo);
    const fields = {
      title: title.trim(),
      amount_minor: amount,
      currency,
      rate_e6: rate,
      spent_on: spentOn,
      paid_by: payers ? mainPayer(payers) : paidBy,
      payers: payers ?? [],
      category,
      shares: split ?? [],
    };
    setSaving(true);
    try {
      if (expense) {
        const before: Record<string, unknown> = {
          ...expense,
          rate_e6: expense.rate_e6 ?? RATE_ONE,
          payers: expense.payers ?? [],
        };
        const changed = Object.keys(fields).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(fields[key as keyof typeof fields]),
        );
        // The amount, currency, payers and split go together: a later-made edit wins them as one.
        const keys = groupsOf(Object.fromEntries(changed.map((k) => [k, true]))).includes('money')
          ? [...new Set([...changed, ...EDIT_GROUPS.money])]
          : changed;
        const changes: Record<string, unknown> = Object.fromEntries(
          keys.filter((key) => key in fields).map((key) => [key, fields[key as keyof typeof fields]]),
        );
        if (removeReceipt && !photo && expense.receipt_path) changes.receipt_path = null;
        if (Object.keys(changes).length)
          await mutate('expense.update', { id: expense.id, changes, base: editBase(expense, changes) });
        if (photo)
          await mutate('expense.attach-receipt', {
            eventId,
            expenseId: expense.id,
            ...photo,
            base: editBase(expense, { receipt_path: true }),
          });
      } else {
        const created = await mutate('expense.create', { eventId, ...fields });
        if (photo)
          await mutate('expense.attach-receipt', {
            eventId,
            expenseId: (created.args as { id: string }).id,
            ...photo,
          });
      }
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, expense ? 'Failed to save the expense' : 'Failed to add the expense'));
    } finally {
      setSaving(false);
    }
  }

  const dialogTitle = expense ? 'Edit expense' : 'Add an expense';
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'lg' }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{dialogTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Stack asChild gap="4">
                <form onSubmit={(e) => void submit(e)} aria-label={dialogTitle} noValidate>
                  <Field.Root required>
                    <Field.Label>
                      Title
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      value={title}
                      onChange={(e) => setTitle(e.target.value)}
                      placeholder="Groceries"
                      maxLength={200}
                    />
                  </Field.Root>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <HStack gap="2" align="end">
                      <Field.Root required flex="1">
                        <Field.Label>
                          Amount ({currency})
                          <Field.RequiredIndicator />
                        </Field.Label>
                        <Input
                          inputMode="decimal"
                          value={amountText}
                          onChange={(e) => {
                            setError(null);
                            setAmountText(e.target.value);
                          }}
                          placeholder="42.50"
                        />
                      </Field.Root>
                      <Field.Root w="28" flexShrink="0">
                        <Field.Label>Currency</Field.Label>
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            value={currency}
                            onChange={(e) => chooseCurrency(e.target.value as Currency)}
                          >
                            {CURRENCIES.map((c) => (
                              <option key={c} value={c}>
                                {c !== 'CHF' && !canSplitAdvanced ? `${c} (Organizer)` : c}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                    </HStack>
                    {currency !== 'CHF' ? (
                      <Field.Root required invalid={rateText.trim() !== '' && rate === null}>
                        <Field.Label>Rate: 1 {currency} in CHF</Field.Label>
                        <Input
                          inputMode="decimal"
                          value={rateText}
                          onChange={(e) => {
                            setError(null);
                            setRateText(e.target.value);
                          }}
                          placeholder="0.95"
                        />
                        <Field.HelperText>
                          {amount && rate
                            ? `${formatMoney(amount, currency)} = ${formatMoney(toEventMinor(amount, rate))}, at this rate for good`
                            : 'Fixed on the expense when you save it.'}
                        </Field.HelperText>
                      </Field.Root>
                    ) : null}
                    <Field.Root required>
                      <Field.Label>Date</Field.Label>
                      <Input type="date" value={spentOn} onChange={(e) => setSpentOn(e.target.value)} />
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Paid by</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={paidBy}
                          onChange={(e) => {
                            if (e.target.value === SEVERAL && !canSplitAdvanced) return onUpgrade('organizer');
                            setError(null);
                            setPaidBy(e.target.value);
                          }}
                        >
                          {people.map((p) => (
                            <option key={p.id} value={p.id}>
                              {p.id === myUserId ? `${p.name} (you)` : p.name}
                            </option>
                          ))}
                          <option value={SEVERAL}>
                            {canSplitAdvanced ? 'Several people' : 'Several people (Organizer)'}
                          </option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>Category</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field
                          value={category}
                          onChange={(e) => setCategory(e.target.value as (typeof EXPENSE_CATEGORIES)[number])}
                        >
                          {EXPENSE_CATEGORIES.map((c) => (
                            <option key={c} value={c}>
                              {CATEGORY_LABELS[c]}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  </SimpleGrid>

                  {isSeveral ? (
                    <Stack
                      gap="2"
                      as="fieldset"
                      borderWidth="1px"
                      rounded="md"
                      p="3"
                      role="group"
                      aria-label="Who paid"
                    >
                      <Text textStyle="sm" fontWeight="medium">
                        Who paid how much ({currency})
                      </Text>
                      {people.map((p) => (
                        <HStack key={p.id} justify="space-between" gap="3">
                          <Text textStyle="sm">{p.name}</Text>
                          <Input
                            size="sm"
                            w="28"
                            inputMode="decimal"
                            placeholder="0.00"
                            aria-label={`Paid by ${p.name}`}
                            value={payerInputs[p.id] ?? ''}
                            onChange={(e) => {
                              setError(null);
                              setPayerInputs((current) => ({ ...current, [p.id]: e.target.value }));
                            }}
                          />
                        </HStack>
                      ))}
                      {typeof payers === 'string' ? <FormMessage status="info">{payers}</FormMessage> : null}
                    </Stack>
                  ) : null}

                  {canSplit ? (
                    <Stack gap="3" as="fieldset" borderWidth="1px" rounded="md" p="3">
                      <Checkbox.Root checked={isSplit} onCheckedChange={(d) => setSplit(Boolean(d.checked))}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>Split this expense</Checkbox.Label>
                      </Checkbox.Root>
                      {isSplit ? (
                        <>
                          <Field.Root>
                            <Field.Label>How</Field.Label>
                            <NativeSelect.Root>
                              <NativeSelect.Field
                                value={mode}
                                onChange={(e) => {
                                  const next = e.target.value as SplitMode;
                                  if (next !== 'equal' && !canSplitAdvanced) return onUpgrade('organizer');
                                  setError(null);
                                  setMode(next);
                                }}
                              >
                                {MODES.map((m) => (
                                  <option key={m.value} value={m.value}>
                                    {m.value !== 'equal' && !canSplitAdvanced ? `${m.label} (Organizer)` : m.label}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </Field.Root>
                          <Stack gap="2" role="group" aria-label="Split between">
                            <Text textStyle="sm" fontWeight="medium">
                              Split between
                            </Text>
                            {people.map((p) => {
                              const isChosen = chosen.includes(p.id);
                              return (
                                <HStack key={p.id} justify="space-between" gap="3">
                                  <Checkbox.Root
                                    checked={isChosen}
                                    onCheckedChange={(d) => {
                                      setError(null);
                                      setChosen((current) =>
                                        d.checked ? [...current, p.id] : current.filter((id) => id !== p.id),
                                      );
                                    }}
                                  >
                                    <Checkbox.HiddenInput />
                                    <Checkbox.Control />
                                    <Checkbox.Label>{p.name}</Checkbox.Label>
                                  </Checkbox.Root>
                                  <HStack gap="2">
                                    {isChosen && mode !== 'equal' ? (
                                      <Input
                                        size="sm"
                                        w="24"
                                        inputMode="decimal"
                                        aria-label={`${MODES.find((m) => m.value === mode)!.label.replace('By ', '')} of ${p.name}`}
                                        value={inputs[p.id] ?? ''}
                                        onChange={(e) =>
                                          setInputs((current) => ({ ...current, [p.id]: e.target.value }))
                                        }
                                      />
                                    ) : null}
                                    <Text textStyle="sm" color="fg.muted" minW="20" textAlign="end">
                                      {preview?.has(p.id) ? formatMoney(preview.get(p.id)!, currency) : ''}
                                    </Text>
                                  </HStack>
                                </HStack>
                              );
                            })}
                          </Stack>
                          {typeof split === 'string' && amount ? (
                            <FormMessage status="info">{split}</FormMessage>
                          ) : null}
                        </>
                      ) : null}
                    </Stack>
                  ) : (
                    <Button variant="outline" size="sm" alignSelf="start" onClick={() => onUpgrade('starter')}>
                      <Lock aria-hidden />
                      Split this expense
                    </Button>
                  )}
                  <Field.Root>
                    <Field.Label>Receipt photo</Field.Label>
                    <HStack gap="3" wrap="wrap">
                      <Button asChild variant="outline" size="sm">
                        <label>
                          <Camera aria-hidden />
                          {receipt
                            ? 'Change photo'
                            : expense?.receipt_path && !removeReceipt
                              ? 'Replace photo'
                              : 'Add photo'}
                          <input
                            type="file"
                            accept="image/*"
                            aria-label="Receipt photo"
                            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                            onChange={(e) => {
                              setError(null);
                              setReceipt(e.target.files?.[0] ?? null);
                            }}
                          />
                        </label>
                      </Button>
                      {receipt ? (
                        <Text textStyle="sm" color="fg.muted" truncate maxW="60">
                          {receipt.name}
                        </Text>
                      ) : expense?.receipt_path ? (
                        <Checkbox.Root
                          size="sm"
                          checked={removeReceipt}
                          onCheckedChange={(d) => setRemoveReceipt(Boolean(d.checked))}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>Remove the receipt</Checkbox.Label>
                        </Checkbox.Root>
                      ) : null}
                    </HStack>
                    <Field.HelperText>
                      An image of up to 5 MB; kept on this device until it can be sent.
                    </Field.HelperText>
                  </Field.Root>
                  {error ? <FormMessage status="error">{error}</FormMessage> : null}
                  <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
                    <Button variant="outline" onClick={onClose}>
                      Cancel
                    </Button>
                    <Button type="submit" loading={isSaving}>
                      {expense ? 'Save changes' : 'Add expense'}
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
