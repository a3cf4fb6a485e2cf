/** The site planner's pure parts: the kinds of things on a plan, snapping to the grid, staying on the plan. */

export interface ItemType {
  label: string;
  /** "a tent": for the Add buttons' accessible names. */
  article: string;
  width: number;
  height: number;
  fill: string;
  stroke: string;
}

export const ITEM_TYPES = {
  tent: { label: 'Tent', article: 'a tent', width: 3, height: 3, fill: '#fde68a', stroke: '#b45309' },
  car: { label: 'Car', article: 'a car', width: 4.5, height: 2, fill: '#bfdbfe', stroke: '#1d4ed8' },
  gazebo: { label: 'Gazebo', article: 'a gazebo', width: 3, height: 3, fill: '#e9d5ff', stroke: '#7e22ce' },
  kitchen: { label: 'Kitchen', article: 'a kitchen', width: 4, height: 3, fill: '#fed7aa', stroke: '#c2410c' },
  fire: { label: 'Fire', article: 'a fire', width: 2, height: 2, fill: '#fecaca', stroke: '#b91c1c' },
  toilets: { label: 'Toilets', article: 'toilets', width: 2, height: 2, fill: '#cffafe', stroke: '#0e7490' },
  stage: { label: 'Stage', article: 'a stage', width: 8, height: 5, fill: '#d9f99d', stroke: '#4d7c0f' },
  label: { label: 'Label', article: 'a label', width: 5, height: 1.5, fill: '#ffffff', stroke: '#57534e' },
  // Drawn point by point (premium), never from an Add button.
  shape: { label: 'Area', article: 'an area', width: 4, height: 4, fill: 'rgba(20,184,166,0.25)', stroke: '#0f766e' },
} as const satisfies Record<string, ItemType>;

/** Layers offered for items (premium); any other name can be typed. */
export const SUGGESTED_LAYERS = ['Tents', 'Vehicles', 'Facilities', 'Labels'] as const;

/** To the half-metre grid. */
export function snap(metres: number): number {
  return Math.round(metres * 2) / 2;
}

/** A centre kept on the plan. */
export function clampToPlan(
  x: number,
  y: number,
  plan: { width_m: number; height_m: number },
): { x: number; y: number } {
  return { x: Math.min(Math.max(x, 0), plan.width_m), y: Math.min(Math.max(y, 0), plan.height_m) };
}

/** The smallest an item gets by resizing (the database allows 0.5 m). */
export const MIN_ITEM_SIZE = 0.5;

export interface Point {
  x: number;
  y: number;
}

/** Where an item is on the plan: its centre, size and rotation (degrees, clockwise). */
export interface Placement {
  x_m: number;
  y_m: number;
  width_m: number;
  height_m: number;
  rotation: number;
}

/** To the centimetre, as the database keeps positions. */
function toCentimetre(metres: number): number {
  return Math.round(metres * 100) / 100;
}

/** `p` turned by `degrees` clockwise about the origin (the plan's y axis points down). */
export function rotatePoint(p: Point, degrees: number): Point {
  const r = (degrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos };
}

/**
 * The item resized by dragging its bottom-right corner (in the item's own turned frame) to
 * `pointer`: the opposite corner stays where it is, the size snaps to the half-metre grid and is
 * at least `min` (and at most 200 m).
 */
export function resizeFromCorner(item: Placement, pointer: Point, min = MIN_ITEM_SIZE): Placement {
  const fixed = rotatePoint({ x: -item.width_m / 2, y: -item.height_m / 2 }, item.rotation);
  const anchor = { x: item.x_m + fixed.x, y: item.y_m + fixed.y };
  const local = rotatePoint({ x: pointer.x - anchor.x, y: pointer.y - anchor.y }, -item.rotation);
  const width = Math.min(200, Math.max(min, snap(local.x)));
  const height = Math.min(200, Math.max(min, snap(local.y)));
  const half = rotatePoint({ x: width / 2, y: height / 2 }, item.rotation);
  return {
    ...item,
    x_m: toCentimetre(anchor.x + half.x),
    y_m: toCentimetre(anchor.y + half.y),
    width_m: width,
    height_m: height,
  };
}

/** Whole degrees in 0..359. */
function normaliseDegrees(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360;
}

/**
 * The rotation that points the item's top at `pointer` (0° is up, clockwise), snapped to `step`
 * degrees.
 */
export function rotationTowards(centre: Point, pointer: Point, step = 15): number {
  const degrees = (Math.atan2(pointer.x - centre.x, centre.y - pointer.y) * 180) / Math.PI;
  return normaliseDegrees(Math.round(degrees / step) * step);
}

/** The distance between two points in metres. */
export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** "12.3 m": a distance to the decimetre. */
export function formatDistance(metres: number): string {
  return `${(Math.round(metres * 10) / 10).toFixed(1)} m`;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  width: number;
  height: number;
}

/** The smallest upright box around the points (all zero for none). */
export function polygonBounds(points: readonly Point[]): Bounds {
  if (!points.length) return { minX: 0, minY: 0, maxX: 0, maxY: 0, width: 0, height: 0 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const maxX = Math.max(...xs);
  const maxY = Math.max(...ys);
  return { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
}

/**
 * A custom shape from the points tapped on the plan: an item centred on the points' box, at least
 * `MIN_ITEM_SIZE` each way, with the points kept relative to that centre (to the centimetre).
 */
export function shapeFromPoints(points: readonly Point[]): Placement & { points: Point[] } {
  const b = polygonBounds(points);
  const cx = toCentimetre(b.minX + b.width / 2);
  const cy = toCentimetre(b.minY + b.height / 2);
  return {
    x_m: cx,
    y_m: cy,
    width_m: Math.min(200, Math.max(MIN_ITEM_SIZE, toCentimetre(b.width))),
    height_m: Math.min(200, Math.max(MIN_ITEM_SIZE, toCentimetre(b.height))),
    rotation: 0,
    points: points.map((p) => ({ x: toCentimetre(p.x - cx), y: toCentimetre(p.y - cy) })),
  };
}

/**
 * A shape's points as drawn at the item's current size: stretched from the points' own box to the
 * item's width and length, so resizing a shape scales it.
 */
export function scaledPoints(points: readonly Point[], width: number, height: number): Point[] {
  const b = polygonBounds(points);
  const sx = b.width > 0 ? width / b.width : 1;
  const sy = b.height > 0 ? height / b.height : 1;
  const cx = b.minX + b.width / 2;
  const cy = b.minY + b.height / 2;
  return points.map((p) => ({ x: (p.x - cx) * sx, y: (p.y - cy) * sy }));
}

/** A zoom factor kept between the zoom buttons' limits. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 5;
export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** An SVG of the plan as a PNG, `pixelsPerMetre` to scale (at most 4096 pixels each way). */
export async function svgToPng(
  svg: SVGSVGElement,
  plan: { width_m: number; height_m: number },
  pixelsPerMetre = 20,
): Promise<Blob> {
  const scale = Math.min(pixelsPerMetre, 4096 / plan.width_m, 4096 / plan.height_m);
  const width = Math.round(plan.width_m * scale);
  const height = Math.round(plan.height_m * scale);
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.querySelectorAll('[data-export="skip"]').forEach((node) => node.remove());
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('font-family', 'sans-serif');
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml;charset=utf-8' }),
  );
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The plan could not be drawn as an image.'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made.'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
