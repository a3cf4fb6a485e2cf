/**
 * Bucket routes of storage-api: list, get, create, update, empty, delete. They run as the caller
 * against `storage.buckets`, whose RLS has no policies on a new project, so only the service role
 * manages buckets; others get storage-api's RLS refusal or "Bucket not found".
 */
import type { ApiRequest, ApiResponse } from '../app.ts';
import type { CallerContext } from '../db.ts';
import {
  BUCKET_COLUMNS,
  GLOBAL_FILE_SIZE_LIMIT,
  jsonBody,
  ownerOf,
  runAsCaller,
  type BucketRow,
  type StorageContext,
} from './context.ts';
import { errors } from './errors.ts';
import { checkBucketName } from './files.ts';
import { dropRemoved } from './write.ts';

/** storage-api's units are decimal: `20MB` is 20,000,000 bytes (not 20 MiB). */
const SIZE_UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * `file_size_limit` as storage-api takes it: a whole number of bytes, or a string such as `20MB`
 * (a number to three significant digits and a unit, no spaces). Over the global limit is a 413.
 */
function parseSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  let bytes: number | null = null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) bytes = value;
  if (typeof value === 'string') {
    const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
    if (match) bytes = Math.round(Number(Number(match[1]).toPrecision(3)) * SIZE_UNITS[match[2].toLowerCase()]);
  }
  if (bytes === null) throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  if (bytes > GLOBAL_FILE_SIZE_LIMIT) throw errors.tooLarge();
  return bytes;
}

function parseMimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(item))) {
    return value as string[];
  }
  throw errors.invalidRequest('allowed_mime_types must be a list of mime types');
}

function parsePublic(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  throw errors.invalidRequest('public must be boolean');
}

function bucketJson(row: BucketRow) {
  return { ...row, type: 'STANDARD' };
}

async function findBucket(ctx: StorageContext, caller: CallerContext, id: string): Promise<BucketRow> {
  const rows = await runAsCaller(
    ctx.app,
    caller,
    async (tx) => (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows,
  );
  if (!rows[0]) throw errors.noSuchBucket();
  return rows[0];
}

export async function listBuckets(ctx: StorageContext, req: ApiRequest, caller: CallerContext): Promise<ApiResponse> {
  const params = req.url.searchParams;
  const limit = Number(params.get('limit') ?? 'NaN');
  const offset = Number(params.get('offset') ?? 0);
  const column = params.get('sortColumn') ?? 'name';
  const order = (params.get('sortOrder') ?? 'asc').toLowerCase();
  if (!['id', 'name', 'created_at', 'updated_at'].includes(column) || !['asc', 'desc'].includes(order)) {
    throw errors.invalidRequest('Invalid sort options');
  }
  if ((params.has('limit') && !(Number.isInteger(limit) && limit >= 0)) || !(Number.isInteger(offset) && offset >= 0)) {
    throw errors.invalidRequest('limit and offset must be non-negative integers');
  }
  const search = params.get('search') ?? '';
  const rows = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (
        await tx.query<BucketRow>(
          `select ${BUCKET_COLUMNS} from storage.buckets
          where name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
          order by ${column} ${order} limit $2 offset $3`,
          [search, params.has('limit') ? limit : null, offset],
        )
      ).rows,
  );
  return { status: 200, body: rows.map(bucketJson) };
}

export async function getBucket(ctx: StorageContext, caller: CallerContext, id: string): Promise<ApiResponse> {
  return { status: 200, body: bucketJson(await findBucket(ctx, caller, id)) };
}

export async function createBucket(ctx: StorageContext, req: ApiRequest, caller: CallerContext): Promise<ApiResponse> {
  const body = await jsonBody(req);
  const name = body.name ?? body.id;
  const id = body.id ?? name;
  if (typeof name !== 'string' || typeof id !== 'string')
    throw errors.invalidRequest("body must have required property 'name'");
  checkBucketName(id);
  checkBucketName(name);
  const isPublic = parsePublic(body.public) ?? false;
  const sizeLimit = parseSizeLimit(body.file_size_limit) ?? null;
  const mimeTypes = parseMimeTypes(body.allowed_mime_types) ?? null;
  try {
    await runAsCaller(ctx.app, caller, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          name,
          ownerOf(caller),
          typeof caller.claims.sub === 'string' ? caller.claims.sub : null,
          isPublic,
          sizeLimit,
          mimeTypes,
        ],
      ),
    );
  } catch (error) {
    if (error instanceof Error && 'body' in error && (error.body as { code?: string }).code === 'KeyAlreadyExists') {
      throw errors.bucketExists();
    }
    throw error;
  }
  return { status: 200, body: { name: id } };
}

export async function updateBucket(
  ctx: StorageContext,
  req: ApiRequest,
  caller: CallerContext,
  id: string,
): Promise<ApiResponse> {
  const body = await jsonBody(req);
  const isPublic = parsePublic(body.public);
  const sizeLimit = parseSizeLimit(body.file_size_limit);
  const mimeTypes = parseMimeTypes(body.allowed_mime_types);
  await findBucket(ctx, caller, id);
  const updated = await runAsCaller(ctx.app, caller, (tx) =>
    tx.query(
      `update storage.buckets set
         public = coalesce($2, public),
         file_size_limit = case when $3::boolean then $4::bigint else file_size_limit end,
         allowed_mime_types = case when $5::boolean then $6::text[] else allowed_mime_types end,
         updated_at = now()
       where id = $1`,
      [id, isPublic ?? null, sizeLimit !== undefined, sizeLimit ?? null, mimeTypes !== undefined, mimeTypes ?? null],
    ),
  );
  if (updated.rowCount === 0) throw errors.noSuchBucket();
  return { status: 200, body: { message: 'Successfully updated' } };
}

export async function emptyBucket(ctx: StorageContext, caller: CallerContext, id: string): Promise<ApiResponse> {
  await findBucket(ctx, caller, id);
  const removed = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (
        await tx.query<{ name: string; version: string | null }>(
          'delete from storage.objects where bucket_id = $1 returning name, version',
          [id],
        )
      ).rows,
  );
  for (const row of removed) await dropRemoved(ctx, id, row.name, row.version);
  ctx.app.notifyWrite();
  return { status: 200, body: { message: 'Successfully emptied' } };
}

export async function deleteBucket(ctx: StorageContext, caller: CallerContext, id: string): Promise<ApiResponse> {
  await findBucket(ctx, caller, id);
  const { rows } = await ctx.app.db.query<{ n: number }>(
    'select count(*)::int as n from storage.objects where bucket_id = $1',
    [id],
  );
  if ((rows[0]?.n ?? 0) > 0) throw errors.bucketNotEmpty();
  let deleted;
  try {
    deleted = await runAsCaller(ctx.app, caller, (tx) => tx.query('delete from storage.buckets where id = $1', [id]));
  } catch (error) {
    if (
      error instanceof Error &&
      'body' in error &&
      /related resource/.test(String((error.body as { message?: string }).message))
    ) {
      throw errors.bucketNotEmpty();
    }
    throw error;
  }
  if (deleted.rowCount === 0) throw errors.noSuchBucket();
  await ctx.files.removeBucket(id).catch(() => {});
  ctx.app.notifyWrite();
  return { status: 200, body: { message: 'Successfully deleted' } };
}
