/**
 * The table writes the event pages' kinds make, each idempotent for a replay: an insert with the
 * id the device chose (`on conflict do nothing`, then the row is read back: a replay finds the
 * row the first request made), an update of the changed fields of one row, and a soft delete (the
 * database keeps the first deletion time, so deleting twice changes nothing more), and a file
 * upload to a fixed key (a replay finds the file already there).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { failure } from '../send-errors.ts';
import { expectData } from './backend-calls.ts';

type Json = Record<string, unknown>;

/** Inserts `row` (with its `id`) unless it exists; answers the row as the server has it. */
export async function insertOnce(client: SupabaseClient, table: string, row: Json, select: string): Promise<Json> {
  const inserted = expectData(
    await client.from(table).upsert(row, { onConflict: 'id', ignoreDuplicates: true }).select(select),
  ) as unknown as Json[];
  if (inserted.length) return inserted[0];
  const found = expectData(
    await client.from(table).select(select).eq('id', String(row.id)).maybeSingle().retry(false),
  ) as unknown as Json | null;
  if (!found) throw failure(404, 'not_found', 'This was saved but is no longer there');
  return found;
}

/** Updates one row by id; a row the caller cannot see or change is a refusal with `missing`. */
export async function updateOne(
  client: SupabaseClient,
  table: string,
  id: string,
  changes: Json,
  missing: string,
): Promise<null> {
  const rows = expectData(await client.from(table).update(changes).eq('id', id).select('id')) as unknown[];
  if (!rows.length) throw failure(404, 'not_found', missing);
  return null;
}

/** Soft-deletes one row by id (the database sets the time and keeps the first one). */
export function softDelete(client: SupabaseClient, table: string, id: string, missing: string): Promise<null> {
  return updateOne(client, table, id, { deleted_at: new Date().toISOString() }, missing);
}

/**
 * Uploads `bytes` to `path` of a storage bucket unless a file is already there (a replay of the
 * same upload); a refusal by the bucket's policies is a 42501 refusal with `forbidden`.
 */
export async function uploadOnce(
  client: SupabaseClient,
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
  const status = Number(
    (error as { status?: number; statusCode?: string }).status ?? (error as { statusCode?: string }).statusCode ?? 0,
  );
  if (status === 409 || /exists|duplicate/i.test(error.message)) return;
  if (status === 403 || /row-level security/i.test(error.message)) throw failure(403, '42501', options.forbidden);
  throw failure(status, `storage_${status}`, error.message || options.failed);
}
