/**
 * Loads one admin list on mount, when `key` changes (filters) and on `reload()`, with the spec's
 * error text on failure. `reload()` resolves once the new data (or error) is in.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from './admin-errors.ts';

export interface AdminData<T> {
  data: T | null;
  error: { message: string; detail: string | null } | null;
  reload(): Promise<void>;
}

export function useAdminData<T>(load: () => Promise<T>, fallback: string, key = ''): AdminData<T> {
  const [state, setState] = useState<Pick<AdminData<T>, 'data' | 'error'>>({ data: null, error: null });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  const waiters = useRef<Array<() => void>>([]);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let isCurrent = true;
    const settle = (next: Pick<AdminData<T>, 'data' | 'error'> | ((s: typeof state) => typeof state)) => {
      if (!isCurrent) return;
      setState(next);
      for (const resolve of waiters.current.splice(0)) resolve();
    };
    loadRef.current().then(
      (data) => settle({ data, error: null }),
      (caught: unknown) => settle((current) => ({ ...current, error: errorText(caught, fallback) })),
    );
    return () => {
      isCurrent = false;
    };
  }, [key, version, fallback]);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiters.current.push(resolve);
        setVersion((v) => v + 1);
      }),
    [],
  );

  return { ...state, reload };
}
