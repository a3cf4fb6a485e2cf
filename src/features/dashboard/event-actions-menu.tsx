import { ActionsMenu } from '../../components/actions-menu.tsx';
import type { EventAction } from './event-actions.ts';

export interface EventActionsMenuProps {
  eventName: string;
  actions: { value: Exclude<EventAction, 'restore'>; label: string }[];
  onAction(action: EventAction): void;
}

/** An event card's actions menu (leave, delete, delete for good), loaded when first opened. */
export function EventActionsMenu({ eventName, actions, onAction }: EventActionsMenuProps) {
  return (
    <ActionsMenu
      label={`Actions for ${eventName}`}
      actions={actions.map((action) => ({ ...action, isDanger: action.value !== 'leave' }))}
      onAction={onAction}
      defaultOpen
    />
  );
}
