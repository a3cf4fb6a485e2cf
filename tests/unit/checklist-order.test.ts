import { describe, expect, it } from 'vitest';
import { doneLast, planShownMove } from '../../src/features/checklists/checklist-order.ts';
import { sortByPosition } from '../../src/sync/ordering.ts';

const item = (id: string, position: string, done = false) => ({ id, position, done });
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

/** The items after applying a move's new positions, in shown order. */
function after(items: ReturnType<typeof item>[], moves: { id: string; position: string }[]) {
  const next = items.map((i) => ({ ...i, position: moves.find((m) => m.id === i.id)?.position ?? i.position }));
  return ids(doneLast(next));
}

describe('done items sink', () => {
  const items = [item('e', 'E', true), item('a', 'A'), item('b', 'B', true), item('c', 'C'), item('d', 'D')];

  it('shows open items first, then done ones, each in the shared order', () => {
    expect(ids(doneLast(items))).toEqual(['a', 'c', 'd', 'b', 'e']);
  });

  it('keeps ties in the shared order (position, then id) and leaves the rows untouched', () => {
    const tied = [item('y', 'M', true), item('x', 'M', true), item('z', 'M')];
    expect(ids(doneLast(tied))).toEqual(['z', 'x', 'y']);
    expect(ids(tied)).toEqual(['y', 'x', 'z']);
  });

  it('an item ticked open again returns to its place among the open ones', () => {
    const reopened = items.map((i) => (i.id === 'b' ? { ...i, done: false } : i));
    expect(ids(doneLast(reopened))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('a drag in the shown order', () => {
  const items = [item('a', 'A'), item('b', 'B', true), item('c', 'C'), item('d', 'D'), item('e', 'E', true)];
  // shown: a c d | b e

  it('moves an open item among the open ones', () => {
    expect(after(items, planShownMove(items, 'd', 0))).toEqual(['d', 'a', 'c', 'b', 'e']);
    expect(after(items, planShownMove(items, 'a', 1))).toEqual(['c', 'a', 'd', 'b', 'e']);
    expect(after(items, planShownMove(items, 'a', 2))).toEqual(['c', 'd', 'a', 'b', 'e']);
  });

  it('moves a done item among the done ones', () => {
    expect(after(items, planShownMove(items, 'e', 3))).toEqual(['a', 'c', 'd', 'e', 'b']);
    expect(after(items, planShownMove(items, 'b', 4))).toEqual(['a', 'c', 'd', 'e', 'b']);
  });

  it('keeps an item in its group when dropped in the other one', () => {
    expect(after(items, planShownMove(items, 'a', 4))).toEqual(['c', 'd', 'a', 'b', 'e']);
    expect(after(items, planShownMove(items, 'e', 0))).toEqual(['a', 'c', 'd', 'e', 'b']);
  });

  it('writes nothing for a drop in place or an item alone in its group', () => {
    expect(planShownMove(items, 'c', 1)).toEqual([]);
    expect(planShownMove([item('a', 'A'), item('b', 'B', true)], 'b', 0)).toEqual([]);
    expect(planShownMove(items, 'nope', 0)).toEqual([]);
  });

  it('only the moved item (and ties it must step past) get new positions', () => {
    const moves = planShownMove(items, 'd', 0);
    expect(ids(moves)).toEqual(['d']);
    expect(ids(sortByPosition(items))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
