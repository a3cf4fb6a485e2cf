import { tierLimits } from '../../access/tier-limits.ts';
import type { Tier } from '../../access/tiers.ts';
import { FormMessage } from '../../components/form-message.tsx';
import { mutate } from '../../data/index.ts';
import { emptyEventForm, eventFieldsOf, type EventFormValues } from '../events/index.ts';
import { EventFormDialog } from '../events/index.ts';
import { datesRefusal } from '../events/index.ts';
import { eventsAtOnceRefusal } from '../events/index.ts';
import { mutateErrorText, useDefaultCurrency } from '../events/index.ts';

interface CreateEventDialogProps {
  tier: Tier;
  activeCreatedCount: number;
  onClose(): void;
  /** The new event's (device) id: the home opens it with the invite step. */
  onQueued(eventId: string): void;
}

/** Creating an event, with the plan's limits explained before the database would refuse. */
export function CreateEventDialog({ tier, activeCreatedCount, onClose, onQueued }: CreateEventDialogProps) {
  const limits = tierLimits(tier);
  // The form starts in the currency of the user's last event: it opens once the device has said it.
  const currency = useDefaultCurrency();
  const fullRefusal = eventsAtOnceRefusal(tier, limits, activeCreatedCount);
  const checkDates = (values: EventFormValues) => datesRefusal(tier, values.start_date, values.end_date);

  async function create(values: EventFormValues): Promise<string | null> {
    try {
      const queued = await mutate('event.create', eventFieldsOf(values));
      onClose();
      onQueued(queued.args.id);
      return null;
    } catch (error) {
      return mutateErrorText(error, 'Failed to create event');
    }
  }

  if (!currency) return null;
  return (
    <EventFormDialog
      title="Create an event"
      initial={{ ...emptyEventForm(), currency }}
      submitLabel="Create event"
      isBlocked={Boolean(fullRefusal)}
      checkDates={checkDates}
      onSubmit={create}
      onClose={onClose}
      notice={
        fullRefusal ? (
          <FormMessage status="error">{fullRefusal}</FormMessage>
        ) : (
          <FormMessage status="info">{`Your ${tier} plan: ${activeCreatedCount} of ${limits.maxEventsSimultaneously} active events at once, events of up to ${limits.maxPlanningDays} days, ${limits.maxMembersPerEvent} members per event.`}</FormMessage>
        )
      }
    />
  );
}
