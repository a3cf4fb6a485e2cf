import type { EventRow } from './sync/event-rows.ts';
import { currencyOf } from '../../lib/currencies.ts';
import { mutate } from '../../data/index.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { EventFormDialog, eventFieldsOf, type EventFormValues } from './event-form.tsx';
import { datesRefusal } from './event-rules.ts';
import { mutateErrorText } from './mutate-error.ts';

/** Editing an event's details (managers); only the changed fields are sent. */
export function EditEventDialog({ event, onClose }: { event: EventRow; onClose(): void }) {
  const initial: EventFormValues = {
    name: event.name,
    start_date: event.start_date ?? '',
    end_date: event.end_date ?? '',
    location: event.location ?? '',
    description: event.description ?? '',
    currency: currencyOf(event),
    time_zone: event.time_zone ?? 'Europe/Zurich',
  };
  // Dates kept as they were stay allowed, even where the plan has become shorter.
  const checkDates = (values: EventFormValues) =>
    values.start_date === initial.start_date && values.end_date === initial.end_date
      ? null
      : datesRefusal(event.access_tier, values.start_date, values.end_date);

  async function save(values: EventFormValues): Promise<string | null> {
    const changes = changedFields(eventFieldsOf(initial), eventFieldsOf(values));
    try {
      if (Object.keys(changes).length) await mutate('event.update', { id: event.id, changes });
      onClose();
      return null;
    } catch (error) {
      return mutateErrorText(error, 'Failed to update event');
    }
  }

  return (
    <EventFormDialog
      title="Edit event"
      initial={initial}
      submitLabel="Save changes"
      checkDates={checkDates}
      onSubmit={save}
      onClose={onClose}
    />
  );
}
