import { Box } from '@chakra-ui/react';
import type { PointerEvent } from 'react';
import type { SiteItemRow } from './sync/site-plan-rows.ts';
import { Handles, ToolMarks } from './plan-overlays.tsx';
import { scaledPoints, type Point } from './site-plan-helpers.ts';
import { itemTypeOf, labelFontSize, type PlanSize } from './site-plan-rules.ts';
import type { useGroundGestures } from './use-ground-gestures.ts';
import type { useItemGestures } from './use-item-gestures.ts';
import type { PlanViewport } from './use-plan-viewport.ts';

/** Only the plan is printed (the page's `Print` button). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #site-plan-print, #site-plan-print * { visibility: visible !important; }
  #site-plan-print { position: absolute; left: 0; top: 0; width: 100%; max-height: none !important; overflow: visible !important; border: none !important; }
  #site-plan-print svg { width: 100% !important; }
  #site-plan-print [data-export='skip'] { display: none !important; }
}`;

const SELECTED_STROKE = '#c2410c';

interface SitePlanCanvasProps {
  svgRef: PlanViewport['svgRef'];
  attachScroller: PlanViewport['attachScroller'];
  zoom: number;
  viewWidth: number;
  plan: PlanSize;
  items: readonly SiteItemRow[];
  selected: SiteItemRow | null;
  tool: { kind: 'measure' | 'shape'; points: Point[] } | null;
  gestures: ReturnType<typeof useItemGestures>;
  ground: ReturnType<typeof useGroundGestures>;
  describe(item: SiteItemRow): string;
  onSelect(id: string): void;
  onToolTap(e: PointerEvent<SVGRectElement>): void;
  /** Full screen: the box takes all the room it is given. */
  fill?: boolean;
}

/** The plan to scale in its scrolling box: the ground with its grid, the items, the handles and tool marks. */
export function SitePlanCanvas({
  svgRef,
  attachScroller,
  zoom,
  viewWidth,
  plan,
  items,
  selected,
  tool,
  gestures,
  ground,
  describe,
  onSelect,
  onToolTap,
  fill = false,
}: SitePlanCanvasProps) {
  // Sizes on screen, in metres: handles stay finger-sized whatever the zoom.
  const pxPerMetre = viewWidth > 0 ? (viewWidth * zoom) / plan.width_m : 10;
  const px = (pixels: number) => pixels / pxPerMetre;
  return (
    <Box
      id="site-plan-print"
      ref={attachScroller}
      overflow="auto"
      borderWidth="1px"
      rounded="md"
      bg="bg"
      maxH={fill ? undefined : { base: '70dvh', lg: '75dvh' }}
      flex={fill ? '1' : undefined}
      minH={fill ? '0' : undefined}
    >
      <style>{PRINT_CSS}</style>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${plan.width_m} ${plan.height_m}`}
        width={`${zoom * 100}%`}
        role="group"
        aria-label={`Site plan, ${plan.width_m} by ${plan.height_m} metres`}
        style={{ display: 'block', touchAction: 'none', userSelect: 'none' }}
        data-zoom={zoom.toFixed(2)}
        {...ground}
      >
        <defs>
          <pattern id="site-grid-1" width="1" height="1" patternUnits="userSpaceOnUse">
            <path d="M 1 0 L 0 0 0 1" fill="none" stroke="rgba(60,90,60,0.18)" strokeWidth="0.03" />
          </pattern>
          <pattern id="site-grid-5" width="5" height="5" patternUnits="userSpaceOnUse">
            <rect width="5" height="5" fill="url(#site-grid-1)" />
            <path d="M 5 0 L 0 0 0 5" fill="none" stroke="rgba(60,90,60,0.4)" strokeWidth="0.06" />
          </pattern>
        </defs>
        <rect data-ground="1" width={plan.width_m} height={plan.height_m} fill="#eef5e9" />
        <rect data-ground="1" width={plan.width_m} height={plan.height_m} fill="url(#site-grid-5)" />
        {items.map((item) => (
          <PlanItem
            key={item.id}
            item={item}
            isSelected={item.id === selected?.id}
            gestures={gestures}
            label={describe(item)}
            onFocus={() => onSelect(item.id)}
          />
        ))}
        {tool ? <ToolMarks tool={tool.kind} points={tool.points} px={px} plan={plan} onTap={onToolTap} /> : null}
        {selected && !tool ? (
          <Handles
            placement={gestures.shownPlacement(selected)}
            px={px}
            onResize={gestures.handleEvents(selected, 'resize')}
            onRotate={gestures.handleEvents(selected, 'rotate')}
          />
        ) : null}
      </svg>
    </Box>
  );
}

interface PlanItemProps {
  item: SiteItemRow;
  isSelected: boolean;
  gestures: ReturnType<typeof useItemGestures>;
  label: string;
  onFocus(): void;
}

/** One item on the plan, drawn where it is (or where the finger has it), a button to drag or key around. */
function PlanItem({ item, isSelected, gestures, label, onFocus }: PlanItemProps) {
  const type = itemTypeOf(item.kind);
  const shown = gestures.shownPlacement(item);
  const { width_m: w, height_m: h } = shown;
  const text = item.label ?? type.label;
  const stroke = isSelected ? SELECTED_STROKE : type.stroke;
  return (
    <g
      transform={`translate(${shown.x_m} ${shown.y_m}) rotate(${shown.rotation})`}
      data-testid="site-item"
      data-id={item.id}
      data-x={item.x_m}
      data-y={item.y_m}
      data-width={item.width_m}
      data-height={item.height_m}
      data-rotation={item.rotation}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={isSelected}
      style={{ cursor: gestures.draggingId === item.id ? 'grabbing' : 'grab', outline: 'none' }}
      {...gestures.itemEvents(item)}
      onFocus={onFocus}
    >
      {item.kind === 'shape' && item.points ? (
        <polygon
          points={scaledPoints(item.points, w, h)
            .map((p) => `${p.x},${p.y}`)
            .join(' ')}
          fill={type.fill}
          stroke={stroke}
          strokeWidth={isSelected ? 0.2 : 0.1}
          strokeLinejoin="round"
        />
      ) : (
        <rect
          x={-w / 2}
          y={-h / 2}
          width={w}
          height={h}
          rx={item.kind === 'fire' ? w / 2 : 0.25}
          fill={type.fill}
          stroke={stroke}
          strokeWidth={isSelected ? 0.2 : 0.08}
        />
      )}
      <text
        textAnchor="middle"
        dominantBaseline="central"
        style={{ pointerEvents: 'none', fontSize: `${labelFontSize(w, h, text)}px` }}
        fill="#1f2a1f"
      >
        {text}
      </text>
    </g>
  );
}
