/**
 * The site planner's rules for what a tap, a key or a finger does to the plan, as pure functions:
 * where a dragged item lands (on the half-metre grid, on the plan), what the arrow keys, Shift and
 * R do to the focused item, which fields a gesture changed (only those are sent), where a new item
 * is put, the plan's size limits, the layers in use, and how an item is named to a screen reader.
 */
import type { SiteItemRow } from './sync/site-plan-rows.ts';
import { DEFAULT_LAYER } from './site-plan-view-store.ts';
import { clampToPlan, ITEM_TYPES, MIN_ITEM_SIZE, snap, type Placement, type Point } from './site-plan-helpers.ts';

export type PlanSize = { width_m: number; height_m: number };
export type ItemKind = keyof typeof ITEM_TYPES;

export const DEFAULT_PLAN: PlanSize = { width_m: 60, height_m: 40 };
/** The kinds the Add buttons place (areas are drawn corner by corner instead). */
export const ADDABLE_KINDS = (Object.keys(ITEM_TYPES) as ItemKind[]).filter((kind) => kind !== 'shape');

export const PLACEMENT_FIELDS = ['x_m', 'y_m', 'width_m', 'height_m', 'rotation'] as const;

export function placementOf(p: Placement): Placement {
  return { x_m: p.x_m, y_m: p.y_m, width_m: p.width_m, height_m: p.height_m, rotation: p.rotation };
}

/** The fields `next` changes of `base`: a gesture's end sends only these. */
export function changedPlacement(base: Placement, next: Placement): Partial<Placement> {
  const changed: Partial<Placement> = {};
  for (const f of PLACEMENT_FIELDS) if (next[f] !== base[f]) changed[f] = next[f];
  return changed;
}

/** Where an item dragged by `delta` (metres) from `from` lands: on the grid, its centre on the plan. */
export function dragTarget(from: Point, delta: Point, plan: PlanSize): Point {
  return clampToPlan(snap(from.x + delta.x), snap(from.y + delta.y), plan);
}

export type KeyCommand = { move: Partial<Placement> } | { select: true } | { deselect: true };

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * What a key does to the focused item: arrows move it half a metre (Alt: five), Shift+arrows
 * resize it about its centre (right and down grow, left and up shrink), R turns it 15° (Shift: back),
 * Enter or Space selects it, Escape lets it go. Null for any other key.
 */
export function keyCommand(
  key: string,
  modifiers: { altKey: boolean; shiftKey: boolean },
  at: Placement,
  plan: PlanSize,
): KeyCommand | null {
  const arrow = ARROWS[key];
  if (arrow && modifiers.shiftKey) {
    const grow = (value: number, by: number) => Math.min(200, Math.max(MIN_ITEM_SIZE, snap(value + by)));
    const width = grow(at.width_m, arrow[0] * 0.5);
    const height = grow(at.height_m, arrow[1] * 0.5);
    // At the limit the key still belongs to the plan (no page scroll), it just changes nothing.
    return { move: width !== at.width_m || height !== at.height_m ? { width_m: width, height_m: height } : {} };
  }
  if (arrow) {
    const step = modifiers.altKey ? 5 : 0.5;
    const to = clampToPlan(at.x_m + arrow[0] * step, at.y_m + arrow[1] * step, plan);
    return { move: { x_m: to.x, y_m: to.y } };
  }
  if (key === 'r' || key === 'R') return { move: { rotation: (at.rotation + (key === 'r' ? 15 : 345)) % 360 } };
  if (key === 'Enter' || key === ' ') return { select: true };
  if (key === 'Escape') return { deselect: true };
  return null;
}

type Box = Pick<Placement, 'x_m' | 'y_m' | 'width_m' | 'height_m'>;

/** Whether two items' boxes (turns ignored) come closer than half a metre. */
function crowds(a: Box, b: Box): boolean {
  return (
    Math.abs(a.x_m - b.x_m) < (a.width_m + b.width_m) / 2 + 0.5 &&
    Math.abs(a.y_m - b.y_m) < (a.height_m + b.height_m) / 2 + 0.5
  );
}

/**
 * Where the next added item goes: at `centre` (the middle of what is on screen), else at the
 * nearest free spot around it, ring by ring, so new items never pile on one spot; on the plan and
 * on the half-metre grid. A plan full around the centre takes it off the last one by the count.
 */
export function newItemPlacement(
  kind: ItemKind,
  items: readonly Box[],
  plan: PlanSize,
  centre: Point = { x: plan.width_m / 2, y: plan.height_m / 2 },
): Placement {
  const type = ITEM_TYPES[kind];
  const size = { width_m: type.width, height_m: type.height };
  const spot = (x: number, y: number) => {
    const at = clampToPlan(snap(x), snap(y), plan);
    return { x_m: at.x, y_m: at.y, ...size, rotation: 0 };
  };
  const step = Math.max(type.width, type.height) + 1;
  for (let ring = 0; ring <= 8; ring++) {
    const around = ring === 0 ? 1 : ring * 8;
    for (let i = 0; i < around; i++) {
      const angle = (i / around) * 2 * Math.PI;
      const candidate = spot(centre.x + Math.cos(angle) * ring * step, centre.y + Math.sin(angle) * ring * step);
      if (!items.some((item) => crowds(candidate, item))) return candidate;
    }
  }
  const offset = (items.length % 6) * 2;
  return spot(centre.x + offset, centre.y + offset);
}

/** A plan size as typed, in whole metres, or null when it is not between 5 and 1000 metres each way. */
export function readPlanSize(width: string, height: string): PlanSize | null {
  const inRange = (n: number) => n >= 5 && n <= 1000;
  if (!inRange(Number(width)) || !inRange(Number(height))) return null;
  return { width_m: Math.round(Number(width)), height_m: Math.round(Number(height)) };
}

/** An item's size as typed, to the half metre, or null outside `min`..`max`. */
export function readItemSize(value: string, min = 0.5, max = 200): number | null {
  const n = Math.round(Number(value) * 2) / 2;
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
}

/** The layers to choose from: the default one first, then those in use, by name. */
export function planLayers(items: readonly Pick<SiteItemRow, 'layer'>[]): string[] {
  return [DEFAULT_LAYER, ...[...new Set(items.map((item) => item.layer).filter((l): l is string => !!l))].sort()];
}

/** The next points of a tool after a tap: a ruler keeps two (a third starts anew), an area up to 100 corners. */
export function withToolPoint(tool: 'measure' | 'shape', points: readonly Point[], point: Point): Point[] {
  if (tool === 'measure') return points.length >= 2 ? [point] : [...points, point];
  return points.length >= 100 ? [...points] : [...points, point];
}

export function itemTypeOf(kind: string) {
  return ITEM_TYPES[kind as ItemKind] ?? ITEM_TYPES.label;
}

/** How an item is read out: its name, whose it is, where it is. */
export function describeItem(
  item: Pick<SiteItemRow, 'kind' | 'label' | 'assignee_id' | 'x_m' | 'y_m'>,
  nameOf: (userId: string) => string | undefined,
): string {
  const name = item.label ?? ITEM_TYPES[item.kind as ItemKind]?.label ?? item.kind;
  const owner = item.assignee_id ? `, ${nameOf(item.assignee_id) ?? 'a member'}` : '';
  return `${name}${owner}, at ${item.x_m} m, ${item.y_m} m`;
}

/** Who last moved or changed an item ("Last moved or changed by Ana"); null when not known (rows from before it was kept). */
export function lastChangedText(
  item: Pick<SiteItemRow, 'updated_by'>,
  myUserId: string,
  nameOf: (userId: string) => string | undefined,
): string | null {
  if (!item.updated_by) return null;
  const who = item.updated_by === myUserId ? 'you' : (nameOf(item.updated_by) ?? 'a member');
  return `Last moved or changed by ${who}`;
}

/** An item's label size in metres: as large as the item allows, never wider than it. */
export function labelFontSize(width: number, height: number, text: string): number {
  return Math.max(0.3, Math.min(1, Math.min(width, height) / 2.5, (width * 0.95) / (0.6 * text.length)));
}
