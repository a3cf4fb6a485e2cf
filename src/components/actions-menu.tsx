import { Box, IconButton, Menu, Portal } from '@chakra-ui/react';
import { EllipsisVertical, Lock } from 'lucide-react';

interface MenuAction<V extends string> {
  value: V;
  label: string;
  /** Leaving, removing or deleting: shown in red. */
  isDanger?: boolean;
  /** Why the action is locked (its upgrade prompt); shown as a lock. */
  lockedReason?: string | null;
}

interface ActionsMenuProps<V extends string> {
  /** The trigger's accessible name, e.g. 'Actions for Forest camp'. */
  label: string;
  actions: readonly MenuAction<V>[];
  onAction(value: V): void;
  /** Opened at once (a menu loaded on demand, when its button was pressed). */
  defaultOpen?: boolean;
}

/** The ⋮ menu of a card or a row: its actions, the dangerous ones in red. */
export function ActionsMenu<V extends string>({ label, actions, onAction, defaultOpen }: ActionsMenuProps<V>) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      defaultOpen={defaultOpen}
      onSelect={(details) => onAction(details.value as V)}
    >
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={label}>
          <EllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="13rem">
            {actions.map((action) => (
              <Menu.Item key={action.value} value={action.value} color={action.isDanger ? 'fg.error' : undefined}>
                <Box flex="1">{action.label}</Box>
                {action.lockedReason ? <Lock aria-label={action.lockedReason} size={14} /> : null}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
