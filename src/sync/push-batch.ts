/**
 * Batch push: a run of queued row writes (kinds with a `batch`) goes to the backend in one
 * `apply_changes` call, in order and in one transaction, as the user (the same grants, RLS,
 * constraints and triggers as the one-row writes; supabase/migrations/20261129050000). Inserted
 * rows are then read back with their pull source's columns, one request per source, so each entry
 * gets the answer its own `send` would have given. A batch the backend refuses as a whole (one of
 * its writes broke a rule, and the transaction undid them all) is not any one entry's refusal: the
 * batches shrink by half after it, down to single sends, which find the entry to blame.
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import type { OutboxEntry } from '../db/outbox-schema.ts';
import { expectData, expectRows } from './backend-calls.ts';
import { untyped, type AppClient } from './client.ts';
import type { KindRegistry, RowWrite } from './kind-registry.ts';
import type { DeltaSource } from './pull-source.ts';
import { SAVED_BUT_GONE } from './rest-writes.ts';
import { failure, type SendFailure } from './send-errors.ts';

/** The most entries one batch carries: as many as apply_changes takes. */
const BATCH_MAX = 200;

/** The answer for one entry of a batch: what its `send` would have answered, or its refusal. */
export type BatchOutcome = { ok: true; result: unknown } | { ok: false; failure: SendFailure };

// Per device database: how many entries the next batch may carry (halved after a refused batch).
const batchSizes = new WeakMap<CrewCampDb, number>();

export function batchSize(db: CrewCampDb): number {
  return batchSizes.get(db) ?? BATCH_MAX;
}

/** After a batch: a refused one halves the next (down to 1, a single send); a sent one doubles it. */
export function batchSent(db: CrewCampDb, size: number, wasRefused: boolean): void {
  batchSizes.set(db, wasRefused ? Math.max(1, Math.floor(size / 2)) : Math.min(BATCH_MAX, batchSize(db) * 2));
}

/** Whether `entry` may go in a batch (its kind has a row write). */
export function isBatchable(registry: KindRegistry, entry: OutboxEntry): boolean {
  return registry.has(entry.kind) && registry.get(entry.kind).batch !== undefined;
}

function asChange(write: RowWrite) {
  return write.op === 'insert'
    ? { op: 'insert', table: write.source.remote, values: write.values }
    : { op: 'update', table: write.table, id: write.id, values: write.values };
}

/** Sends `entries` in one call; throws the call's failure if the backend took none of them. */
export async function sendBatch(
  client: AppClient,
  registry: KindRegistry,
  entries: readonly OutboxEntry[],
): Promise<BatchOutcome[]> {
  const writes = entries.map((entry) => registry.get(entry.kind).batch!(entry.args));
  const counts = expectData<number[]>(
    await untyped(client)
      .rpc('apply_changes', { changes: writes.map(asChange) })
      .retry(false),
  );
  const inserted = await readBack(client, writes);
  return writes.map((write, i): BatchOutcome => {
    if (write.op === 'update')
      return counts[i] > 0
        ? { ok: true, result: null }
        : { ok: false, failure: failure(404, 'not_found', write.missing) };
    const row = inserted.get(write.source)?.get(String(write.values.id));
    return row ? { ok: true, result: row } : { ok: false, failure: failure(404, 'not_found', SAVED_BUT_GONE) };
  });
}

/** The inserted rows as the server has them, by source and id: one read per source. */
async function readBack(
  client: AppClient,
  writes: readonly RowWrite[],
): Promise<Map<DeltaSource, Map<string, unknown>>> {
  const ids = new Map<DeltaSource, string[]>();
  for (const write of writes)
    if (write.op === 'insert') ids.set(write.source, [...(ids.get(write.source) ?? []), String(write.values.id)]);
  const found = new Map<DeltaSource, Map<string, unknown>>();
  for (const [source, sourceIds] of ids) {
    const rows = expectRows<{ id: string }>(
      await untyped(client).from(source.remote).select(source.select).in('id', sourceIds).retry(false),
    );
    found.set(source, new Map(rows.map((row) => [row.id, row])));
  }
  return found;
}
