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
 * The whole outbox, in order: one getAll, cheaper than an index cursor. Lookups that run for every
 * change (a change's creators, a rebase) go through the indexes instead (storedByIndex).
 */
async function allEntries(db: CrewCampDb): Promise<OutboxEntry[]> {
  return parseOutbox(await db.outbox.toArray());
}

/** Live outbox entries (their change is shown), in order. */
export async function liveEntries(db: CrewCampDb): Promise<OutboxEntry[]> {
  return (await allEntries(db)).filter(isLive);
}

/** The entries in `status`, in order (through the status index: a long queue is mostly acked or pending). */
export async function entriesIn(db: CrewCampDb, status: OutboxEntry['status']): Promise<OutboxEntry[]> {
  return parseOutbox(await db.outbox.where('status').equals(status).toArray()).sort((a, b) => a.seq - b.seq);
}

/**
 * The stored entries whose multi-entry `index` holds one of `keys`, unvalidated, once each and in
 * order. One equality query per key: IndexedDB answers it with getAll, where `anyOf` and `distinct`
 * walk a cursor an entry at a time (quadratic in fake-indexeddb, a round trip per entry in browsers).
 */
export async function storedByIndex(
  db: CrewCampDb,
  index: 'touched' | 'creates',
  keys: readonly string[],
): Promise<OutboxEntry[]> {
  const found = new Map<number, OutboxEntry>();
  const results = await Promise.all([...new Set(keys)].map((key) => db.outbox.where(index).equals(key).toArray()));
  for (const rows of results) for (const row of rows) found.set(row.seq, row);
  return [...found.values()].sort((a, b) => a.seq - b.seq);
}

/** Live entries that create one of `refs` (the scopes a change lives in), in order, through the index. */
export async function liveCreators(db: CrewCampDb, refs: string[]): Promise<OutboxEntry[]> {
  if (refs.length === 0) return [];
  return parseOutbox(await storedByIndex(db, 'creates', refs)).filter(isLive);
}

function isLive(entry: OutboxEntry): boolean {
  return liveStatuses.includes(entry.status);
}

export function isSendable(entry: OutboxEntry): boolean {
  return entry.status === 'pending' || entry.status === 'sending' || entry.status === 'needs-auth';
}
