/**
 * `/storage/v1`: storage-api's HTTP routes as storage-js (supabase-js v2) calls them. This file
 * only routes; the work is in storage/: buckets.ts (bucket management), write.ts (upload, remove,
 * move, copy), read.ts (download, info, signed URLs, list), signed-upload.ts (signed upload URLs),
 * incoming.ts (reading uploads), files.ts (bytes on disk, key checks), context.ts (caller and SQL
 * as the caller), errors.ts (storage-api's error shape). An apikey is required except for public
 * downloads and signed URLs, whose token is the credential.
 */
import type { ApiHandler, ApiRequest, ApiResponse, App } from './app.ts';
import * as buckets from './storage/buckets.ts';
import { callerOf, type StorageContext } from './storage/context.ts';
import { errors } from './storage/errors.ts';
import { ObjectFiles } from './storage/files.ts';
import * as read from './storage/read.ts';
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

async function route(ctx: StorageContext, req: ApiRequest): Promise<ApiResponse> {
  const { app } = ctx;
  const method = req.method === 'HEAD' ? 'HEAD' : req.method;
  const parts = segmentsOf(req.path);
  const [area, ...rest] = parts;

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
    const caller = await callerOf(app, req);
    if (kind === 'list' && method === 'POST' && tail.length === 1) return read.listObjects(ctx, req, caller, tail[0]);
    if (kind === 'move' && method === 'POST' && tail.length === 0) return write.moveObject(ctx, req, caller);
    if (kind === 'copy' && method === 'POST' && tail.length === 0) return write.copyObject(ctx, req, caller);
    if (kind === 'upload' && tail[0] === 'sign' && method === 'POST' && tail.length >= 3) {
      return signedUpload.createSignedUploadUrl(ctx, req, caller, ...bucketAndKey(tail.slice(1)));
    }
    if (kind === 'sign' && method === 'POST') {
      if (tail.length === 1) return read.createSignedUrls(ctx, req, caller, tail[0]);
      return read.createSignedUrl(ctx, req, caller, ...bucketAndKey(tail));
    }
    if (kind === 'info' && method === 'GET') {
      const target = tail[0] === 'authenticated' || tail[0] === 'public' ? tail.slice(1) : tail;
      return read.objectInfo(await read.findObjectAsCaller(ctx, caller, ...bucketAndKey(target)));
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

export function storageApi(app: App): ApiHandler {
  const ctx: StorageContext = { app, files: new ObjectFiles(app) };
  return (req) => route(ctx, req);
}
