/**
 * Conversions of server values into the device row's types where the generated types are wider
 * than the device row: text columns the device narrows to a set of values, jsonb columns (typed
 * `Json`) whose structure the device relies on, and wall-clock times.
 */
/** A server row or JSON object as read (its fields are checked one by one). */
export type Fields = Record<string, unknown>;

/** A text value (null stays null). */
export const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);

/** A text value that is never null. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : String(v ?? ''));

/** The objects of a jsonb array (anything else in it, or a value that is no array, is left out). */
export function objects(v: unknown): Fields[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((item: unknown): Fields[] => {
    const found = object(item);
    return found ? [found] : [];
  });
}

/** A jsonb object, or null when the value is none. */
export function object(v: unknown): Fields | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? { ...v } : null;
}

/** A `timestamp without time zone` as `YYYY-MM-DDTHH:mm:ss` (the device compares them as text). */
export function wallClock(v: unknown): string {
  const value = str(v).replace(' ', 'T');
  return value.length === 16 ? `${value}:00` : value.slice(0, 19);
}

/** One of `values`, or `fallback` when the server sent something else. */
export function oneOf<const T extends string>(values: readonly T[], v: unknown, fallback: T): T {
  return values.includes(v as T) ? (v as T) : fallback;
}
