import { CloseButton, Drawer, HStack, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Logo } from '../../components/logo.tsx';

/** The sidebar on phones: a drawer sliding in from the start edge. */
export function MobileNavDrawer({
  isOpen,
  onClose,
  onExitComplete,
  children,
}: {
  isOpen: boolean;
  onClose(): void;
  onExitComplete?(): void;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={isOpen}
      onOpenChange={(details) => !details.open && onClose()}
      placement="start"
      size="xs"
      onExitComplete={onExitComplete}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px" py="3">
              <HStack gap="2">
                <Logo size="7" />
                <Drawer.Title asChild>
                  <Text fontWeight="bold">CrewCamp</Text>
                </Drawer.Title>
              </HStack>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Header>
            <Drawer.Body p="0">{children}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
