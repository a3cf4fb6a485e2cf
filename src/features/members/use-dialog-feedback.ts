/**
 * The dialog's red error banner and its success line. A queued change is watched: if the server
 * refuses it, its reason (the procedure's message) replaces the success text and the refused
 * change is cleared from the list of refusals, since the dialog has told the user.
 */
import { useEffect, useState } from 'react';
import { mutate, useMutationState, useRejectedChanges } from '../../data/index.ts';
import { mutateErrorText } from '../events/mutate-error.ts';

export interface Feedback {
  error: string | null;
  success: string | null;
  setError(message: string | null): void;
  /** Queues a change; `fallback` is the spec's text when it cannot be queued or is refused without a reason. */
  run(kind: string, args: unknown, fallback: string, success?: string): Promise<boolean>;
}

export function useDialogFeedback(): Feedback {
  const [error, setErrorText] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [watched, setWatched] = useState<{ id: string; fallback: string } | null>(null);
  const state = useMutationState(watched?.id);
  const { discard } = useRejectedChanges();

  useEffect(() => {
    if (!watched || state.status !== 'rejected') return;
    setSuccess(null);
    setErrorText(state.error?.message || watched.fallback);
    setWatched(null);
    void discard(watched.id);
  }, [state, watched, discard]);

  const setError = (message: string | null) => {
    setErrorText(message);
    if (message) setSuccess(null);
  };

  async function run(kind: string, args: unknown, fallback: string, successText?: string): Promise<boolean> {
    setErrorText(null);
    setSuccess(null);
    try {
      const queued = await mutate(kind, args);
      setWatched({ id: queued.mutationId, fallback });
      if (successText) setSuccess(successText);
      return true;
    } catch (failure) {
      setErrorText(mutateErrorText(failure, fallback));
      return false;
    }
  }

  return { error, success, setError, run };
}
