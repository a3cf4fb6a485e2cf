/**
 * Object writes of storage-api: upload (POST, and PUT which overwrites), remove by prefixes,
 * delete one, move and copy. The `storage.objects` row is written as the caller, so the table's
 * RLS decides (insert; select and update as well for an upsert); the bytes are moved in place only
 * once that transaction has committed, and the key's older versions dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../app.ts';
import type { CallerContext } from '../db.ts';
import {
  findBucketAsSuperuser,
  GLOBAL_FILE_SIZE_LIMIT,
  jsonBody,
  ownerOf,
  runAsCaller,
  type StorageContext,
} from './context.ts';
import { errors } from './errors.ts';
import { checkBucketName, checkKey, removeQuietly } from './files.ts';
import { mimeAllowed, readIncoming } from './incoming.ts';

/** The object row as storage-api writes it; `$1..$8` are id, bucket, name, owner, owner_id, metadata, user metadata, version. */
export const INSERT_OBJECT = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`;

/** The same, overwriting an existing object (needs the caller's select and update policies too). */
export const UPSERT_OBJECT = `${INSERT_OBJECT}
  on conflict (bucket_id, name) do update set
    owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
    user_metadata = excluded.user_metadata, version = excluded.version,
    updated_at = now(), last_accessed_at = now()`;

export async function uploadObject(
  ctx: StorageContext,
  req: ApiRequest,
  caller: CallerContext,
  bucketId: string,
  key: string,
  options: { upsert?: boolean } = {},
): Promise<ApiResponse> {
  checkKey(key);
  const bucket = await findBucketAsSuperuser(ctx.app, bucketId);
  const upsert = options.upsert ?? (req.method === 'PUT' || req.header('x-upsert') === 'true');
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  const temp = await ctx.files.tempFile();
  const file = await readIncoming(req, temp, limit);
  try {
    if (!mimeAllowed(file.mimeType, bucket.allowed_mime_types)) throw errors.invalidMime(file.mimeType);
    const version = randomUUID();
    const now = new Date().toISOString();
    const metadata = {
      eTag: `"${file.md5}"`,
      size: file.size,
      mimetype: file.mimeType,
      cacheControl: file.cacheControl,
      lastModified: now,
      contentLength: file.size,
      httpStatusCode: 200,
    };
    const owner = ownerOf(caller);
    const ownerId = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
    const params = [
      randomUUID(),
      bucketId,
      key,
      owner,
      ownerId,
      JSON.stringify(metadata),
      file.userMetadata ? JSON.stringify(file.userMetadata) : null,
      version,
    ];
    const id = await runAsCaller(ctx.app, caller, async (tx) => {
      if (!upsert) {
        await tx.query(INSERT_OBJECT, params);
        return params[0] as string;
      }
      const { rows } = await tx.query<{ id: string }>(`${UPSERT_OBJECT} returning id`, params);
      return rows[0].id;
    });
    await ctx.files.commit(temp, bucketId, key, version);
    ctx.app.notifyWrite();
    return { status: 200, body: { Id: id, Key: `${bucketId}/${key}`, id, path: key, fullPath: `${bucketId}/${key}` } };
  } finally {
    await removeQuietly(temp);
  }
}

interface RemovedRow {
  name: string;
  bucket_id: string;
  version: string | null;
  [column: string]: unknown;
}

export async function removeObjects(
  ctx: StorageContext,
  req: ApiRequest,
  caller: CallerContext,
  bucketId: string,
): Promise<ApiResponse> {
  checkBucketName(bucketId);
  const body = await jsonBody(req);
  const prefixes = body.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > 1000 ||
    !prefixes.every((prefix) => typeof prefix === 'string')
  ) {
    throw errors.invalidRequest('body/prefixes must be an array of 1 to 1000 strings');
  }
  const removed = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (
        await tx.query<RemovedRow>(
          `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, bucket_id, name, owner, owner_id, metadata, user_metadata, version,
                   created_at, updated_at, last_accessed_at`,
          [bucketId, prefixes],
        )
      ).rows,
  );
  for (const row of removed) await ctx.files.dropOtherVersions(bucketId, row.name, null).catch(() => {});
  if (removed.length > 0) ctx.app.notifyWrite();
  return { status: 200, body: removed };
}

export async function deleteObject(
  ctx: StorageContext,
  caller: CallerContext,
  bucketId: string,
  key: string,
): Promise<ApiResponse> {
  checkKey(key);
  const removed = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (await tx.query('delete from storage.objects where bucket_id = $1 and name = $2 returning id', [bucketId, key]))
        .rowCount,
  );
  if (removed === 0) throw errors.noSuchKey();
  await ctx.files.dropOtherVersions(bucketId, key, null).catch(() => {});
  ctx.app.notifyWrite();
  return { status: 200, body: { message: 'Successfully deleted' } };
}

interface Transfer {
  fromBucket: string;
  fromKey: string;
  toBucket: string;
  toKey: string;
}

async function transferOf(req: ApiRequest): Promise<Transfer> {
  const body = await jsonBody(req);
  const { bucketId, sourceKey, destinationKey, destinationBucket } = body;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
    throw errors.invalidRequest('bucketId, sourceKey and destinationKey are required');
  }
  if (destinationBucket !== undefined && destinationBucket !== null && typeof destinationBucket !== 'string') {
    throw errors.invalidRequest('destinationBucket must be a string');
  }
  return {
    fromBucket: checkBucketName(bucketId),
    fromKey: checkKey(sourceKey),
    toBucket: checkBucketName(destinationBucket ?? bucketId),
    toKey: checkKey(destinationKey),
  };
}

export async function moveObject(ctx: StorageContext, req: ApiRequest, caller: CallerContext): Promise<ApiResponse> {
  const t = await transferOf(req);
  await findBucketAsSuperuser(ctx.app, t.toBucket);
  const moved = await runAsCaller(ctx.app, caller, async (tx) => {
    const { rows } = await tx.query<{ id: string; version: string | null }>(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
        where bucket_id = $1 and name = $2 returning id, version`,
      [t.fromBucket, t.fromKey, t.toBucket, t.toKey],
    );
    return rows[0];
  });
  if (!moved) throw errors.noSuchKey();
  if (moved.version) {
    await ctx.files.copyVersion(
      { bucket: t.fromBucket, key: t.fromKey, version: moved.version },
      { bucket: t.toBucket, key: t.toKey, version: moved.version },
    );
    await ctx.files.dropOtherVersions(t.fromBucket, t.fromKey, null);
  }
  ctx.app.notifyWrite();
  return { status: 200, body: { message: 'Successfully moved' } };
}

export async function copyObject(ctx: StorageContext, req: ApiRequest, caller: CallerContext): Promise<ApiResponse> {
  const t = await transferOf(req);
  await findBucketAsSuperuser(ctx.app, t.toBucket);
  const version = randomUUID();
  const copied = await runAsCaller(ctx.app, caller, async (tx) => {
    const { rows } = await tx.query<{ metadata: unknown; user_metadata: unknown; version: string | null }>(
      'select metadata, user_metadata, version from storage.objects where bucket_id = $1 and name = $2',
      [t.fromBucket, t.fromKey],
    );
    const source = rows[0];
    if (!source?.version) throw errors.noSuchKey();
    const id = randomUUID();
    await tx.query(
      `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
      [
        id,
        t.toBucket,
        t.toKey,
        ownerOf(caller),
        typeof caller.claims.sub === 'string' ? caller.claims.sub : null,
        JSON.stringify(source.metadata),
        source.user_metadata === null ? null : JSON.stringify(source.user_metadata),
        version,
      ],
    );
    return { id, sourceVersion: source.version };
  });
  await ctx.files.copyVersion(
    { bucket: t.fromBucket, key: t.fromKey, version: copied.sourceVersion },
    { bucket: t.toBucket, key: t.toKey, version },
  );
  ctx.app.notifyWrite();
  return { status: 200, body: { Id: copied.id, Key: `${t.toBucket}/${t.toKey}` } };
}
