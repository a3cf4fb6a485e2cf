import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormMessage } from '../../components/form-message.tsx';
import { TextAreaField, TextField } from '../../components/text-field.tsx';
import type { ScheduleItemRow } from './sync/schedule-rows.ts';
import { mutate } from '../../data/index.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { useSave } from '../events/index.ts';
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

const TIME_FIELDS = [
  { field: 'starts_at', label: 'Starts' },
  { field: 'ends_at', label: 'Ends' },
] as const;

const fullTime = (t: string) => (t.length === 16 ? `${t}:00` : t);

/** Adding or editing a schedule item; the limits the database enforces are explained before sending. */
export function ScheduleItemDialog({ event, item, day, others, canDelete, onClose, onDelete }: Props) {
  const { error, setError, isSaving, save } = useSave();
  const { values, bind } = useFormValues<Values>(
    () =>
      item
        ? {
            title: item.title,
            starts_at: inputValue(item.starts_at),
            ends_at: inputValue(item.ends_at),
            location: item.location ?? '',
            notes: item.notes ?? '',
          }
        : { title: '', starts_at: `${day}T09:00`, ends_at: `${day}T10:00`, location: '', notes: '' },
    () => setError(null),
  );

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
      <TextField label="Title" required {...bind('title')} placeholder="Arrival and set-up" maxLength={200} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {TIME_FIELDS.map(({ field, label }) => (
          <TextField
            key={field}
            label={label}
            required
            invalid={Boolean(problem)}
            type="datetime-local"
            {...bind(field)}
            min={field === 'ends_at' ? values.starts_at || startMin : startMin}
            max={endMax}
            aria-describedby="schedule-window"
          />
        ))}
      </SimpleGrid>
      {problem ? <FormMessage status="error">{problem}</FormMessage> : null}
      <TextField label="Location" {...bind('location')} placeholder="Main stage" maxLength={300} />
      <TextAreaField label="Notes" {...bind('notes')} rows={3} maxLength={5000} />
    </FormDialog>
  );
}
