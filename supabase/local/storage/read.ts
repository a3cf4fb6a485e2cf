/**
 * Object reads of storage-api: download (as the caller under RLS, from a public bucket without a
 * key, or with a signed URL's token), object info, signed URLs and listing a folder. Downloads carry
 * the content type, cache control, eTag, length and last-modified recorded at upload.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ApiRequest, ApiResponse } from '../app.ts';
import type { CallerContext } from '../db.ts';
import { findBucketAsSuperuser, jsonBody, runAsCaller, type StorageContext } from './context.ts';
import { errors } from './errors.ts';
import { checkBucketName, checkKey } from './files.ts';
import { transformFromBody, transformToString, type Transform } from './render.ts';

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

export async function findObjectAsCaller(
  ctx: StorageContext,
  caller: CallerContext,
  bucketId: string,
  key: string,
): Promise<ObjectRow> {
  checkBucketName(bucketId);
  checkKey(key);
  const rows = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (
        await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
          bucketId,
          key,
        ])
      ).rows,
  );
  if (!rows[0]) throw errors.noSuchKey();
  return rows[0];
}

export async function findObjectAsSuperuser(ctx: StorageContext, bucketId: string, key: string): Promise<ObjectRow> {
  checkKey(key);
  const { rows } = await ctx.app.db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    [bucketId, key],
  );
  if (!rows[0]) throw errors.noSuchKey();
  return rows[0];
}

/** The object's bytes with the headers storage-api sends (HEAD: headers only). */
export async function serveObject(ctx: StorageContext, req: ApiRequest, row: ObjectRow): Promise<ApiResponse> {
  if (!row.version) throw errors.noSuchKey();
  const file = await ctx.files.versionFile(row.bucket_id, row.name, row.version);
  const info = await stat(file).catch(() => null);
  if (!info) throw errors.noSuchKey();
  const meta = row.metadata ?? {};
  const headers: Record<string, string> = {
    'content-type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'content-length': String(info.size),
    'last-modified': new Date(typeof meta.lastModified === 'string' ? meta.lastModified : row.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
  };
  if (typeof meta.eTag === 'string') headers.etag = meta.eTag;
  const download = req.url.searchParams.get('download');
  if (download !== null) {
    const filename = download || row.name.split('/').pop() || 'download';
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
  }
  if (headers.etag && req.header('if-none-match') === headers.etag) {
    delete headers['content-length'];
    return { status: 304, headers };
  }
  if (req.method === 'HEAD') return { status: 200, headers };
  return { status: 200, headers, stream: createReadStream(file) };
}

export async function downloadAsCaller(
  ctx: StorageContext,
  req: ApiRequest,
  caller: CallerContext,
  bucketId: string,
  key: string,
) {
  return serveObject(ctx, req, await findObjectAsCaller(ctx, caller, bucketId, key));
}

export async function downloadPublic(ctx: StorageContext, req: ApiRequest, bucketId: string, key: string) {
  checkBucketName(bucketId);
  const bucket = await findBucketAsSuperuser(ctx.app, bucketId);
  if (!bucket.public) throw errors.noSuchBucket();
  return serveObject(ctx, req, await findObjectAsSuperuser(ctx, bucketId, key));
}

export async function objectInfo(row: ObjectRow): Promise<ApiResponse> {
  const meta = row.metadata ?? {};
  return {
    status: 200,
    body: {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      // storage-api shows `{}` for an object uploaded without custom metadata.
      metadata: row.user_metadata ?? {},
      last_modified: meta.lastModified ?? row.updated_at,
      created_at: row.created_at,
    },
  };
}

function expiresInOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw errors.invalidRequest('body/expiresIn must be an integer of at least 1');
  }
  return value;
}

/** A signed URL's path; with transformations the token carries them and the URL renders the image. */
async function signedPath(
  ctx: StorageContext,
  bucketId: string,
  key: string,
  expiresIn: number,
  transform: Transform | null = null,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const transformations = transform ? { transformations: transformToString(transform) } : {};
  const token = await ctx.app.jwt.sign({
    url: `${bucketId}/${key}`,
    ...transformations,
    iat: now,
    exp: now + expiresIn,
  });
  return `/${transform ? 'render/image' : 'object'}/sign/${bucketId}/${key}?token=${token}`;
}

export async function createSignedUrl(
  ctx: StorageContext,
  req: ApiRequest,
  caller: CallerContext,
  bucketId: string,
  key: string,
) {
  const body = await jsonBody(req);
  const expiresIn = expiresInOf(body.expiresIn);
  const transform = transformFromBody(body.transform);
  await findObjectAsCaller(ctx, caller, bucketId, key);
  return { status: 200, body: { signedURL: await signedPath(ctx, bucketId, key, expiresIn, transform) } };
}

export async function createSignedUrls(ctx: StorageContext, req: ApiRequest, caller: CallerContext, bucketId: string) {
  const body = await jsonBody(req);
  const expiresIn = expiresInOf(body.expiresIn);
  const paths = body.paths;
  if (
    !Array.isArray(paths) ||
    paths.length === 0 ||
    paths.length > 1000 ||
    !paths.every((p) => typeof p === 'string')
  ) {
    throw errors.invalidRequest('body/paths must be an array of 1 to 1000 strings');
  }
  checkBucketName(bucketId);
  const visible = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (
        await tx.query<{ name: string }>(
          'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
          [bucketId, paths],
        )
      ).rows,
  );
  const names = new Set(visible.map((row) => row.name));
  const result = [];
  for (const path of paths as string[]) {
    result.push(
      names.has(path)
        ? { error: null, path, signedURL: await signedPath(ctx, bucketId, path, expiresIn) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    );
  }
  return { status: 200, body: result };
}

/** The claims of a signed URL's token for this object (its `transformations`, if any). */
export async function verifySignedUrl(ctx: StorageContext, req: ApiRequest, bucketId: string, key: string) {
  const token = req.url.searchParams.get('token');
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
  const verified = await ctx.app.jwt.verify(token);
  if (!verified.ok)
    throw errors.invalidJwt(
      verified.reason === 'expired'
        ? 'jwt expired'
        : verified.reason === 'signature'
          ? 'invalid signature'
          : 'jwt malformed',
    );
  if (verified.claims.url !== `${bucketId}/${key}`) throw errors.invalidSignature();
  checkBucketName(bucketId);
  return verified.claims;
}

export async function downloadSigned(ctx: StorageContext, req: ApiRequest, bucketId: string, key: string) {
  await verifySignedUrl(ctx, req, bucketId, key);
  return serveObject(ctx, req, await findObjectAsSuperuser(ctx, bucketId, key));
}

const SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'last_accessed_at'] as const;
type SortColumn = (typeof SORT_COLUMNS)[number];

interface Listed {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

function compareBy(column: SortColumn, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return (a: Listed, b: Listed): number => {
    const x = a[column];
    const y = b[column];
    if (x === y) return 0;
    // PostgreSQL's default: nulls last ascending, first descending.
    if (x === null) return 1 * sign;
    if (y === null) return -1 * sign;
    if (column === 'name') return Buffer.compare(Buffer.from(x), Buffer.from(y)) * sign;
    return (new Date(x).getTime() - new Date(y).getTime()) * sign;
  };
}

/** storage.search: the folders then the files one level below `prefix`, under RLS select. */
export async function listObjects(ctx: StorageContext, req: ApiRequest, caller: CallerContext, bucketId: string) {
  const body = await jsonBody(req);
  const { prefix, limit = 100, offset = 0, search = '' } = body;
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = (sortBy.column ?? 'name') as SortColumn;
  const order = String(sortBy.order ?? 'asc').toLowerCase();
  if (typeof prefix !== 'string') throw errors.invalidRequest("body must have required property 'prefix'");
  if (
    typeof search !== 'string' ||
    typeof sortBy !== 'object' ||
    !SORT_COLUMNS.includes(column) ||
    (order !== 'asc' && order !== 'desc')
  ) {
    throw errors.invalidRequest('Invalid search or sort options');
  }
  if (!Number.isInteger(limit) || (limit as number) < 0 || !Number.isInteger(offset) || (offset as number) < 0) {
    throw errors.invalidRequest('limit and offset must be non-negative integers');
  }
  checkBucketName(bucketId);
  const folder = prefix.length > 0 && !prefix.endsWith('/') ? `${prefix}/` : prefix;
  const start = (folder + search).toLowerCase();
  const rows = await runAsCaller(
    ctx.app,
    caller,
    async (tx) =>
      (
        await tx.query<Omit<ObjectRow, 'bucket_id' | 'version' | 'user_metadata'>>(
          `select id, name, metadata, created_at, updated_at, last_accessed_at from storage.objects
          where bucket_id = $1 and lower(left(name, length($2))) = $2`,
          [bucketId, start],
        )
      ).rows,
  );
  const folders = new Map<string, Listed>();
  const files: Listed[] = [];
  for (const row of rows) {
    const rest = row.name.slice(folder.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const name = rest.slice(0, slash);
      folders.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    } else {
      files.push({
        name: rest,
        id: row.id,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      });
    }
  }
  const listed = [
    ...[...folders.values()].sort(compareBy('name', order)),
    ...files.sort(compareBy(column, order)),
  ].slice(offset as number, (offset as number) + (limit as number));
  return { status: 200, body: listed };
}
