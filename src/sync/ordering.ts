/**
 * The order of checklists and their items: a fractional index. Each row carries a `position` key
 * (digits 0-9, A-Z, a-z, compared as plain strings, bytewise, never ending in 0) and rows sort by
 * (position, id). Moving a row writes only that row's key, chosen between its new neighbours', so
 * two members reordering offline each change the rows they moved; the last write of a row wins
 * and, with the id as tie-break, every device shows the same order once it has the same rows.
 * The database checks the same keys (`position ~ '^[0-9A-Za-z]{0,199}[1-9A-Za-z]$'`, collate "C").
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const FIRST_KEY = 'V';

export interface Positioned {
  id: string;
  position: string;
}

/** Plain code-unit comparison (what `collate "C"` does), not the locale's. */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The display order: by position, then by id. */
export function comparePositioned(a: Positioned, b: Positioned): number {
  return compareKeys(a.position, b.position) || compareKeys(a.id, b.id);
}

export function sortByPosition<T extends Positioned>(rows: readonly T[]): T[] {
  return [...rows].sort(comparePositioned);
}

export function isValidKey(key: string): boolean {
  return /^[0-9A-Za-z]{1,200}$/.test(key) && !key.endsWith('0');
}

const digit = (c: string | undefined): number => (c === undefined ? 0 : DIGITS.indexOf(c));

/** A key strictly between `a` and `b` ('' is the lowest bound, null the highest). */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = a ? digit(a[0]) : 0;
  const high = b !== null ? digit(b[0]) : DIGITS.length;
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[low] + midpoint(a.slice(1), null);
}

/** A key after `a`, as short as it can be (appending grows keys by one digit in ~60 appends). */
function keyAfter(a: string): string {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== 'z') return a.slice(0, i) + DIGITS[digit(a[i]) + 1];
  }
  return a + FIRST_KEY;
}

/** A key before `b`. */
function keyBefore(b: string): string {
  for (let i = 0; i < b.length; i++) {
    const d = digit(b[i]);
    if (d > 1) return b.slice(0, i) + DIGITS[d - 1];
  }
  return midpoint('', b);
}

/** A key between two neighbours (null: no neighbour on that side); `a` must sort before `b`. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && !isValidKey(a)) throw new Error(`Invalid position key: ${a}`);
  if (b !== null && !isValidKey(b)) throw new Error(`Invalid position key: ${b}`);
  if (a === null && b === null) return FIRST_KEY;
  if (a === null) return keyBefore(b!);
  if (b === null) return keyAfter(a);
  if (compareKeys(a, b) >= 0) throw new Error(`No key between ${a} and ${b}`);
  return midpoint(a, b);
}

/** `count` keys in order between `a` and `b`. */
export function keysBetween(a: string | null, b: string | null, count: number): string[] {
  const keys: string[] = [];
  let last = a;
  for (let i = 0; i < count; i++) {
    last = keyBetween(last, b);
    keys.push(last);
  }
  return keys;
}

/** The key of a new row at the end of `rows`. */
export function keyAtEnd(rows: readonly Positioned[]): string {
  const sorted = sortByPosition(rows);
  return keyBetween(sorted.length ? sorted[sorted.length - 1].position : null, null);
}

/**
 * The rows to re-key so that row `id` shows at index `toIndex` (of the list without it): the
 * moved row, and, only when its new neighbours share one key (two rows given the same key
 * concurrently), the rows of that tie that must come after it. Empty when nothing moves.
 */
export function planMove(rows: readonly Positioned[], id: string, toIndex: number): Positioned[] {
  const sorted = sortByPosition(rows);
  const from = sorted.findIndex((r) => r.id === id);
  if (from < 0) return [];
  const others = sorted.filter((r) => r.id !== id);
  const to = Math.max(0, Math.min(toIndex, others.length));
  if (to === from) return [];
  const before = to > 0 ? others[to - 1].position : null;
  let next = to;
  while (before !== null && next < others.length && others[next].position === before) next++;
  const tie = others.slice(to, next);
  const keys = keysBetween(before, next < others.length ? others[next].position : null, 1 + tie.length);
  return [{ id, position: keys[0] }, ...tie.map((r, i) => ({ id: r.id, position: keys[i + 1] }))];
}
