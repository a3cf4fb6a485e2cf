/**
 * A friend write through `mutate`, and what became of it for the user: waiting (offline or
 * sending), done, or refused with the server's message (or the spec's fallback text).
 */
import { useState } from 'react';
import { mutate, MutationValidationError, useMutationState, type KindName, type RawArgs } from '../../data/index.ts';

export type WriteOutcome =
  { status: 'idle' } | { status: 'waiting' } | { status: 'done' } | { status: 'failed'; message: string };

export function useQueuedWrite(fallback: string) {
  const [mutationId, setMutationId] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const state = useMutationState(mutationId);

  async function run<K extends KindName>(kind: K, args: RawArgs<K>): Promise<boolean> {
    setLocalError(null);
    try {
      const queued = await mutate(kind, args);
      setMutationId(queued.mutationId);
      return true;
    } catch (error) {
      setMutationId(null);
      setLocalError(error instanceof MutationValidationError ? error.message : fallback);
      return false;
    }
  }

  let outcome: WriteOutcome = { status: 'idle' };
  if (localError) outcome = { status: 'failed', message: localError };
  else if (mutationId && state.status === 'rejected')
    outcome = { status: 'failed', message: state.error?.message || fallback };
  else if (mutationId && state.status === 'done') outcome = { status: 'done' };
  else if (mutationId) outcome = { status: 'waiting' };

  function reset() {
    setMutationId(null);
    setLocalError(null);
  }

  return { outcome, run, reset };
}
