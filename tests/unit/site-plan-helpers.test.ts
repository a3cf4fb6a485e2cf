/** The site planner's geometry: resizing by a corner, rotating towards a point, distances, shapes. */
import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  distance,
  formatDistance,
  polygonBounds,
  resizeFromCorner,
  rotationTowards,
  scaledPoints,
  shapeFromPoints,
} from '../../src/features/site-planner/site-plan-helpers.ts';

const tent = { x_m: 10, y_m: 10, width_m: 4, height_m: 2, rotation: 0 };

describe('resizeFromCorner', () => {
  it('snaps the size to the half metre and keeps the opposite corner in place', () => {
    // The top-left corner is at (8, 9); the pointer at (13.2, 12.1) makes 5.2 x 3.1, snapped 5 x 3.
    expect(resizeFromCorner(tent, { x: 13.2, y: 12.1 })).toEqual({
      x_m: 10.5,
      y_m: 10.5,
      width_m: 5,
      height_m: 3,
      rotation: 0,
    });
  });

  it('never goes below the minimum, even past the opposite corner', () => {
    const small = resizeFromCorner(tent, { x: 2, y: 3 });
    expect(small.width_m).toBe(0.5);
    expect(small.height_m).toBe(0.5);
    expect(small.x_m).toBe(8.25);
    expect(small.y_m).toBe(9.25);
    expect(resizeFromCorner(tent, { x: 2, y: 3 }, 1)).toMatchObject({ width_m: 1, height_m: 1 });
  });

  it('works in the item’s own frame when it is turned', () => {
    // Turned a quarter: the item's width runs down the plan; its fixed corner is at (11, 8).
    const turned = { ...tent, rotation: 90 };
    const resized = resizeFromCorner(turned, { x: 8, y: 14 });
    expect(resized.width_m).toBe(6);
    expect(resized.height_m).toBe(3);
    expect(resized.x_m).toBeCloseTo(9.5);
    expect(resized.y_m).toBeCloseTo(11);
  });
});

describe('rotationTowards', () => {
  const c = { x: 0, y: 0 };
  it('is 0° straight up and turns clockwise', () => {
    expect(rotationTowards(c, { x: 0, y: -5 })).toBe(0);
    expect(rotationTowards(c, { x: 5, y: 0 })).toBe(90);
    expect(rotationTowards(c, { x: 0, y: 5 })).toBe(180);
    expect(rotationTowards(c, { x: -5, y: 0 })).toBe(270);
  });
  it('snaps to 15°', () => {
    // 40° from up snaps to 45°, 35° to 30°, -5° to 0 (never 360).
    const at = (deg: number) => ({ x: Math.sin((deg * Math.PI) / 180), y: -Math.cos((deg * Math.PI) / 180) });
    expect(rotationTowards(c, at(40))).toBe(45);
    expect(rotationTowards(c, at(35))).toBe(30);
    expect(rotationTowards(c, at(-5))).toBe(0);
    expect(rotationTowards(c, at(-20))).toBe(345);
    expect(rotationTowards(c, at(40), 90)).toBe(0);
  });
});

describe('distance', () => {
  it('is in metres, shown to the decimetre', () => {
    expect(distance({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(5);
    expect(formatDistance(distance({ x: 1, y: 1 }, { x: 2, y: 2 }))).toBe('1.4 m');
    expect(formatDistance(12)).toBe('12.0 m');
    expect(formatDistance(0.04)).toBe('0.0 m');
  });
});

describe('shapes', () => {
  const points = [
    { x: 10, y: 10 },
    { x: 16, y: 10 },
    { x: 13, y: 14 },
  ];
  it('have bounds', () => {
    expect(polygonBounds(points)).toEqual({ minX: 10, minY: 10, maxX: 16, maxY: 14, width: 6, height: 4 });
    expect(polygonBounds([])).toMatchObject({ width: 0, height: 0 });
  });
  it('become an item centred on their box with the points relative to the centre', () => {
    expect(shapeFromPoints(points)).toEqual({
      x_m: 13,
      y_m: 12,
      width_m: 6,
      height_m: 4,
      rotation: 0,
      points: [
        { x: -3, y: -2 },
        { x: 3, y: -2 },
        { x: 0, y: 2 },
      ],
    });
    // A flat line still has the minimum size.
    expect(
      shapeFromPoints([
        { x: 0, y: 0 },
        { x: 4, y: 0 },
      ]),
    ).toMatchObject({ width_m: 4, height_m: 0.5 });
  });
  it('stretch to the item’s size', () => {
    const { points: rel } = shapeFromPoints(points);
    expect(scaledPoints(rel, 12, 2)).toEqual([
      { x: -6, y: -1 },
      { x: 6, y: -1 },
      { x: 0, y: 1 },
    ]);
  });
});

describe('clampZoom', () => {
  it('stays between the zoom buttons’ limits', () => {
    expect(clampZoom(0.3)).toBe(1);
    expect(clampZoom(2.5)).toBe(2.5);
    expect(clampZoom(9)).toBe(5);
  });
});
