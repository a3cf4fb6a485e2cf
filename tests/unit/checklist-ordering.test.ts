/**
 * The fractional index of checklists and items (src/sync/ordering.ts): keys sort
 * as plain strings, always fit between two neighbours, stay short when appending, and two members
 * moving rows concurrently (last write of a row wins) end with the same order on every device.
 */
import { describe, expect, it } from 'vitest';
import {
  comparePositioned,
  isValidKey,
  keyAtEnd,
  keyBetween,
  keysBetween,
  planMove,
  sortByPosition,
  type Positioned,
} from '../../src/sync/ordering.ts';

/** A small deterministic random generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ids = (rows: readonly Positioned[]) => sortByPosition(rows).map((r) => r.id);

function applyMove(rows: Positioned[], changes: Positioned[]): Positioned[] {
  const byId = new Map(changes.map((c) => [c.id, c.position]));
  return rows.map((r) => (byId.has(r.id) ? { ...r, position: byId.get(r.id)! } : r));
}

describe('keys', () => {
  it('finds a valid key strictly between any two, and at both ends', () => {
    const cases: Array<[string | null, string | null]> = [
      [null, null],
      [null, 'V'],
      [null, '1'],
      [null, '01'],
      ['V', null],
      ['z', null],
      ['zz', null],
      ['V', 'W'],
      ['V', 'V1'],
      ['a', 'b'],
      ['a0V', 'a1'],
      ['1', '2'],
    ];
    for (const [a, b] of cases) {
      const k = keyBetween(a, b);
      expect([a, b, isValidKey(k)]).toEqual([a, b, true]);
      if (a !== null) expect([a, b, a < k]).toEqual([a, b, true]);
      if (b !== null) expect([a, b, k < b]).toEqual([a, b, true]);
    }
  });

  it('refuses neighbours in the wrong order and keys the database would refuse', () => {
    expect(() => keyBetween('b', 'a')).toThrow('No key between b and a');
    expect(() => keyBetween('a', 'a')).toThrow();
    expect(() => keyBetween('a0', null)).toThrow('Invalid position key: a0');
    expect(() => keyBetween('a-b', null)).toThrow();
  });

  it('keeps keys short when appending and valid when inserting at one spot many times', () => {
    let last: string | null = null;
    // one digit per ~31 appends: 500 items in 17 digits, far from the database's 200
    for (let i = 0; i < 500; i++) last = keyBetween(last, null);
    expect(last!.length).toBeLessThanOrEqual(17);

    let low = 'V';
    const high = 'W';
    for (let i = 0; i < 150; i++) {
      const k = keyBetween(low, high);
      expect(low < k && k < high && isValidKey(k)).toBe(true);
      low = k;
    }
    expect(keysBetween('a', 'b', 5)).toEqual([...keysBetween('a', 'b', 5)].sort());
  });

  it('sorts bytewise with the id as tie-break, not by locale', () => {
    const rows = [
      { id: '2', position: 'a' },
      { id: '1', position: 'B' },
      { id: '0', position: 'a' },
    ];
    expect(ids(rows)).toEqual(['1', '0', '2']);
    expect(comparePositioned(rows[0], rows[2])).toBe(1);
    expect(keyAtEnd(rows) > 'a').toBe(true);
  });
});

describe('moves', () => {
  const list = (): Positioned[] => keysBetween(null, null, 5).map((position, i) => ({ id: `item-${i}`, position }));

  it('moves one row to any index by re-keying only that row', () => {
    const rows = list();
    for (let to = 0; to < 5; to++) {
      const changes = planMove(rows, 'item-2', to);
      const order = ids(applyMove(rows, changes));
      expect(order.indexOf('item-2')).toBe(to);
      expect(changes.length).toBeLessThanOrEqual(1);
    }
    expect(planMove(rows, 'item-2', 2)).toEqual([]);
    expect(planMove(rows, 'missing', 0)).toEqual([]);
  });

  it('moves between two rows that share a key (made concurrently) by re-keying the tie', () => {
    const rows = [
      { id: 'a', position: 'V' },
      { id: 'b', position: 'k' },
      { id: 'c', position: 'k' },
      { id: 'd', position: 'k' },
      { id: 'e', position: 's' },
    ];
    const changes = planMove(rows, 'a', 1); // between b and c
    expect(ids(applyMove(rows, changes))).toEqual(['b', 'a', 'c', 'd', 'e']);
    expect(changes.map((c) => c.id)).toEqual(['a', 'c', 'd']);
  });

  it('keeps any sequence of moves in a valid, strict order (random, seeded)', () => {
    const next = random(7);
    let rows = list();
    for (let step = 0; step < 400; step++) {
      const id = rows[Math.floor(next() * rows.length)].id;
      const to = Math.floor(next() * rows.length);
      const expected = ids(rows).filter((x) => x !== id);
      expected.splice(to, 0, id);
      const changes = planMove(rows, id, to);
      rows = applyMove(rows, changes);
      expect(ids(rows)).toEqual(expected);
      for (const r of rows) expect(isValidKey(r.position)).toBe(true);
    }
  });

  it('converges when two members reorder the same list offline (last write of a row wins)', () => {
    const next = random(42);
    for (let round = 0; round < 50; round++) {
      const base = list();
      let ann = base;
      let bob = base;
      const log: Array<{ at: number; change: Positioned }> = [];
      for (let i = 0; i < 4; i++) {
        for (const who of ['ann', 'bob'] as const) {
          const rows = who === 'ann' ? ann : bob;
          const id = rows[Math.floor(next() * rows.length)].id;
          const changes = planMove(rows, id, Math.floor(next() * rows.length));
          for (const change of changes) log.push({ at: log.length + next(), change });
          if (who === 'ann') ann = applyMove(ann, changes);
          else bob = applyMove(bob, changes);
        }
      }
      // The server keeps each row's last write; both devices pull the same rows.
      const server = applyMove(
        base,
        [...log].sort((x, y) => x.at - y.at).map((l) => l.change),
      );
      const annAfterPull = applyMove(ann, server);
      const bobAfterPull = applyMove(bob, server);
      expect(ids(annAfterPull)).toEqual(ids(bobAfterPull));
      expect(new Set(ids(annAfterPull)).size).toBe(5);
    }
  });
});
