import { Field, Input, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';

export interface EventFormValues {
  name: string;
  start_date: string;
  end_date: string;
  location: string;
  description: string;
}

export const EMPTY_EVENT_FORM: EventFormValues = {
  name: '',
  start_date: '',
  end_date: '',
  location: '',
  description: '',
};

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

/** The dialog with an event's fields (name, dates, location, description), for creating and editing. */
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
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const set = (field: keyof EventFormValues) => (e: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: e.target.value }));
  const datesError =
    values.start_date && values.end_date && values.end_date < values.start_date
      ? 'The end date cannot be before the start date'
      : (checkDates?.(values) ?? null);

  async function submit() {
    if (!values.name.trim()) return setError('The event needs a name');
    if (datesError) return;
    setSaving(true);
    const failure = await onSubmit(values);
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
      <Field.Root required>
        <Field.Label>
          Event name
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={values.name} onChange={set('name')} placeholder="Summer festival weekend" maxLength={200} />
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={Boolean(datesError)}>
          <Field.Label>Start date</Field.Label>
          <Input type="date" value={values.start_date} onChange={set('start_date')} />
        </Field.Root>
        <Field.Root invalid={Boolean(datesError)}>
          <Field.Label>End date</Field.Label>
          <Input type="date" value={values.end_date} onChange={set('end_date')} min={values.start_date || undefined} />
        </Field.Root>
      </SimpleGrid>
      {datesError ? <FormMessage status="error">{datesError}</FormMessage> : null}
      <Field.Root>
        <Field.Label>Location</Field.Label>
        <Input
          value={values.location}
          onChange={set('location')}
          placeholder="Campsite, town or address"
          maxLength={300}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>Description</Field.Label>
        <Textarea value={values.description} onChange={set('description')} rows={3} maxLength={5000} />
      </Field.Root>
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
  };
}
