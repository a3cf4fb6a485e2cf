/**
 * What became of one queued change, for screens that tell the user: still waiting (offline or
 * sending), sent (the server accepted it), or refused with the server's reason. An entry that has
 * left the outbox was accepted and seen in a pull.
 */
import type { OutboxError } from '../db/outbox-schema.ts';
import { parseOutbox } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';

export type MutationState =
  { status: 'none' } | { status: 'waiting' } | { status: 'done' } | { status: 'rejected'; error: OutboxError | null };

const NONE: MutationState = { status: 'none' };

export function useMutationState(mutationId: string | null | undefined): MutationState {
  return useDeviceQuery<MutationState>(
    async (db) => {
      if (!mutationId) return NONE;
      const [entry] = parseOutbox(await db.outbox.where('mutationId').equals(mutationId).toArray());
      if (!entry || entry.status === 'acked') return { status: 'done' };
      if (entry.status === 'rejected') return { status: 'rejected', error: entry.error };
      return { status: 'waiting' };
    },
    [mutationId],
    NONE,
  );
}
