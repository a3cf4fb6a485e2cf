import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { EllipsisVertical } from 'lucide-react';
import type { EventAction } from './event-actions.ts';

export interface EventActionsMenuProps {
  eventName: string;
  actions: { value: Exclude<EventAction, 'restore'>; label: string }[];
  onAction(action: EventAction): void;
}

/** An event card's actions menu (leave, delete, delete for good), loaded when first opened. */
export function EventActionsMenu({ eventName, actions, onAction }: EventActionsMenuProps) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      defaultOpen
      onSelect={(details) => onAction(details.value as EventAction)}
    >
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={`Actions for ${eventName}`}>
          <EllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="12rem">
            {actions.map((action) => (
              <Menu.Item
                key={action.value}
                value={action.value}
                color={action.value === 'leave' ? undefined : 'fg.error'}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
