/**
 * Object writes of storage-api: upload (POST, and PUT which overwrites), remove by prefixes,
 * delete one, move and copy. Bytes are made durable in their version's place first (files.ts),
 * then the `storage.objects` row is written as the caller, so the table's RLS decides (insert;
 * select and update as well for an upsert); a refused row takes its bytes with it, and the key's
 * older versions are dropped once the row has committed. A crash at any point leaves at worst
 * bytes without a row (removed at the next start), never a listed object without bytes.
 */
import { randomUUID } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../app.ts';
import type { CallerContext } from '../db.ts';
import { storedContentType } from './content-type.ts';
import {
  findBucketAsSuperuser,
  GLOBAL_FILE_SIZE_LIMIT,
  jsonBody,
  ownerOf,
  runAsCaller,
  type StorageContext,
} from './context.ts';
import { errors } from './errors.ts';
import { checkBucketName, checkKey, isDiskFull, removeQuietly } from './files.ts';
import { readIncoming } from './incoming.ts';

/** The object row as storage-api writes it; `$1..$8` are id, bucket, name, owner, owner_id, metadata, user metadata, version. */
export const INSERT_OBJECT = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`;

/** The same, overwriting an existing object (needs the caller's select and update policies too). */
export const UPSERT_OBJECT = `${INSERT_OBJECT}
  on conflict (bucket_id, name) do update set
    owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
    user_metadata = excluded.user_metadata, version = excluded.version,
    updated_at = now(), last_accessed_at = now()`;

/** A full disk while placing bytes is the caller's 507, like one while receiving them. */
function diskFullAs507(error: unknown): unknown {
  return isDiskFull(error) ? errors.insufficientStorage() : error;
}

/**
 * Places `version`'s bytes with `place`, then writes the row with `writeRow`; when the row is
 * refused the bytes go again, and once it is written the key's other versions go. Callers hold
 * the key's lock (files.withKeys), so no concurrent write of the key drops these bytes before
 * their row exists.
 */
async function commitVersion<T>(
  ctx: StorageContext,
  target: { bucket: string; key: string; version: string },
  place: () => Promise<void>,
  writeRow: () => Promise<T>,
): Promise<T> {
  try {
    await place();
  } catch (error) {
    await ctx.files.dropVersion(target.bucket, target.key, target.version).catch(() => {});
    throw diskFullAs507(error);
  }
  let result: T;
  try {
    result = await writeRow();
  } catch (error) {
    await ctx.files.dropVersion(target.bucket, target.key, target.version).catch(() => {});
    throw error;
  }
  await ctx.files.dropOtherVersions(target.bucket, target.key, target.version).catch(() => {});
  return result;
}

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
    const mimeType = await storedContentType(file, bucket.allowed_mime_types, key);
    const version = randomUUID();
    const now = new Date().toISOString();
    const metadata = {
      eTag: `"${file.md5}"`,
      size: file.size,
      mimetype: mimeType,
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
      // storage-api records `{}` when no custom metadata was sent, and object info shows it so.
      JSON.stringify(file.userMetadata ?? {}),
      version,
    ];
    const id = await ctx.files.withKeys([[bucketId, key]], () =>
      commitVersion(
        ctx,
        { bucket: bucketId, key, version },
        () => ctx.files.place(temp, bucketId, key, version),
        () =>
          runAsCaller(ctx.app, caller, async (tx) => {
            if (!upsert) {
              await tx.query(INSERT_OBJECT, params);
              return params[0] as string;
            }
            const { rows } = await tx.query<{ id: string }>(`${UPSERT_OBJECT} returning id`, params);
            return rows[0].id;
          }),
      ),
    );
    ctx.app.notifyWrite();
    return { status: 200, body: { Id: id, Key: `${bucketId}/${key}`, id, path: key, fullPath: `${bucketId}/${key}` } };
  } finally {
    await removeQuietly(temp);
  }
}

/**
 * Drops the bytes of a deleted row's version, and only those: another version of the key may be
 * an upload in flight whose row is about to be written.
 */
export async function dropRemoved(ctx: StorageContext, bucket: string, key: string, version: string | null) {
  if (version) await ctx.files.dropVersion(bucket, key, version).catch(() => {});
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
  for (const row of removed) await dropRemoved(ctx, bucketId, row.name, row.version);
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
      (
        await tx.query<{ version: string | null }>(
          'delete from storage.objects where bucket_id = $1 and name = $2 returning version',
          [bucketId, key],
        )
      ).rows,
  );
  if (removed.length === 0) throw errors.noSuchKey();
  await dropRemoved(ctx, bucketId, key, removed[0].version);
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

/** The source's current version, read as the caller (their select policy decides who may see it). */
async function sourceVersion(ctx: StorageContext, caller: CallerContext, t: Transfer) {
  const rows = await runAsCaller(ctx.app, caller, async (tx) => {
    const found = await tx.query<{ metadata: unknown; user_metadata: unknown; version: string | null }>(
      'select metadata, user_metadata, version from storage.objects where bucket_id = $1 and name = $2',
      [t.fromBucket, t.fromKey],
    );
    return found.rows;
  });
  if (!rows[0]?.version) throw errors.noSuchKey();
  return { ...rows[0], version: rows[0].version };
}

export async function moveObject(ctx: StorageContext, req: ApiRequest, caller: CallerContext): Promise<ApiResponse> {
  const t = await transferOf(req);
  await findBucketAsSuperuser(ctx.app, t.toBucket);
  if (t.fromBucket === t.toBucket && t.fromKey === t.toKey) {
    await sourceVersion(ctx, caller, t);
    return { status: 200, body: { message: 'Successfully moved' } };
  }
  const version = randomUUID();
  const keys: Array<[string, string]> = [
    [t.fromBucket, t.fromKey],
    [t.toBucket, t.toKey],
  ];
  await ctx.files.withKeys(keys, async () => {
    const source = await sourceVersion(ctx, caller, t);
    // The bytes are copied under a new version before the row moves to them; the source's
    // bytes go only after the row has moved.
    const moved = await commitVersion(
      ctx,
      { bucket: t.toBucket, key: t.toKey, version },
      () =>
        ctx.files.copyVersion(
          { bucket: t.fromBucket, key: t.fromKey, version: source.version },
          { bucket: t.toBucket, key: t.toKey, version },
        ),
      async () => {
        const updated = await runAsCaller(ctx.app, caller, (tx) =>
          tx.query(
            `update storage.objects set bucket_id = $3, name = $4, version = $6, updated_at = now()
              where bucket_id = $1 and name = $2 and version = $5`,
            [t.fromBucket, t.fromKey, t.toBucket, t.toKey, source.version, version],
          ),
        );
        if (updated.rowCount === 0) throw errors.noSuchKey();
      },
    );
    await dropRemoved(ctx, t.fromBucket, t.fromKey, source.version);
    return moved;
  });
  ctx.app.notifyWrite();
  return { status: 200, body: { message: 'Successfully moved' } };
}

export async function copyObject(ctx: StorageContext, req: ApiRequest, caller: CallerContext): Promise<ApiResponse> {
  const t = await transferOf(req);
  await findBucketAsSuperuser(ctx.app, t.toBucket);
  const version = randomUUID();
  const id = randomUUID();
  const keys: Array<[string, string]> = [
    [t.fromBucket, t.fromKey],
    [t.toBucket, t.toKey],
  ];
  await ctx.files.withKeys(keys, async () => {
    const source = await sourceVersion(ctx, caller, t);
    await commitVersion(
      ctx,
      { bucket: t.toBucket, key: t.toKey, version },
      () =>
        ctx.files.copyVersion(
          { bucket: t.fromBucket, key: t.fromKey, version: source.version },
          { bucket: t.toBucket, key: t.toKey, version },
        ),
      () =>
        runAsCaller(ctx.app, caller, (tx) =>
          tx.query(INSERT_OBJECT, [
            id,
            t.toBucket,
            t.toKey,
            ownerOf(caller),
            typeof caller.claims.sub === 'string' ? caller.claims.sub : null,
            JSON.stringify(source.metadata),
            source.user_metadata === null ? null : JSON.stringify(source.user_metadata),
            version,
          ]),
        ),
    );
  });
  ctx.app.notifyWrite();
  return { status: 200, body: { Id: id, Key: `${t.toBucket}/${t.toKey}` } };
}
