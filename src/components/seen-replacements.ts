/**
 * Which "your change was replaced" notices (of every synced page) this device has dismissed, kept
 * in localStorage so a notice is shown once per replaced change, not again after a reload.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** A change a later-made one replaced (the shape of src/sync/edit-groups.ts's, which this layer may not import). */
export interface ReplacedEdit {
  group: string;
  value: Record<string, unknown>;
  by: string | null;
  at: string;
  replaced_by: string | null;
  replaced_at: string;
}

const KEY = 'crewcamp-replaced-seen';
const listeners = new Set<() => void>();

function read(): string {
  try {
    return localStorage.getItem(KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSeenReplacements() {
  const raw = useSyncExternalStore(subscribe, read, () => '[]');
  const seen = useMemo(() => new Set<string>(JSON.parse(raw) as string[]), [raw]);
  const add = useCallback((key: string) => {
    const next = [...new Set([...(JSON.parse(read()) as string[]), key])].slice(-200);
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Private mode or a full disk: the notice just shows again next time.
    }
    for (const listener of listeners) listener();
  }, []);
  return useMemo(
    () => ({
      has: (key: string) => seen.has(key),
      add,
      keyOf: (expenseId: string, entry: ReplacedEdit) => `${expenseId}|${entry.group}|${entry.at}`,
    }),
    [seen, add],
  );
}
