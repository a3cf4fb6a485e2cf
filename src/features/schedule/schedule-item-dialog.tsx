import { Button, CloseButton, Dialog, Field, Input, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/form-message.tsx';
import type { ScheduleItemRow } from '../../db/row-schemas.ts';
import { mutate } from '../../data/index.ts';
import { mutateErrorText } from '../events/mutate-error.ts';
import { inputValue, scheduleWindowHint } from './schedule-format.ts';
import { scheduleProblem, type ScheduleEvent } from './schedule-helpers.ts';

interface Values {
  title: string;
  starts_at: string;
  ends_at: string;
  location: string;
  notes: string;
}

interface Props {
  event: ScheduleEvent & { id: string };
  /** The item to edit; none to add one. */
  item?: ScheduleItemRow;
  /** The day a new item starts on (`YYYY-MM-DD`). */
  day: string;
  /** The event's other items (the planning days of an event without dates depend on them). */
  others: readonly ScheduleItemRow[];
  canDelete: boolean;
  onClose(): void;
  onDelete(): void;
}

const fullTime = (t: string) => (t.length === 16 ? `${t}:00` : t);

/** Adding or editing a schedule item; the limits the database enforces are explained before sending. */
export function ScheduleItemDialog({ event, item, day, others, canDelete, onClose, onDelete }: Props) {
  const [values, setValues] = useState<Values>(
    item
      ? {
          title: item.title,
          starts_at: inputValue(item.starts_at),
          ends_at: inputValue(item.ends_at),
          location: item.location ?? '',
          notes: item.notes ?? '',
        }
      : { title: '', starts_at: `${day}T09:00`, ends_at: `${day}T10:00`, location: '', notes: '' },
  );
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const set = (field: keyof Values) => (e: { target: { value: string } }) => {
    setError(null);
    setValues((current) => ({ ...current, [field]: e.target.value }));
  };

  const timesGiven = Boolean(values.starts_at && values.ends_at);
  const problem = timesGiven
    ? scheduleProblem(
        event,
        { id: item?.id ?? '', starts_at: fullTime(values.starts_at), ends_at: fullTime(values.ends_at) },
        others,
      )
    : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.title.trim()) return setError('The item needs a title');
    if (!timesGiven) return setError('Give the item a start and an end');
    if (problem) return;
    const fields = {
      title: values.title.trim(),
      starts_at: fullTime(values.starts_at),
      ends_at: fullTime(values.ends_at),
      location: values.location.trim() || null,
      notes: values.notes.trim() || null,
    };
    setSaving(true);
    try {
      if (item) {
        const changes = Object.fromEntries(
          Object.entries(fields).filter(([key, value]) => (item as Record<string, unknown>)[key] !== value),
        );
        if (Object.keys(changes).length) await mutate('schedule.update', { id: item.id, changes });
      } else {
        await mutate('schedule.create', { eventId: event.id, ...fields });
      }
      onClose();
    } catch (failure) {
      setError(mutateErrorText(failure, item ? 'Failed to save the item' : 'Failed to add the item'));
    } finally {
      setSaving(false);
    }
  }

  const title = item ? 'Edit item' : 'Add an item';
  const endMax = event.end_date ? `${event.end_date}T23:59` : undefined;
  const startMin = event.start_date ? `${event.start_date}T00:00` : undefined;
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
                  <Text color="fg.muted" textStyle="sm" id="schedule-window">
                    {scheduleWindowHint(event)}
                  </Text>
                  <Field.Root required>
                    <Field.Label>
                      Title
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      value={values.title}
                      onChange={set('title')}
                      placeholder="Arrival and set-up"
                      maxLength={200}
                    />
                  </Field.Root>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <Field.Root required invalid={Boolean(problem)}>
                      <Field.Label>
                        Starts
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        type="datetime-local"
                        value={values.starts_at}
                        onChange={set('starts_at')}
                        min={startMin}
                        max={endMax}
                        aria-describedby="schedule-window"
                      />
                    </Field.Root>
                    <Field.Root required invalid={Boolean(problem)}>
                      <Field.Label>
                        Ends
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        type="datetime-local"
                        value={values.ends_at}
                        onChange={set('ends_at')}
                        min={values.starts_at || startMin}
                        max={endMax}
                        aria-describedby="schedule-window"
                      />
                    </Field.Root>
                  </SimpleGrid>
                  {problem ? <FormMessage status="error">{problem}</FormMessage> : null}
                  <Field.Root>
                    <Field.Label>Location</Field.Label>
                    <Input
                      value={values.location}
                      onChange={set('location')}
                      placeholder="Main stage"
                      maxLength={300}
                    />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Notes</Field.Label>
                    <Textarea value={values.notes} onChange={set('notes')} rows={3} maxLength={5000} />
                  </Field.Root>
                  {error ? <FormMessage status="error">{error}</FormMessage> : null}
                  <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="3">
                    {item && canDelete ? (
                      <Button variant="outline" colorPalette="red" mr={{ sm: 'auto' }} onClick={onDelete}>
                        Delete item
                      </Button>
                    ) : null}
                    <Button variant="outline" onClick={onClose}>
                      Cancel
                    </Button>
                    <Button type="submit" loading={isSaving} disabled={Boolean(problem)}>
                      {item ? 'Save changes' : 'Add item'}
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
