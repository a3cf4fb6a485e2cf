import { Button, Field, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
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

interface EventFormProps {
  id: string;
  initial: EventFormValues;
  submitLabel: string;
  /** Explains the plan's limits above the fields. */
  notice?: ReactNode;
  /** A limit the dates break, as the database would word it. */
  checkDates?(values: EventFormValues): string | null;
  isBlocked?: boolean;
  onSubmit(values: EventFormValues): Promise<string | null>;
  onCancel(): void;
}

/** The fields of an event (name, dates, location, description), for creating and editing. */
export function EventForm({
  id,
  initial,
  submitLabel,
  notice,
  checkDates,
  isBlocked,
  onSubmit,
  onCancel,
}: EventFormProps) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const set = (field: keyof EventFormValues) => (e: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: e.target.value }));
  const datesError =
    values.start_date && values.end_date && values.end_date < values.start_date
      ? 'The end date cannot be before the start date'
      : (checkDates?.(values) ?? null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.name.trim()) return setError('The event needs a name');
    if (datesError) return;
    setSaving(true);
    const failure = await onSubmit(values);
    setSaving(false);
    setError(failure);
  }

  return (
    <Stack asChild gap="4">
      <form id={id} onSubmit={(e) => void submit(e)} aria-label={submitLabel} noValidate>
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
            <Input
              type="date"
              value={values.end_date}
              onChange={set('end_date')}
              min={values.start_date || undefined}
            />
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
        {error ? <FormMessage status="error">{error}</FormMessage> : null}
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} disabled={isBlocked || Boolean(datesError)}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </Stack>
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
