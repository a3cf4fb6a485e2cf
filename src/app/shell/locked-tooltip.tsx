import { Flex, Portal, Tooltip } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The tooltip of a locked sidebar link: why it is locked (loaded only where a link is locked). */
export function LockedTooltip({
  reason,
  placement = 'right',
  children,
}: {
  reason: string;
  /** Beside a sidebar link, above a tab of the phone's tab bar. */
  placement?: 'right' | 'top';
  children: ReactNode;
}) {
  return (
    <Tooltip.Root positioning={{ placement }} openDelay={200}>
      <Tooltip.Trigger asChild>
        <Flex direction="column">{children}</Flex>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{reason}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
