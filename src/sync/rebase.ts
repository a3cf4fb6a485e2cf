/**
 * Rebase: the device shows, for every row, the server's last known state with the live outbox
 * entries applied on top, in order. When the server state under some rows changes (a pull, a
 * server answer) or an entry stops being live (rejected, or acknowledged and then seen in a pull),
 * the affected rows are restored from their shadows and every live entry that touches them is
 * applied again; the set of rows grows to everything those entries touch, so no entry is applied
 * twice on the same row. Shadows no live entry touches any more are dropped.
 * Runs inside a read-write transaction (see transactions.ts).
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { KindRegistry } from './kind-registry.ts';
import { LocalWriter, splitShadowId, tableOf } from './local-writer.ts';
import { liveStatuses, type OutboxEntry } from '../db/outbox-schema.ts';
import { parseOutbox } from '../db/validated-read.ts';
import { storedByIndex } from './transactions.ts';

/** A stored entry as far as choosing it needs (validated once chosen: a long queue is mostly elsewhere). */
type StoredEntry = Pick<OutboxEntry, 'seq' | 'touched'>;

function touching<E extends StoredEntry>(entries: E[], ids: string[]): E[] {
  const wanted = new Set(ids);
  return entries.filter((entry) => Array.isArray(entry.touched) && entry.touched.some((id) => wanted.has(id)));
}

/**
 * The live entries that touch one of `ids`, as stored, unvalidated (only their `seq` and `touched`
 * are read before parsing), through the outbox's index of touched rows.
 */
async function liveTouching(db: CrewCampDb, ids: string[]): Promise<OutboxEntry[]> {
  if (ids.length === 0) return [];
  const rows = await storedByIndex(db, 'touched', ids);
  return touching(
    rows.filter((entry) => liveStatuses.includes(entry.status)),
    ids,
  );
}

export async function rebase(db: CrewCampDb, registry: KindRegistry, ids: Iterable<string>): Promise<void> {
  const rows = new Set(ids);
  if (rows.size === 0) return;
  const entries = new Map<number, OutboxEntry>();
  let frontier = [...rows];
  while (frontier.length) {
    const found = await liveTouching(db, frontier);
    frontier = [];
    for (const entry of found) {
      if (entries.has(entry.seq)) continue;
      entries.set(entry.seq, entry);
      for (const id of entry.touched) {
        if (!rows.has(id)) {
          rows.add(id);
          frontier.push(id);
        }
      }
    }
  }

  for (const id of rows) {
    const shadow = await db.shadows.get(id);
    if (!shadow) continue;
    const { table, key } = splitShadowId(id);
    if (shadow.row === null) await tableOf(db, table).delete(key);
    else await tableOf(db, table).put(shadow.row as never);
  }

  const ordered = parseOutbox([...entries.values()]).sort((a, b) => a.seq - b.seq);
  for (const entry of ordered) {
    if (!registry.has(entry.kind)) continue;
    const touched = new Set(entry.touched);
    const writer = new LocalWriter(db, entry.userId, touched);
    await registry.get(entry.kind).applyLocal(writer, entry.args);
    if (touched.size !== entry.touched.length) await db.outbox.update(entry.seq, { touched: [...touched] });
  }

  await dropUnusedShadows(db, [...rows]);
}

/** Drops the shadows of rows no live entry touches. */
export async function dropUnusedShadows(db: CrewCampDb, ids: string[]): Promise<void> {
  const stillTouched = new Set<string>();
  for (const entry of await liveTouching(db, ids)) for (const id of entry.touched) stillTouched.add(id);
  const unused = ids.filter((id) => !stillTouched.has(id));
  if (unused.length) await db.shadows.bulkDelete(unused);
}
