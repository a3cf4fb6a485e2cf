/**
 * A form's values as one state: `bind(name)` gives a text field its value and its change handler
 * (and makes it read-only while the page is on hold, page-hold.ts), `setValues` changes them from
 * code. `onEdit` runs on every change the user types (e.g. to clear the last error).
 */
import { useState } from 'react';
import { useIsPageOnHold } from './page-hold.ts';

/** The fields of `T` that hold text. */
type TextField<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

export function useFormValues<T extends object>(initial: T | (() => T), onEdit?: () => void) {
  const [values, setValues] = useState<T>(initial);
  const isOnHold = useIsPageOnHold();
  const bind = (field: TextField<T>) => ({
    value: values[field] as string,
    readOnly: isOnHold || undefined,
    onChange: (e: { target: { value: string } }) => {
      onEdit?.();
      setValues((current) => ({ ...current, [field]: e.target.value }));
    },
  });
  return { values, setValues, bind };
}
