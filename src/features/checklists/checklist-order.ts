/**
 * The order a list's items are shown in: open items first, then the done ones, each group in the
 * list's shared order (position, then id). Only the showing changes: positions stay as the crew
 * arranged them, so an item ticked back to open returns to its place, and nothing is written when
 * an item is ticked. A drag in the shown order is turned into a move in the shared order.
 */
import { planMove, sortByPosition, type Positioned } from '../../sync/ordering.ts';

interface OrderedItem extends Positioned {
  done: boolean;
}

/** Open items, then done items; stable within each group (shared order). */
export function doneLast<T extends OrderedItem>(items: readonly T[]): T[] {
  const sorted = sortByPosition(items);
  return [...sorted.filter((i) => !i.done), ...sorted.filter((i) => i.done)];
}

/**
 * The moves that put item `id` at `toIndex` of the shown list without it. The item keeps its group:
 * dropped among the other group, it goes to the nearest end of its own (first done, last open).
 */
export function planShownMove(items: readonly OrderedItem[], id: string, toIndex: number): Positioned[] {
  const shown = doneLast(items);
  const item = shown.find((i) => i.id === id);
  if (!item) return [];
  const others = shown.filter((i) => i.id !== id);
  const to = Math.max(0, Math.min(toIndex, others.length));
  const group = others.filter((i) => i.done === item.done);
  if (group.length === 0) return [];
  const before = others.slice(0, to).filter((i) => i.done === item.done).length;
  // planMove counts in the shared order without the item.
  const shared = sortByPosition(items).filter((i) => i.id !== id);
  const index = before < group.length ? shared.indexOf(group[before]) : shared.indexOf(group[group.length - 1]) + 1;
  return planMove(items, id, index);
}
