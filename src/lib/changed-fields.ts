/**
 * The fields of a form that differ from the row it edits, so an update sends only what the user
 * changed (a concurrent edit of another field then stays). Values are compared by their JSON, so
 * arrays and objects (a ride's stops) count as changed only when their contents differ.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: Readonly<Record<string, unknown>>,
  after: T,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => JSON.stringify(before[key] ?? null) !== JSON.stringify(value)),
  ) as Partial<T>;
}
