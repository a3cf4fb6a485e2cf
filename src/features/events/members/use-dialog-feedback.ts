/**
 * The dialog's red error banner and its success line. A queued change is watched: if the server
 * refuses it, its reason (the procedure's message) replaces the success text and the refused
 * change is cleared from the list of refusals, since the dialog has told the user.
 */
import { useEffect, useState } from 'react';
import type { MemberRow } from '../sync/member-rows.ts';
import { mutate, useMutationState, useRejectedChanges, type KindName, type RawArgs } from '../../../data/index.ts';
import { mutateErrorText } from '../mutate-error.ts';

/** What a part of the members dialog works on: the event, its members, and the dialog's feedback. */
export interface MembersPanelProps {
  eventId: string;
  members: MemberRow[];
  feedback: Feedback;
}

export interface Feedback {
  error: string | null;
  success: string | null;
  setError(message: string | null): void;
  /** Queues a change; `fallback` is the spec's text when it cannot be queued or is refused without a reason. */
  run(kind: string, args: unknown, fallback: string, success?: string): Promise<boolean>;
}

export function useDialogFeedback(): Feedback {
  const [errorText, setErrorText] = useState<string | null>(null);
  const [successText, setSuccess] = useState<string | null>(null);
  const [watched, setWatched] = useState<{ id: string; fallback: string } | null>(null);
  const state = useMutationState(watched?.id);
  const { discard } = useRejectedChanges();
  const rejection = watched && state.status === 'rejected' ? state.error?.message || watched.fallback : null;
  const rejectedId = rejection ? watched?.id : null;

  // The dialog has shown the refusal: it leaves the list of refusals when the dialog closes or moves on.
  useEffect(() => {
    if (!rejectedId) return;
    return () => void discard(rejectedId);
  }, [rejectedId, discard]);

  const setError = (message: string | null) => {
    setWatched(null);
    setErrorText(message);
    if (message) setSuccess(null);
  };

  async function run<K extends KindName>(
    kind: K,
    args: RawArgs<K>,
    fallback: string,
    success?: string,
  ): Promise<boolean> {
    setWatched(null);
    setErrorText(null);
    setSuccess(null);
    try {
      const queued = await mutate(kind, args);
      setWatched({ id: queued.mutationId, fallback });
      if (success) setSuccess(success);
      return true;
    } catch (failure) {
      setErrorText(mutateErrorText(failure, fallback));
      return false;
    }
  }

  return { error: rejection ?? errorText, success: rejection ? null : successText, setError, run };
}
