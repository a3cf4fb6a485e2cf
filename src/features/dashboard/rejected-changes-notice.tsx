import { RefusedChangeAlerts } from '../../components/page-states.tsx';
import { useRejectedChanges } from '../../data/index.ts';

/**
 * The changes to events the server refused (a limit, a rule), each with the database's reason, to
 * dismiss. The change itself was already rolled back on the device.
 */
const TITLES: Record<string, string> = {
  'event.create': 'Could not create the event',
  'event.update': 'Could not save the event',
  'event.soft-delete': 'Could not delete the event',
  'event.restore': 'Could not restore the event',
  'event.delete': 'Could not delete the event for good',
  'event.leave': 'Could not leave the event',
  'event.join': 'Could not join the event',
};

function titleOf(kind: string, args: unknown): string {
  const name = args && typeof args === 'object' && 'name' in args && typeof args.name === 'string' ? args.name : null;
  const title = TITLES[kind] ?? 'A change was refused';
  return name ? `${title} ${JSON.stringify(name)}` : title;
}

export function RejectedChangesNotice() {
  const { changes, discard } = useRejectedChanges();
  return (
    <RefusedChangeAlerts
      changes={changes.filter((change) => change.kind.startsWith('event.'))}
      titleOf={(change) => titleOf(change.kind, change.args)}
      onDismiss={(id) => void discard(id)}
      fallbackReason="Failed to create event"
      mb="6"
    />
  );
}
