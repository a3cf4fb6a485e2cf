import { describe, expect, it } from 'vitest';
import {
  changedPlacement,
  describeItem,
  dragTarget,
  keyCommand,
  labelFontSize,
  lastChangedText,
  newItemPlacement,
  planLayers,
  readItemSize,
  readPlanSize,
  withToolPoint,
} from './site-plan-rules.ts';

const plan = { width_m: 60, height_m: 40 };
const tent = { x_m: 10, y_m: 10, width_m: 3, height_m: 3, rotation: 0 };
const keys = { altKey: false, shiftKey: false };

describe('dragTarget', () => {
  it('lands on the half-metre grid', () => {
    expect(dragTarget({ x: 10, y: 10 }, { x: 2.3, y: -1.1 }, plan)).toEqual({ x: 12.5, y: 9 });
  });

  it('keeps the centre on the plan', () => {
    expect(dragTarget({ x: 58, y: 2 }, { x: 10, y: -10 }, plan)).toEqual({ x: 60, y: 0 });
  });
});

describe('changedPlacement', () => {
  it('keeps only what the gesture changed', () => {
    expect(changedPlacement(tent, { ...tent, rotation: 90 })).toEqual({ rotation: 90 });
    expect(changedPlacement(tent, { ...tent })).toEqual({});
  });
});

describe('keyCommand', () => {
  it('moves half a metre with the arrows, five with Alt, never off the plan', () => {
    expect(keyCommand('ArrowRight', keys, tent, plan)).toEqual({ move: { x_m: 10.5, y_m: 10 } });
    expect(keyCommand('ArrowUp', { ...keys, altKey: true }, tent, plan)).toEqual({ move: { x_m: 10, y_m: 5 } });
    expect(keyCommand('ArrowLeft', { ...keys, altKey: true }, { ...tent, x_m: 2 }, plan)).toEqual({
      move: { x_m: 0, y_m: 10 },
    });
  });

  it('resizes about the centre with Shift: right and down grow, left and up shrink', () => {
    expect(keyCommand('ArrowRight', { ...keys, shiftKey: true }, tent, plan)).toEqual({
      move: { width_m: 3.5, height_m: 3 },
    });
    expect(keyCommand('ArrowUp', { ...keys, shiftKey: true }, tent, plan)).toEqual({
      move: { width_m: 3, height_m: 2.5 },
    });
  });

  it('takes the key but changes nothing at the smallest size', () => {
    const small = { ...tent, width_m: 0.5 };
    expect(keyCommand('ArrowLeft', { ...keys, shiftKey: true }, small, plan)).toEqual({ move: {} });
  });

  it('turns 15° with R, back with Shift+R', () => {
    expect(keyCommand('r', keys, { ...tent, rotation: 350 }, plan)).toEqual({ move: { rotation: 5 } });
    expect(keyCommand('R', { ...keys, shiftKey: true }, tent, plan)).toEqual({ move: { rotation: 345 } });
  });

  it('selects with Enter or Space, lets go with Escape, ignores other keys', () => {
    expect(keyCommand('Enter', keys, tent, plan)).toEqual({ select: true });
    expect(keyCommand(' ', keys, tent, plan)).toEqual({ select: true });
    expect(keyCommand('Escape', keys, tent, plan)).toEqual({ deselect: true });
    expect(keyCommand('x', keys, tent, plan)).toBeNull();
  });
});

describe('newItemPlacement', () => {
  it('puts a new item at the centre of what is on screen, at the kind’s size', () => {
    expect(newItemPlacement('tent', [], plan, { x: 12.3, y: 30.8 })).toEqual({
      x_m: 12.5,
      y_m: 31,
      width_m: 3,
      height_m: 3,
      rotation: 0,
    });
    expect(newItemPlacement('car', [], plan)).toMatchObject({ x_m: 30, y_m: 20, width_m: 4.5, height_m: 2 });
  });

  it('never piles new items on one spot: each goes to the nearest free place around the centre', () => {
    const placed: ReturnType<typeof newItemPlacement>[] = [];
    for (let i = 0; i < 12; i++) placed.push(newItemPlacement(i % 2 ? 'car' : 'tent', placed, plan, { x: 30, y: 20 }));
    for (const [i, a] of placed.entries())
      for (const b of placed.slice(i + 1)) {
        const apart =
          Math.abs(a.x_m - b.x_m) >= (a.width_m + b.width_m) / 2 ||
          Math.abs(a.y_m - b.y_m) >= (a.height_m + b.height_m) / 2;
        expect(apart).toBe(true);
      }
    // The first is at the centre, the rest close around it.
    expect(placed[0]).toMatchObject({ x_m: 30, y_m: 20 });
    for (const p of placed) expect(Math.hypot(p.x_m - 30, p.y_m - 20)).toBeLessThan(15);
  });

  it('stays on a small plan', () => {
    const small = { width_m: 5, height_m: 5 };
    expect(newItemPlacement('stage', [], small, { x: 9, y: -2 })).toMatchObject({ x_m: 5, y_m: 0 });
    const full = [{ x_m: 2.5, y_m: 2.5, width_m: 5, height_m: 5 }];
    const next = newItemPlacement('fire', full, small);
    expect(next.x_m).toBeGreaterThanOrEqual(0);
    expect(next.x_m).toBeLessThanOrEqual(5);
  });
});

describe('sizes as typed', () => {
  it('takes a plan between 5 and 1000 metres each way, in whole metres', () => {
    expect(readPlanSize('80', '50.4')).toEqual({ width_m: 80, height_m: 50 });
    expect(readPlanSize('4', '50')).toBeNull();
    expect(readPlanSize('80', '1001')).toBeNull();
    expect(readPlanSize('eighty', '50')).toBeNull();
  });

  it('takes an item size to the half metre, within its limits', () => {
    expect(readItemSize('3.3')).toBe(3.5);
    expect(readItemSize('0.2')).toBeNull();
    expect(readItemSize('250')).toBeNull();
    expect(readItemSize('')).toBeNull();
  });
});

describe('planLayers', () => {
  it('lists the default layer first, then the layers in use by name, once each', () => {
    expect(planLayers([{ layer: 'Vehicles' }, { layer: null }, { layer: 'Tents' }, { layer: 'Vehicles' }])).toEqual([
      '',
      'Tents',
      'Vehicles',
    ]);
  });
});

describe('withToolPoint', () => {
  it('measures between two points, a third tap starting anew', () => {
    const a = { x: 1, y: 1 };
    const b = { x: 4, y: 5 };
    expect(withToolPoint('measure', [a], b)).toEqual([a, b]);
    expect(withToolPoint('measure', [a, b], a)).toEqual([a]);
  });

  it('collects up to 100 corners of an area', () => {
    const corners = Array.from({ length: 100 }, (_, i) => ({ x: i, y: 0 }));
    expect(withToolPoint('shape', corners.slice(0, 2), { x: 9, y: 9 })).toHaveLength(3);
    expect(withToolPoint('shape', corners, { x: 9, y: 9 })).toHaveLength(100);
  });
});

describe('describeItem', () => {
  it('reads out the name, the owner and the place', () => {
    const names: Record<string, string> = { bo: 'Bo' };
    const nameOf = (id: string) => names[id];
    expect(describeItem({ kind: 'tent', label: null, assignee_id: 'bo', x_m: 10, y_m: 12.5 }, nameOf)).toBe(
      'Tent, Bo, at 10 m, 12.5 m',
    );
    expect(describeItem({ kind: 'car', label: 'Van', assignee_id: 'gone', x_m: 1, y_m: 2 }, nameOf)).toBe(
      'Van, a member, at 1 m, 2 m',
    );
  });
});

describe('labelFontSize', () => {
  it('fits the label in the item, between 0.3 and 1 metre', () => {
    expect(labelFontSize(3, 3, 'Tent')).toBe(1);
    expect(labelFontSize(2, 2, 'A very long label for a small thing')).toBe(0.3);
    expect(labelFontSize(3, 1, 'Tent')).toBeCloseTo(0.4);
  });
});

describe('who moved an item last', () => {
  const names = new Map([['ben', 'Ben Crew']]);
  const nameOf = (id: string) => names.get(id);
  it('names the member, "you" for me, and nothing when not known', () => {
    expect(lastChangedText({ updated_by: 'ben' }, 'me', nameOf)).toBe('Last moved or changed by Ben Crew');
    expect(lastChangedText({ updated_by: 'me' }, 'me', nameOf)).toBe('Last moved or changed by you');
    expect(lastChangedText({ updated_by: 'gone' }, 'me', nameOf)).toBe('Last moved or changed by a member');
    expect(lastChangedText({ updated_by: null }, 'me', nameOf)).toBeNull();
  });
});
