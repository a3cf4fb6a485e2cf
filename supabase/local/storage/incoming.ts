/**
 * Reads an upload's bytes as storage-api does: a multipart/form-data body (the first file part,
 * whatever its field name, with the `cacheControl`, `contentType` and `metadata` fields
 * storage-js sends) or a raw body (content type from the header, cache control from
 * `cache-control`, user metadata from base64 `x-metadata`). The bytes stream to a temporary file,
 * fsynced once complete, with their size, MD5 (the eTag) and first bytes (to tell the content's
 * type by) worked out on the way; more than `limit` bytes is a 413, a full disk a 507.
 */
import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ApiRequest } from '../app.ts';
import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../json-depth.ts';
import { errors } from './errors.ts';
import { isDiskFull, removeQuietly } from './files.ts';

/** Bytes kept from the start of an upload to tell its type by (file-type's detection size). */
const HEAD_BYTES = 4100;
/** storage-api's limit on custom metadata. */
const MAX_USER_METADATA_BYTES = 1024 * 1024;

export interface IncomingFile {
  temp: string;
  size: number;
  md5: string;
  /** The first bytes, to check the content against the declared type. */
  head: Buffer;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

interface Written {
  size: number;
  md5: string;
  head: Buffer;
  truncated: boolean;
}

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
}

/**
 * Streams `source` into `temp` (created new, fsynced at the end), counting bytes and keeping the
 * first ones; past `limit` it stops writing. A failed write (a full disk) also stops writing, but
 * the rest of the body is still read before the promise settles, so the client is sent the answer
 * instead of a reset connection.
 */
function writeLimited(source: Readable, temp: string, limit: number): Promise<Written> {
  return new Promise((resolve, reject) => {
    const hash = createHash('md5');
    const headChunks: Buffer[] = [];
    let headSize = 0;
    let size = 0;
    let truncated = false;
    let failure: unknown = null;
    let handle: FileHandle | null = null;
    let queue: Promise<void> = open(temp, 'wx').then(
      (opened) => {
        handle = opened;
      },
      (error: unknown) => {
        failure = error;
      },
    );
    source.on('data', (chunk: Buffer) => {
      if (truncated || failure) return;
      if (size + chunk.length > limit) {
        truncated = true;
        return;
      }
      size += chunk.length;
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        headChunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      source.pause();
      queue = queue
        .then(() => (failure || !handle ? undefined : writeAll(handle, chunk)))
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => source.resume());
    });
    let ended = false;
    const finish = (interrupted: boolean) => {
      if (ended) return;
      ended = true;
      void queue
        .then(async () => {
          if (!failure && !truncated && !interrupted && handle) await handle.sync();
        })
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => (handle as FileHandle | null)?.close().catch(() => {}))
        .then(() => {
          if (interrupted) reject(errors.invalidRequest('The upload was interrupted'));
          else if (failure) reject(isDiskFull(failure) ? errors.insufficientStorage() : failure);
          else resolve({ size, md5: hash.digest('hex'), head: Buffer.concat(headChunks), truncated });
        });
    };
    source.on('end', () => finish(false));
    source.on('error', () => finish(true));
  });
}

function parseMetadata(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  if (Buffer.byteLength(text) > MAX_USER_METADATA_BYTES) throw errors.tooLarge();
  // Parsed fine but then stored through JSON.stringify and jsonb, which overflow far down.
  if (jsonTooDeep(text)) throw errors.invalidRequest(`metadata: ${TOO_DEEP_MESSAGE}`);
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function readIncoming(req: ApiRequest, temp: string, limit: number): Promise<IncomingFile> {
  const contentType = req.header('content-type') ?? '';
  try {
    const file = /^multipart\/form-data/i.test(contentType)
      ? await readMultipart(req, temp, limit)
      : await readRaw(req, temp, limit);
    return file;
  } catch (error) {
    await removeQuietly(temp);
    throw error;
  }
}

async function readRaw(req: ApiRequest, temp: string, limit: number): Promise<IncomingFile> {
  const declared = Number(req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    req.raw.resume();
    throw errors.tooLarge();
  }
  const encoded = req.header('x-metadata');
  let userMetadata: Record<string, unknown> | null;
  try {
    userMetadata = encoded ? parseMetadata(Buffer.from(encoded, 'base64').toString('utf8')) : null;
  } catch (error) {
    req.raw.resume();
    throw error;
  }
  const written = await writeLimited(req.raw, temp, limit);
  if (written.truncated) throw errors.tooLarge();
  return {
    temp,
    size: written.size,
    md5: written.md5,
    head: written.head,
    mimeType: req.header('content-type') || 'application/octet-stream',
    cacheControl: req.header('cache-control') ?? 'no-cache',
    userMetadata,
  };
}

function readMultipart(req: ApiRequest, temp: string, limit: number): Promise<IncomingFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: limit + 1, files: 1, fields: 20, parts: 30, fieldSize: 1024 * 1024 },
      });
    } catch {
      req.raw.resume();
      reject(errors.noContent());
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<Written & { mimeType: string }> | null = null;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      req.raw.unpipe(parser);
      req.raw.resume();
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (file) {
        stream.resume();
        return;
      }
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
      });
      file = writeLimited(stream, temp, limit).then((written) => ({
        ...written,
        truncated: written.truncated || truncated,
        mimeType: info.mimeType,
      }));
      file.catch(fail);
    });
    parser.on('error', () => fail(errors.noContent()));
    parser.on('close', () => {
      if (failed) return;
      if (!file) {
        fail(errors.noContent());
        return;
      }
      file.then((written) => {
        if (failed) return;
        if (written.truncated) {
          fail(errors.tooLarge());
          return;
        }
        let userMetadata: Record<string, unknown> | null;
        try {
          userMetadata = parseMetadata(fields.metadata ?? fields.userMetadata);
        } catch (error) {
          fail(error);
          return;
        }
        resolve({
          temp,
          size: written.size,
          md5: written.md5,
          head: written.head,
          mimeType: fields.contentType || written.mimeType || 'application/octet-stream',
          cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
          userMetadata,
        });
      }, fail);
    });
    req.raw.on('error', () => fail(errors.invalidRequest('The upload was interrupted')));
    req.raw.pipe(parser);
  });
}
