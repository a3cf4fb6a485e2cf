/**
 * `/storage/v1`: storage-api's HTTP routes as storage-js (supabase-js v2) calls them. This file
 * only routes; the work is in storage/: buckets.ts (bucket management), write.ts (upload, remove,
 * move, copy), read.ts (download, info, signed URLs, list), list-v2.ts (cursor listing),
 * render.ts (image transformations), signed-upload.ts (signed upload URLs), incoming.ts (reading
 * uploads), content-type.ts (the bytes' type against the bucket's), files.ts (bytes on disk, key
 * checks), integrity.ts (the start-up check of bytes against rows), context.ts (caller and SQL as
 * the caller), errors.ts (storage-api's error shape). An apikey is required except for public
 * downloads and signed URLs, whose token is the credential.
 *
 * Every answer, object or error, carries `X-Content-Type-Options: nosniff` and a CSP that runs
 * nothing and sandboxes the document: an object opened in a tab (an HTML file, an SVG in a bucket
 * that takes any type) is inert on the storage origin, and a browser never guesses a type.
 */
import { HttpError, type ApiHandler, type ApiRequest, type ApiResponse, type App } from './app.ts';
import * as buckets from './storage/buckets.ts';
import { callerOf, findBucketAsSuperuser, type StorageContext } from './storage/context.ts';
import { errors } from './storage/errors.ts';
import { checkBucketName, ObjectFiles } from './storage/files.ts';
import { repairStorage, type StorageRepair } from './storage/integrity.ts';
import { listObjectsV2 } from './storage/list-v2.ts';
import * as read from './storage/read.ts';
import { renderImage, transformFromQuery, transformFromString, type Transform } from './storage/render.ts';
import * as signedUpload from './storage/signed-upload.ts';
import * as write from './storage/write.ts';

/** The path's segments, percent-decoded; a malformed escape is an invalid key. */
function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw errors.invalidKey(segment);
      }
    });
}

/** `bucket` and the object key (the rest of the path, joined back with slashes). */
function bucketAndKey(parts: string[]): [string, string] {
  if (parts.length < 2 || !parts[0]) throw errors.invalidRequest('Missing bucket or object name');
  return [parts[0], parts.slice(1).join('/')];
}

/** The headers every storage answer carries (see above). */
export const STORAGE_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

async function render(ctx: StorageContext, req: ApiRequest, row: read.ObjectRow, transform: Transform) {
  if (!row.version) throw errors.noSuchKey();
  const file = await ctx.files.versionFile(row.bucket_id, row.name, row.version);
  return renderImage(req, { file, name: row.name, metadata: row.metadata, updatedAt: row.updated_at }, transform);
}

/** `/render/image/{public|authenticated|sign}/{bucket}/{key}`: an image object, transformed. */
async function routeRender(ctx: StorageContext, req: ApiRequest, method: string, parts: string[]) {
  const [kind, ...tail] = parts;
  if (method !== 'GET' && method !== 'HEAD') throw errors.notFoundRoute(method, req.path);
  if (kind === 'public') {
    const [bucketId, key] = bucketAndKey(tail);
    const bucket = await findBucketAsSuperuser(ctx.app, bucketId);
    if (!bucket.public) throw errors.noSuchBucket();
    return render(
      ctx,
      req,
      await read.findObjectAsSuperuser(ctx, bucketId, key),
      transformFromQuery(req.url.searchParams),
    );
  }
  if (kind === 'sign') {
    const [bucketId, key] = bucketAndKey(tail);
    const claims = await read.verifySignedUrl(ctx, req, bucketId, key);
    const transform = transformFromString(typeof claims.transformations === 'string' ? claims.transformations : '');
    return render(ctx, req, await read.findObjectAsSuperuser(ctx, bucketId, key), transform);
  }
  if (kind === 'authenticated') {
    const caller = await callerOf(ctx.app, req);
    const row = await read.findObjectAsCaller(ctx, caller, ...bucketAndKey(tail));
    return render(ctx, req, row, transformFromQuery(req.url.searchParams));
  }
  throw errors.notFoundRoute(method, req.path);
}

/** Object info as storage-api gives it: a public bucket's objects as the superuser, others as the caller. */
async function info(ctx: StorageContext, req: ApiRequest, tail: string[]) {
  const isPublicRoute = tail[0] === 'public';
  const [bucketId, key] = bucketAndKey(tail[0] === 'authenticated' || isPublicRoute ? tail.slice(1) : tail);
  checkBucketName(bucketId);
  const caller = isPublicRoute ? null : await callerOf(ctx.app, req);
  const bucket = await findBucketAsSuperuser(ctx.app, bucketId);
  if (bucket.public) return read.objectInfo(await read.findObjectAsSuperuser(ctx, bucketId, key));
  if (!caller) throw errors.noSuchBucket();
  return read.objectInfo(await read.findObjectAsCaller(ctx, caller, bucketId, key));
}

async function route(ctx: StorageContext, req: ApiRequest): Promise<ApiResponse> {
  const { app } = ctx;
  const method = req.method === 'HEAD' ? 'HEAD' : req.method;
  const parts = segmentsOf(req.path);
  const [area, ...rest] = parts;
  if (area === 'render' && rest[0] === 'image') return routeRender(ctx, req, method, rest.slice(1));

  if (area === 'bucket') {
    const caller = await callerOf(app, req);
    const [id, action, ...extra] = rest;
    if (extra.length === 0) {
      if (id === undefined || id === '') {
        if (method === 'GET') return buckets.listBuckets(ctx, req, caller);
        if (method === 'POST') return buckets.createBucket(ctx, req, caller);
      } else if (action === undefined) {
        if (method === 'GET') return buckets.getBucket(ctx, caller, id);
        if (method === 'PUT') return buckets.updateBucket(ctx, req, caller, id);
        if (method === 'DELETE') return buckets.deleteBucket(ctx, caller, id);
      } else if (action === 'empty' && method === 'POST') {
        return buckets.emptyBucket(ctx, caller, id);
      }
    }
  }

  if (area === 'object' && rest.length > 0) {
    const [kind, ...tail] = rest;
    // Routes that need no apikey: public buckets and signed URLs.
    if (kind === 'public' && (method === 'GET' || method === 'HEAD')) {
      return read.downloadPublic(ctx, req, ...bucketAndKey(tail));
    }
    if (kind === 'sign' && (method === 'GET' || method === 'HEAD') && tail.length >= 2) {
      return read.downloadSigned(ctx, req, ...bucketAndKey(tail));
    }
    if (kind === 'upload' && tail[0] === 'sign' && method === 'PUT' && tail.length >= 3) {
      return signedUpload.uploadToSignedUrl(ctx, req, ...bucketAndKey(tail.slice(1)));
    }
    if (kind === 'info' && method === 'GET') return info(ctx, req, tail);
    const caller = await callerOf(app, req);
    if (kind === 'list' && method === 'POST' && tail.length === 1) return read.listObjects(ctx, req, caller, tail[0]);
    if (kind === 'list-v2' && method === 'POST' && tail.length === 1) return listObjectsV2(ctx, req, caller, tail[0]);
    if (kind === 'move' && method === 'POST' && tail.length === 0) return write.moveObject(ctx, req, caller);
    if (kind === 'copy' && method === 'POST' && tail.length === 0) return write.copyObject(ctx, req, caller);
    if (kind === 'upload' && tail[0] === 'sign' && method === 'POST' && tail.length >= 3) {
      return signedUpload.createSignedUploadUrl(ctx, req, caller, ...bucketAndKey(tail.slice(1)));
    }
    if (kind === 'sign' && method === 'POST') {
      if (tail.length === 1) return read.createSignedUrls(ctx, req, caller, tail[0]);
      return read.createSignedUrl(ctx, req, caller, ...bucketAndKey(tail));
    }
    if (kind === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
      return read.downloadAsCaller(ctx, req, caller, ...bucketAndKey(tail));
    }
    if (method === 'DELETE' && tail.length === 0) return write.removeObjects(ctx, req, caller, kind);
    if (tail.length > 0) {
      const [bucket, key] = bucketAndKey(rest);
      if (method === 'GET' || method === 'HEAD') return read.downloadAsCaller(ctx, req, caller, bucket, key);
      if (method === 'POST' || method === 'PUT') return write.uploadObject(ctx, req, caller, bucket, key);
      if (method === 'DELETE') return write.deleteObject(ctx, caller, bucket, key);
    }
  }
  throw errors.notFoundRoute(method, req.path);
}

export interface StorageApi extends ApiHandler {
  /** The start-up check of stored bytes against object rows (storage/integrity.ts). */
  repair(): Promise<StorageRepair>;
}

export function storageApi(app: App): StorageApi {
  const ctx: StorageContext = { app, files: new ObjectFiles(app) };
  const handler = async (req: ApiRequest): Promise<ApiResponse> => {
    try {
      const reply = await route(ctx, req);
      return { ...reply, headers: { ...reply.headers, ...STORAGE_SECURITY_HEADERS } };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new HttpError(error.status, error.body, { ...error.headers, ...STORAGE_SECURITY_HEADERS });
    }
  };
  return Object.assign(handler, { repair: () => repairStorage(app, ctx.files) });
}
