/**
 * The changes the server refused, each with its reason (`{http, code, message}`), oldest first,
 * in words (each kind's `describe`, with the names of the events the device has), and what the
 * user can do with one: discard it, or retry it (with edited arguments).
 */
import { useCallback } from 'react';
import type { OutboxEntry } from '../db/outbox-schema.ts';
import { parseOutbox } from '../db/validated-read.ts';
import { useDeviceQuery } from './use-device-query.ts';
import { useSyncSession } from './use-sync-session.ts';

const EMPTY: OutboxEntry[] = [];
const NO_NAMES: Record<string, string> = {};

export interface RejectedChanges {
  changes: OutboxEntry[];
  /** A change in the sync panel's words ('Add an expense "Fuel" to "Lake trip"'). */
  describe(change: OutboxEntry): string;
  discard(mutationId: string): Promise<void>;
  retry(mutationId: string, editedArgs?: unknown): Promise<void>;
}

export function useRejectedChanges(): RejectedChanges {
  const session = useSyncSession();
  const changes = useDeviceQuery(
    async (db) =>
      parseOutbox(await db.outbox.where('status').equals('rejected').toArray()).sort((a, b) => a.seq - b.seq),
    [],
    EMPTY,
  );
  const eventIds = [
    ...new Set(
      changes.flatMap((change) => {
        const args = (change.args ?? {}) as { id?: unknown; eventId?: unknown };
        return [args.id, args.eventId].filter((id): id is string => typeof id === 'string');
      }),
    ),
  ].sort();
  const eventNames = useDeviceQuery(
    async (db) => {
      const names: Record<string, string> = {};
      for (const event of await db.events.bulkGet(eventIds)) if (event) names[event.key] = event.name;
      return names;
    },
    [eventIds.join(',')],
    NO_NAMES,
  );
  const discard = useCallback(
    async (mutationId: string) => {
      await session?.ready;
      await session?.engine.discard(mutationId);
    },
    [session],
  );
  const retry = useCallback(
    async (mutationId: string, editedArgs?: unknown) => {
      await session?.ready;
      await session?.engine.retry(mutationId, editedArgs);
    },
    [session],
  );
  const describe = useCallback(
    (change: OutboxEntry) =>
      session?.engine.registry.describe(change, { eventName: (id) => eventNames[id] }) ?? 'A change',
    [session, eventNames],
  );
  return { changes, describe, discard, retry };
}
