import { SimpleGrid } from '@chakra-ui/react';
import { useRef, useState, type ReactNode } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { TextAreaField, TextField } from '../../components/text-field.tsx';
import { useFormValues } from '../../lib/use-form-values.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { CURRENCIES, currencyOf } from '../../lib/currencies.ts';
import { deviceTimeZone, TimeZoneField } from './time-zone-field.tsx';

export interface EventFormValues {
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  description: string;
  /** ISO 4217: what the event's amounts, balances and exports are in. */
  currency: string;
  /** IANA: the zone the schedule's times are in. */
  time_zone: string;
}

/**
 * A new event's form: empty, in the device's time zone. A function, not a constant: this module is
 * part of the app's start (the events feature's entry), and the first time-zone lookup loads the
 * Intl time-zone data, about 8 ms that the first screen should not wait for (bench/home.ts).
 */
export function emptyEventForm(): EventFormValues {
  return {
    name: '',
    start_date: '',
    end_date: '',
    location: '',
    description: '',
    currency: 'CHF',
    time_zone: deviceTimeZone(),
  };
}

interface EventFormDialogProps {
  title: string;
  initial: EventFormValues;
  submitLabel: string;
  /** Explains the plan's limits above the fields. */
  notice?: ReactNode;
  /** A limit the dates break, as the database would word it. */
  checkDates?(values: EventFormValues): string | null;
  isBlocked?: boolean;
  /** Saves the values: null when done, else the error to show. */
  onSubmit(values: EventFormValues): Promise<string | null>;
  onClose(): void;
}

/** How long a save may take before its button shows that it is busy. */
const SHOW_BUSY_AFTER_MS = 150;

/** The dialog with an event's fields (name, dates, location, description, currency, time zone), for creating and editing. */
export function EventFormDialog({
  title,
  initial,
  submitLabel,
  notice,
  checkDates,
  isBlocked,
  onSubmit,
  onClose,
}: EventFormDialogProps) {
  const { values, bind } = useFormValues(initial);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const isSubmitting = useRef(false);
  const datesError =
    values.start_date && values.end_date && values.end_date < values.start_date
      ? 'The end date cannot be before the start date'
      : (checkDates?.(values) ?? null);

  async function submit() {
    if (!values.name.trim()) return setError('The event needs a name');
    if (datesError || isSubmitting.current) return;
    // Queuing the change on the device takes a moment: the button shows that it is busy only when
    // it takes longer. Drawing it at once would render the whole form (its long time zone list)
    // again before the change even starts, delaying the new event's page after the tap.
    isSubmitting.current = true;
    const showBusy = setTimeout(() => setSaving(true), SHOW_BUSY_AFTER_MS);
    const failure = await onSubmit(values);
    clearTimeout(showBusy);
    isSubmitting.current = false;
    setSaving(false);
    setError(failure);
  }

  return (
    <FormDialog
      title={title}
      size="wide"
      formLabel={submitLabel}
      submitLabel={submitLabel}
      error={error}
      isSaving={isSaving}
      isSubmitDisabled={isBlocked || Boolean(datesError)}
      onSubmit={submit}
      onClose={onClose}
    >
      {notice}
      <TextField label="Event name" required {...bind('name')} placeholder="Summer festival weekend" maxLength={200} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Start date" invalid={Boolean(datesError)} type="date" {...bind('start_date')} />
        <TextField
          label="End date"
          invalid={Boolean(datesError)}
          type="date"
          {...bind('end_date')}
          min={values.start_date || undefined}
        />
      </SimpleGrid>
      {datesError ? <FormMessage status="error">{datesError}</FormMessage> : null}
      <TextField label="Location" {...bind('location')} placeholder="Campsite, town or address" maxLength={300} />
      <TextAreaField label="Description" {...bind('description')} rows={3} maxLength={5000} />
      <SelectField
        label="Currency"
        value={values.currency}
        onChange={(value) => bind('currency').onChange({ target: { value } })}
        options={CURRENCIES.map((c) => ({ value: c, label: c }))}
        helperText="Expenses, balances and exports are in it. It can be changed until the first expense is recorded."
      />
      <TimeZoneField value={values.time_zone} onChange={(value) => bind('time_zone').onChange({ target: { value } })} />
    </FormDialog>
  );
}

/** The form's values as the event kinds take them (empty fields become null). */
export function eventFieldsOf(values: EventFormValues) {
  const orNull = (text: string) => text.trim() || null;
  return {
    name: values.name.trim(),
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    location: orNull(values.location),
    description: orNull(values.description),
    currency: currencyOf(values),
    time_zone: values.time_zone,
  };
}
