/**
 * One helper for the engine's read-write transactions: every engine write spans the mirror tables,
 * the outbox, the shadows and the metadata together, so an optimistic change, its outbox entry and
 * a pulled page with its cursor each commit or fail as one.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import { liveStatuses, type OutboxEntry } from '../db/outbox-schema.ts';
import { parseOutbox } from '../db/validated-read.ts';

export function writeTx<T>(db: CrewCampDb, work: () => Promise<T>): Promise<T> {
  // The async wrapper matters: Dexie follows native awaits only from a function it called itself.
  return db.transaction('rw', db.tables, async () => await work());
}

/**
 * The outbox is small (what one user changed while offline) and read whole: one getAll is cheaper
 * than index cursors, in browsers and far more in fake-indexeddb. Answers it in order.
 */
export async function allEntries(db: CrewCampDb): Promise<OutboxEntry[]> {
  return parseOutbox(await db.outbox.toArray());
}

/** Live outbox entries (their change is shown), in order. */
export async function liveEntries(db: CrewCampDb): Promise<OutboxEntry[]> {
  return (await allEntries(db)).filter(isLive);
}

function isLive(entry: OutboxEntry): boolean {
  return liveStatuses.includes(entry.status);
}

export function isSendable(entry: OutboxEntry): boolean {
  return entry.status === 'pending' || entry.status === 'sending' || entry.status === 'needs-auth';
}
