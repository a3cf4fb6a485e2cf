import { Box, Button, HStack, IconButton, Text, Wrap } from '@chakra-ui/react';
import { ToggleButton } from '../../components/toggle-button.tsx';
import { Download, Maximize2, PenLine, Printer, Ruler, ZoomIn, ZoomOut } from 'lucide-react';
import { distance, formatDistance, ITEM_TYPES, MAX_ZOOM, MIN_ZOOM, type Point } from './site-plan-helpers.ts';
import { ADDABLE_KINDS, type ItemKind, type PlanSize } from './site-plan-rules.ts';

export type Tool = 'measure' | 'shape';

/** The buttons that put a new tent, car, kitchen... on the plan. */
export function AddItemButtons({ onAdd }: { onAdd(kind: ItemKind): void }) {
  return (
    <Wrap gap="2" mb="3" role="group" aria-label="Add to the plan">
      {ADDABLE_KINDS.map((kind) => (
        <Button
          key={kind}
          size="sm"
          minH={{ base: '11', lg: '9' }}
          variant="outline"
          onClick={() => onAdd(kind)}
          aria-label={`Add ${ITEM_TYPES[kind].article}`}
        >
          <Box
            as="span"
            w="3"
            h="3"
            rounded="sm"
            bg={ITEM_TYPES[kind].fill}
            borderWidth="1px"
            borderColor={ITEM_TYPES[kind].stroke}
          />
          {ITEM_TYPES[kind].label}
        </Button>
      ))}
    </Wrap>
  );
}

interface PlanToolsProps {
  tool: Tool | null;
  onPick(tool: Tool): void;
  onExport(): void;
}

/** The premium tools: measuring, drawing an area, exporting and printing the plan. */
export function PlanTools({ tool, onPick, onExport }: PlanToolsProps) {
  return (
    <Wrap gap="2" mb="3" role="group" aria-label="Plan tools">
      <ToggleButton
        size="sm"
        minH={{ base: '11', lg: '9' }}
        isPressed={tool === 'measure'}
        onClick={() => onPick('measure')}
      >
        <Ruler aria-hidden />
        Measure
      </ToggleButton>
      <ToggleButton
        size="sm"
        minH={{ base: '11', lg: '9' }}
        isPressed={tool === 'shape'}
        onClick={() => onPick('shape')}
      >
        <PenLine aria-hidden />
        Draw an area
      </ToggleButton>
      <Button size="sm" minH={{ base: '11', lg: '9' }} variant="outline" onClick={onExport}>
        <Download aria-hidden />
        Export PNG
      </Button>
      <Button size="sm" minH={{ base: '11', lg: '9' }} variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden />
        Print
      </Button>
    </Wrap>
  );
}

interface ToolStatusProps {
  tool: Tool;
  points: readonly Point[];
  onFinish(): void;
  onDone(): void;
}

/** What the tool in hand asks for, what it has measured, and the way to put it away. */
export function ToolStatus({ tool, points, onFinish, onDone }: ToolStatusProps) {
  const text =
    tool === 'shape'
      ? `Tap the corners of the area on the plan (${points.length} so far), then Finish.`
      : points.length === 2
        ? `Distance: ${formatDistance(distance(points[0], points[1]))}. Tap again to measure anew; Escape ends.`
        : 'Tap two points on the plan to measure the distance between them.';
  return (
    <HStack gap="2" mb="3" wrap="wrap" role="status">
      <Text textStyle="sm">{text}</Text>
      {tool === 'shape' ? (
        <Button size="xs" minH="11" disabled={points.length < 3} onClick={onFinish}>
          Finish the area
        </Button>
      ) : null}
      <Button size="xs" minH="11" variant="ghost" onClick={onDone}>
        {tool === 'measure' ? 'Done' : 'Cancel'}
      </Button>
    </HStack>
  );
}

/** On a touch screen the help speaks of fingers; with a mouse and keys, of those. */
const isTouch = () => typeof window !== 'undefined' && window.matchMedia('(pointer: coarse)').matches;

/** How to use the plan, in the words of the device in hand. */
export function planHelp(plan: PlanSize, touch = isTouch()): string {
  const scale = `${plan.width_m} m × ${plan.height_m} m · grid 1 m`;
  return touch
    ? `${scale} · drag an item with your finger to move it; tap it, then drag the corner handle to resize or the round one to turn it · pinch with two fingers to zoom; when zoomed in, drag the ground to look around`
    : `${scale} · drag to move; the corner handle resizes, the round one rotates · keys: arrows move, Shift+arrows resize, R rotates · pinch or Ctrl+wheel zooms`;
}

interface ZoomBarProps {
  plan: PlanSize;
  zoom: number;
  onZoom(direction: 1 | -1): void;
  onFullScreen(): void;
}

/** The plan's scale and how to use it, with the zoom buttons and the way into full screen. */
export function ZoomBar({ plan, zoom, onZoom, onFullScreen }: ZoomBarProps) {
  const size = { h: { base: '11', lg: '9' }, w: { base: '11', lg: '9' } };
  return (
    <HStack justify="space-between" align="start">
      <Text textStyle="sm" color="fg.muted">
        {planHelp(plan)}
      </Text>
      <HStack gap="1" flexShrink="0">
        <IconButton
          {...size}
          variant="ghost"
          aria-label="Zoom out"
          disabled={zoom <= MIN_ZOOM}
          onClick={() => onZoom(-1)}
        >
          <ZoomOut />
        </IconButton>
        <IconButton
          {...size}
          variant="ghost"
          aria-label="Zoom in"
          disabled={zoom >= MAX_ZOOM}
          onClick={() => onZoom(1)}
        >
          <ZoomIn />
        </IconButton>
        <IconButton {...size} variant="outline" aria-label="Full screen" onClick={onFullScreen}>
          <Maximize2 />
        </IconButton>
      </HStack>
    </HStack>
  );
}
