import type { SiteItemRow } from './sync/site-plan-rows.ts';
import { scaledPoints } from './site-plan-helpers.ts';
import { itemTypeOf, labelFontSize, type PlanSize } from './site-plan-rules.ts';

/**
 * The site plan drawn to scale and read only (the crew sheet, its printout): the ground with its
 * grid and every item with its label, as the planner draws them, with nothing to tap or drag.
 */
export function SitePlanView({ plan, items }: { plan: PlanSize; items: readonly SiteItemRow[] }) {
  return (
    <svg
      viewBox={`0 0 ${plan.width_m} ${plan.height_m}`}
      role="img"
      aria-label={`Site plan, ${plan.width_m} by ${plan.height_m} metres, ${items.length} items`}
      style={{ display: 'block', width: '100%', height: 'auto', printColorAdjust: 'exact' }}
    >
      <defs>
        <pattern id="sheet-grid-5" width="5" height="5" patternUnits="userSpaceOnUse">
          <path d="M 5 0 L 0 0 0 5" fill="none" stroke="rgba(60,90,60,0.35)" strokeWidth="0.06" />
        </pattern>
      </defs>
      <rect width={plan.width_m} height={plan.height_m} fill="#eef5e9" />
      <rect width={plan.width_m} height={plan.height_m} fill="url(#sheet-grid-5)" />
      {items.map((item) => {
        const type = itemTypeOf(item.kind);
        const text = item.label ?? type.label;
        const { width_m: w, height_m: h } = item;
        return (
          <g key={item.id} transform={`translate(${item.x_m} ${item.y_m}) rotate(${item.rotation})`}>
            {item.kind === 'shape' && item.points ? (
              <polygon
                points={scaledPoints(item.points, w, h)
                  .map((p) => `${p.x},${p.y}`)
                  .join(' ')}
                fill={type.fill}
                stroke={type.stroke}
                strokeWidth={0.1}
              />
            ) : (
              <rect
                x={-w / 2}
                y={-h / 2}
                width={w}
                height={h}
                rx={item.kind === 'fire' ? w / 2 : 0.25}
                fill={type.fill}
                stroke={type.stroke}
                strokeWidth={0.08}
              />
            )}
            <text
              textAnchor="middle"
              dominantBaseline="central"
              style={{ fontSize: `${labelFontSize(w, h, text)}px` }}
              fill="#1f2a1f"
            >
              {text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
