import { Field, HStack, Input, SimpleGrid } from '@chakra-ui/react';
import { useEventCurrencyOrLoading } from './use-event-currency.ts';
import { SelectField } from '../../components/select-field.tsx';
import { useReducer, useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TextField } from '../../components/text-field.tsx';
import type { ExpenseRow } from './sync/expense-rows.ts';
import { mutate } from '../../data/index.ts';
import { CURRENCIES, type Currency } from './sync/currency.ts';
import { toEventMinor } from './money.ts';
import { EXPENSE_CATEGORIES, editBase } from './sync/expense-kinds.ts';
import { useSave } from '../events/index.ts';
import { CATEGORY_LABELS } from './categories.ts';
import {
  expenseChanges,
  expenseFormPreview,
  expenseFormReducer,
  initialExpenseForm,
  readExpenseForm,
  SEVERAL,
  type ExpenseCategory,
  type ExpenseFormAction,
} from './expense-form.ts';
import { PayersFieldset, SplitFieldset, type Person } from './expense-split-fields.tsx';
import { formatMoney } from './money.ts';
import { ReceiptField } from './receipt-field.tsx';
import { photoFile } from '../../data/photo-file.ts';

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

/** Recording or changing an expense, split the way the event's plan allows. */
export function ExpenseDialog(props: Props) {
  // The form starts in the event's currency: it opens once the device has said which that is.
  const eventCurrency = useEventCurrencyOrLoading();
  return eventCurrency === 'loading' ? null : <ExpenseForm {...props} eventCurrency={eventCurrency} />;
}

function ExpenseForm(props: Props & { eventCurrency: Currency }) {
  const { eventId, expense, people, myUserId, canSplit, canSplitAdvanced, lastRates, onUpgrade, onClose } = props;
  const { eventCurrency } = props;
  const [form, dispatch] = useReducer(expenseFormReducer, undefined, () =>
    initialExpenseForm(expense, {
      peopleIds: people.map((p) => p.id),
      myUserId,
      canSplit,
      today: today(),
      eventCurrency,
    }),
  );
  const [photo, setPhoto] = useState<File | null>(null);
  const [isRemovingReceipt, setRemovingReceipt] = useState(false);
  const { error, setError, isSaving, save } = useSave();
  const { amount, rate, split, payers } = expenseFormPreview(form);
  const { currency } = form;

  // A change to the form clears the last reason it could not be saved.
  const update = (action: ExpenseFormAction) => {
    setError(null);
    dispatch(action);
  };
  const setText = (field: 'title' | 'amountText' | 'rateText' | 'spentOn') => (e: { target: { value: string } }) =>
    update({ type: 'set', changes: { [field]: e.target.value } });
  const chooseCurrency = (next: Currency) =>
    next !== eventCurrency && !canSplitAdvanced
      ? onUpgrade('organizer')
      : update({ type: 'currency', currency: next, lastRates });
  const choosePayer = (paidBy: string) =>
    paidBy === SEVERAL && !canSplitAdvanced ? onUpgrade('organizer') : update({ type: 'paid-by', paidBy });

  async function submit() {
    const read = readExpenseForm(form);
    if ('error' in read) return setError(read.error);
    const receipt = photo ? await photoFile(photo) : null;
    if (typeof receipt === 'string') return setError(receipt);
    const { fields } = read;
    const saved = await save(
      async () => {
        if (!expense) {
          const created = await mutate('expense.create', { eventId, ...fields });
          if (receipt) await mutate('expense.attach-receipt', { eventId, expenseId: created.args.id, ...receipt });
          return;
        }
        const changes = expenseChanges(expense, fields, isRemovingReceipt && !receipt);
        if (Object.keys(changes).length)
          await mutate('expense.update', { id: expense.id, changes, base: editBase(expense, changes) });
        if (receipt)
          await mutate('expense.attach-receipt', {
            eventId,
            expenseId: expense.id,
            ...receipt,
            base: editBase(expense, { receipt_path: true }),
          });
      },
      expense ? 'Failed to save the expense' : 'Failed to add the expense',
    );
    if (saved) onClose();
  }

  return (
    <FormDialog
      title={expense ? 'Edit expense' : 'Add an expense'}
      size="wide"
      submitLabel={expense ? 'Save changes' : 'Add expense'}
      error={error}
      isSaving={isSaving}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Title"
        required
        value={form.title}
        onChange={setText('title')}
        placeholder="Groceries"
        maxLength={200}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <HStack gap="2" align="end">
          <Field.Root required flex="1">
            <Field.Label>
              Amount ({currency})
              <Field.RequiredIndicator />
            </Field.Label>
            <Input inputMode="decimal" value={form.amountText} onChange={setText('amountText')} placeholder="42.50" />
          </Field.Root>
          <SelectField
            w="28"
            flexShrink="0"
            label="Currency"
            value={currency}
            onChange={(value) => chooseCurrency(value as Currency)}
            options={CURRENCIES.map((c) => ({
              value: c,
              label: c !== eventCurrency && !canSplitAdvanced ? `${c} (Organizer)` : c,
            }))}
          />
        </HStack>
        {currency !== eventCurrency ? (
          <TextField
            label={`Rate: 1 ${currency} in ${eventCurrency}`}
            required
            marksRequired={false}
            invalid={form.rateText.trim() !== '' && rate === null}
            inputMode="decimal"
            value={form.rateText}
            onChange={setText('rateText')}
            placeholder="0.95"
            helperText={
              amount && rate
                ? `${formatMoney(amount, currency)} = ${formatMoney(toEventMinor(amount, rate), eventCurrency)}, at this rate for good`
                : 'Fixed on the expense when you save it.'
            }
          />
        ) : null}
        <TextField
          label="Date"
          required
          marksRequired={false}
          type="date"
          value={form.spentOn}
          onChange={setText('spentOn')}
        />
        <SelectField
          label="Paid by"
          value={form.paidBy}
          onChange={choosePayer}
          options={[
            ...people.map((p) => ({ value: p.id, label: p.id === myUserId ? `${p.name} (you)` : p.name })),
            { value: SEVERAL, label: canSplitAdvanced ? 'Several people' : 'Several people (Organizer)' },
          ]}
        />
        <SelectField
          label="Category"
          value={form.category}
          onChange={(value) => update({ type: 'category', category: value as ExpenseCategory })}
          options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        />
      </SimpleGrid>
      {form.paidBy === SEVERAL ? <PayersFieldset form={form} people={people} update={update} payers={payers} /> : null}
      <SplitFieldset
        form={form}
        people={people}
        update={update}
        split={split}
        hasAmount={Boolean(amount)}
        canSplit={canSplit}
        canSplitAdvanced={canSplitAdvanced}
        onUpgrade={onUpgrade}
      />
      <ReceiptField
        photo={photo}
        hasReceipt={Boolean(expense?.receipt_path)}
        isRemoving={isRemovingReceipt}
        onPhoto={(file) => {
          setError(null);
          setPhoto(file);
        }}
        onRemoving={setRemovingReceipt}
      />
    </FormDialog>
  );
}
