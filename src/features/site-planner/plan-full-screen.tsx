import { Box, Button, CloseButton, Drawer, HStack, IconButton, Portal } from '@chakra-ui/react';
import { Minimize2, Plus, SlidersHorizontal, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { MAX_ZOOM, MIN_ZOOM } from './site-plan-helpers.ts';

export type Sheet = 'add' | 'details';

interface PlanFullScreenProps {
  zoom: number;
  onZoom(direction: 1 | -1): void;
  hasSelection: boolean;
  sheet: Sheet | null;
  onSheet(sheet: Sheet | null): void;
  onLeave(): void;
  /** What the bottom sheet holds: the add buttons and tools, or the selected item's details. */
  sheetContent: ReactNode;
  /** The tool's status line, above the bar. */
  status: ReactNode;
  /** The plan, filling the screen above the bar. */
  children: ReactNode;
}

const SHEET_TITLES: Record<Sheet, string> = { add: 'Add to the plan', details: 'Selected item' };

/**
 * The plan on the whole screen (a phone at a campsite): the plan takes the width and all the height
 * above a bar of finger-sized buttons; adding items, the tools and the selected item's details open
 * in a sheet from the bottom, over the plan's lower part only.
 */
export function PlanFullScreen(props: PlanFullScreenProps) {
  const { zoom, onZoom, hasSelection, sheet, onSheet, onLeave } = props;
  // The page under it does not scroll along.
  useEffect(() => {
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, []);
  return (
    <Box
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="bg"
      display="flex"
      flexDirection="column"
      role="region"
      aria-label="Site plan, full screen"
    >
      <Box flex="1" minH="0" display="flex" flexDirection="column" p="1">
        {props.children}
      </Box>
      {props.status ? <Box px="3">{props.status}</Box> : null}
      <HStack
        gap="2"
        px="2"
        pt="2"
        pb="calc(env(safe-area-inset-bottom, 0px) + 8px)"
        borderTopWidth="1px"
        justify="space-between"
      >
        <HStack gap="2">
          <Button h="11" colorPalette="forest" onClick={() => onSheet('add')}>
            <Plus aria-hidden />
            Add
          </Button>
          <Button h="11" variant="outline" disabled={!hasSelection} onClick={() => onSheet('details')}>
            <SlidersHorizontal aria-hidden />
            Details
          </Button>
        </HStack>
        <HStack gap="1">
          <IconButton
            h="11"
            w="11"
            variant="ghost"
            aria-label="Zoom out"
            disabled={zoom <= MIN_ZOOM}
            onClick={() => onZoom(-1)}
          >
            <ZoomOut />
          </IconButton>
          <IconButton
            h="11"
            w="11"
            variant="ghost"
            aria-label="Zoom in"
            disabled={zoom >= MAX_ZOOM}
            onClick={() => onZoom(1)}
          >
            <ZoomIn />
          </IconButton>
          <IconButton h="11" w="11" variant="outline" aria-label="Leave full screen" onClick={onLeave}>
            <Minimize2 />
          </IconButton>
        </HStack>
      </HStack>
      <Drawer.Root open={sheet !== null} onOpenChange={(details) => !details.open && onSheet(null)} placement="bottom">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content roundedTop="xl" maxH="60dvh">
              <Drawer.Header py="3">
                <Drawer.Title>{sheet ? SHEET_TITLES[sheet] : ''}</Drawer.Title>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="lg" aria-label="Close" />
                </Drawer.CloseTrigger>
              </Drawer.Header>
              <Drawer.Body pb="calc(env(safe-area-inset-bottom, 0px) + 16px)">{props.sheetContent}</Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
