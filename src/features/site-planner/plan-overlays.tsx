/** What the site plan draws over its items: the selected item's handles, and what a tool has marked. */
import type { PointerEvent } from 'react';
import { distance, formatDistance, type Placement, type Point } from './site-plan-helpers.ts';
import type { HandleEvents } from './use-item-gestures.ts';

/**
 * The selected item's handles, drawn in its turned frame: a square on its bottom-right corner to
 * resize, a round one above its top edge to rotate. Each has an invisible finger-sized target.
 */
export function Handles({
  placement,
  px,
  onResize,
  onRotate,
}: {
  placement: Placement;
  px(pixels: number): number;
  onResize: HandleEvents;
  onRotate: HandleEvents;
}) {
  const { x_m, y_m, width_m: w, height_m: h, rotation } = placement;
  // Both sit outside the item, so a small item's middle is still there to drag it by.
  const knob = px(7);
  const reach = px(16);
  const cx = w / 2 + px(10);
  const cy = h / 2 + px(10);
  const stalk = -h / 2 - px(30);
  return (
    <g transform={`translate(${x_m} ${y_m}) rotate(${rotation})`} data-testid="item-handles" data-export="skip">
      <line x1={0} y1={-h / 2} x2={0} y2={stalk} stroke="#c2410c" strokeWidth={px(1.5)} pointerEvents="none" />
      <g
        data-testid="resize-handle"
        role="img"
        aria-label="Resize: drag the corner"
        style={{ cursor: rotation % 90 === 0 ? 'nwse-resize' : 'move', touchAction: 'none' }}
        {...onResize}
      >
        <line x1={w / 2} y1={h / 2} x2={cx} y2={cy} stroke="#c2410c" strokeWidth={px(1.5)} />
        <circle cx={cx} cy={cy} r={reach} fill="transparent" />
        <rect
          x={cx - knob}
          y={cy - knob}
          width={knob * 2}
          height={knob * 2}
          fill="#ffffff"
          stroke="#c2410c"
          strokeWidth={px(2)}
        />
      </g>
      <g
        data-testid="rotate-handle"
        role="img"
        aria-label="Rotate: drag around the centre"
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...onRotate}
      >
        <circle cx={0} cy={stalk} r={reach} fill="transparent" />
        <circle cx={0} cy={stalk} r={knob} fill="#ffffff" stroke="#c2410c" strokeWidth={px(2)} />
      </g>
    </g>
  );
}

/**
 * What a tool shows on the plan, over everything: a ruler between the two points measured with
 * the distance to the decimetre, or the corners of the area being drawn. The whole plan takes the
 * taps while a tool is out.
 */
export function ToolMarks({
  tool,
  points,
  px,
  plan,
  onTap,
}: {
  tool: 'measure' | 'shape';
  points: Point[];
  px(pixels: number): number;
  plan: { width_m: number; height_m: number };
  onTap(e: PointerEvent<SVGRectElement>): void;
}) {
  const [a, b] = points;
  const fontSize = px(14);
  const label = a && b && tool === 'measure' ? formatDistance(distance(a, b)) : null;
  return (
    <g data-testid="tool-marks">
      <rect
        data-export="skip"
        width={plan.width_m}
        height={plan.height_m}
        fill="transparent"
        style={{ cursor: 'crosshair' }}
        onPointerDown={onTap}
      />
      {tool === 'shape' && points.length > 1 ? (
        <polyline
          points={points.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="rgba(20,184,166,0.2)"
          stroke="#0f766e"
          strokeWidth={px(2)}
          strokeDasharray={`${px(6)} ${px(4)}`}
          pointerEvents="none"
        />
      ) : null}
      {a && b && tool === 'measure' ? (
        <line
          x1={a.x}
          y1={a.y}
          x2={b.x}
          y2={b.y}
          stroke="#1d4ed8"
          strokeWidth={px(2.5)}
          strokeDasharray={`${px(8)} ${px(4)}`}
          pointerEvents="none"
        />
      ) : null}
      {points.map((p, i) => (
        <circle
          key={i}
          cx={p.x}
          cy={p.y}
          r={px(5)}
          fill="#ffffff"
          stroke={tool === 'measure' ? '#1d4ed8' : '#0f766e'}
          strokeWidth={px(2)}
          pointerEvents="none"
        />
      ))}
      {label ? (
        <g transform={`translate(${(a.x + b.x) / 2} ${(a.y + b.y) / 2 - px(14)})`} pointerEvents="none">
          <rect
            x={-fontSize * 0.6 * label.length * 0.5 - px(6)}
            y={-fontSize * 0.7}
            width={fontSize * 0.6 * label.length + px(12)}
            height={fontSize * 1.4}
            rx={px(4)}
            fill="#ffffff"
            stroke="#1d4ed8"
            strokeWidth={px(1)}
          />
          <text
            data-testid="measured-distance"
            textAnchor="middle"
            dominantBaseline="central"
            fill="#1e3a8a"
            style={{ fontSize: `${fontSize}px`, fontWeight: 600 }}
          >
            {label}
          </text>
        </g>
      ) : null}
    </g>
  );
}
