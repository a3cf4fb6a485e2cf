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
} as const satisfies Record<string, ItemType>;

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
