/**
 * The table writes the kinds make, each idempotent for a replay: an insert with the id the device
 * chose (`on conflict do nothing`, then the row is read back: a replay finds the row the first
 * request made), an upsert of a row keyed by its scope, an update of the changed fields of one
 * row, a soft delete (the database keeps the first deletion time, so deleting twice changes
 * nothing more), and a file upload to a fixed key (a replay finds the file already there).
 * Rows are read back with the columns of the kind's pull source, so the answer is that source's
 * server row type and its mapper stores it.
 */
import type { TablesInsert, TablesUpdate } from '../db/database.types.ts';
import type { MirrorTable } from '../db/mirror.ts';
import { expectData, expectRows } from './backend-calls.ts';
import { untyped, type AppClient, type TableName } from './client.ts';
import type { DeltaSource } from './pull-source.ts';
import { failure } from './send-errors.ts';

/** An inserted row the server no longer shows this user (its read-back found nothing). */
export const SAVED_BUT_GONE = 'This was saved but is no longer there';

/**
 * Inserts `row` unless a row with the same `conflict` columns (default: its `id`) exists; answers
 * the row as the server has it. Columns the database's triggers fill in (a checklist item's
 * event, an expense's amount in CHF) may be left out, so the row is a partial insert; its column
 * names and types are checked.
 */
export async function insertOnce<S, R extends TableName>(
  client: AppClient,
  source: DeltaSource<MirrorTable, S, R>,
  row: Partial<TablesInsert<R>>,
  conflict?: readonly (keyof TablesInsert<R> & string)[],
): Promise<S> {
  const columns: readonly string[] = conflict ?? ['id'];
  const values: Record<string, unknown> = row;
  const table = untyped(client).from(source.remote);
  const inserted = expectRows<S>(
    await table.upsert(values, { onConflict: columns.join(','), ignoreDuplicates: true }).select(source.select),
  );
  if (inserted.length) return inserted[0];
  const match = Object.fromEntries(columns.map((column) => [column, values[column]]));
  const [found] = expectRows<S>(await table.select(source.select).match(match).limit(1).retry(false));
  if (!found) throw failure(404, 'not_found', SAVED_BUT_GONE);
  return found;
}

/** Inserts or replaces the one row keyed by `conflict` (a plan per event); answers it as stored. */
export async function upsertRow<S, R extends TableName>(
  client: AppClient,
  source: DeltaSource<MirrorTable, S, R>,
  row: TablesInsert<R>,
  conflict: keyof TablesInsert<R> & string,
): Promise<S | null> {
  const values: Record<string, unknown> = row;
  const rows = expectRows<S>(
    await untyped(client).from(source.remote).upsert(values, { onConflict: conflict }).select(source.select),
  );
  return rows[0] ?? null;
}

/** Updates one row by id; a row the caller cannot see or change is a refusal with `missing`. */
export async function updateOne<T extends TableName>(
  client: AppClient,
  table: T,
  id: string,
  changes: TablesUpdate<T>,
  missing: string,
): Promise<null> {
  const rows: unknown[] = expectData(await untyped(client).from(table).update(changes).eq('id', id).select('id'));
  if (!rows.length) throw failure(404, 'not_found', missing);
  return null;
}

/** A table whose rows are soft-deleted (`deleted_at`). */
type SoftDeleted = { [T in TableName]: 'deleted_at' extends keyof TablesUpdate<T> ? T : never }[TableName];

/** Soft-deletes one row by id (the database sets the time and keeps the first one). */
export function softDelete(client: AppClient, table: SoftDeleted, id: string, missing: string): Promise<null> {
  return updateOne(client, table, id, softDeleted(), missing);
}

/** A soft delete's change (the database keeps the first time if the row was deleted already). */
export function softDeleted(): { deleted_at: string } {
  return { deleted_at: new Date().toISOString() };
}

/**
 * Uploads `bytes` to `path` of a storage bucket unless a file is already there (a replay of the
 * same upload); a refusal by the bucket's policies is a 42501 refusal with `forbidden`.
 */
export async function uploadOnce(
  client: AppClient,
  bucket: string,
  path: string,
  bytes: Uint8Array,
  options: { contentType: string; cacheControl?: string; forbidden: string; failed: string },
): Promise<void> {
  const { error } = await client.storage.from(bucket).upload(path, bytes, {
    contentType: options.contentType,
    ...(options.cacheControl && { cacheControl: options.cacheControl }),
    upsert: false,
  });
  if (!error) return;
  const { status: httpStatus, statusCode } = error as { status?: number; statusCode?: string };
  const status = Number(httpStatus ?? statusCode ?? 0);
  if (status === 409 || /exists|duplicate/i.test(error.message)) return;
  if (status === 403 || /row-level security/i.test(error.message)) throw failure(403, '42501', options.forbidden);
  throw failure(status, `storage_${status}`, error.message || options.failed);
}
