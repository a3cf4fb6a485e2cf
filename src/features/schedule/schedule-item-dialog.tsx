import { Button, Field, Input, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import type { ScheduleItemRow } from '../../db/row-schemas.ts';
import { mutate } from '../../data/index.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { useSave } from '../events/use-save.ts';
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
  const { error, setError, isSaving, save } = useSave();
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

  async function submit() {
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
    const saved = await save(
      async () => {
        if (!item) return mutate('schedule.create', { eventId: event.id, ...fields });
        const changes = changedFields(item, fields);
        if (Object.keys(changes).length) await mutate('schedule.update', { id: item.id, changes });
      },
      item ? 'Failed to save the item' : 'Failed to add the item',
    );
    if (saved) onClose();
  }

  const title = item ? 'Edit item' : 'Add an item';
  const endMax = event.end_date ? `${event.end_date}T23:59` : undefined;
  const startMin = event.start_date ? `${event.start_date}T00:00` : undefined;
  return (
    <FormDialog
      title={title}
      size="wide"
      submitLabel={item ? 'Save changes' : 'Add item'}
      error={error}
      isSaving={isSaving}
      isSubmitDisabled={Boolean(problem)}
      onSubmit={submit}
      onClose={onClose}
      extraAction={
        item && canDelete ? (
          <Button variant="outline" colorPalette="red" me={{ sm: 'auto' }} onClick={onDelete}>
            Delete item
          </Button>
        ) : null
      }
    >
      <Text color="fg.muted" textStyle="sm" id="schedule-window">
        {scheduleWindowHint(event)}
      </Text>
      <Field.Root required>
        <Field.Label>
          Title
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={values.title} onChange={set('title')} placeholder="Arrival and set-up" maxLength={200} />
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
        <Input value={values.location} onChange={set('location')} placeholder="Main stage" maxLength={300} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Notes</Field.Label>
        <Textarea value={values.notes} onChange={set('notes')} rows={3} maxLength={5000} />
      </Field.Root>
    </FormDialog>
  );
}
