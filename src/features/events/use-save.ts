/** The saving state of a dialog that queues changes: busy while they are queued, and why one could not be. */
import { useState } from 'react';
import { mutateErrorText } from './mutate-error.ts';

export function useSave() {
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  /** Runs `action`; when a change cannot be queued shows the rule it broke, else `fallback`. Answers whether it worked. */
  async function save(action: () => Promise<unknown>, fallback: string): Promise<boolean> {
    setSaving(true);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(mutateErrorText(failure, fallback));
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { error, setError, isSaving, save };
}
