/**
 * Reads an upload's bytes as storage-api does: a multipart/form-data body (the first file part,
 * whatever its field name, with the `cacheControl`, `contentType` and `metadata` fields
 * storage-js sends) or a raw body (content type from the header, cache control from
 * `cache-control`, user metadata from base64 `x-metadata`). The bytes stream to a temporary file
 * with their size and MD5 (the eTag) worked out on the way; more than `limit` bytes is a 413.
 */
import busboy from 'busboy';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { ApiRequest } from '../app.ts';
import { errors } from './errors.ts';
import { removeQuietly } from './files.ts';

export interface IncomingFile {
  temp: string;
  size: number;
  md5: string;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

interface Written {
  size: number;
  md5: string;
  truncated: boolean;
}

/** Streams `source` into `temp`, counting bytes; past `limit` it keeps draining but stops writing. */
function writeLimited(source: Readable, temp: string, limit: number): Promise<Written> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(temp);
    const hash = createHash('md5');
    let size = 0;
    let truncated = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      out.destroy();
      reject(error);
    };
    out.on('error', fail);
    source.on('error', () => fail(errors.invalidRequest('The upload was interrupted')));
    source.on('data', (chunk: Buffer) => {
      if (truncated) return;
      if (size + chunk.length > limit) {
        truncated = true;
        return;
      }
      size += chunk.length;
      hash.update(chunk);
      if (!out.write(chunk)) {
        source.pause();
        out.once('drain', () => source.resume());
      }
    });
    source.on('end', () => {
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve({ size, md5: hash.digest('hex'), truncated });
      });
    });
  });
}

function parseMetadata(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
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
  const written = await writeLimited(req.raw, temp, limit);
  if (written.truncated) throw errors.tooLarge();
  let userMetadata: Record<string, unknown> | null = null;
  const encoded = req.header('x-metadata');
  if (encoded) userMetadata = parseMetadata(Buffer.from(encoded, 'base64').toString('utf8'));
  return {
    temp,
    size: written.size,
    md5: written.md5,
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
        resolve({
          temp,
          size: written.size,
          md5: written.md5,
          mimeType: fields.contentType || written.mimeType || 'application/octet-stream',
          cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
          userMetadata: parseMetadata(fields.metadata ?? fields.userMetadata),
        });
      }, fail);
    });
    req.raw.on('error', () => fail(errors.invalidRequest('The upload was interrupted')));
    req.raw.pipe(parser);
  });
}

/** storage-api's check: `type/subtype` must match an allowed type exactly or `type/*`. */
export function mimeAllowed(mimeType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const essence = mimeType.split(';')[0].trim().toLowerCase();
  const [type, sub] = essence.split('/');
  if (!type || !sub) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSub] = entry.trim().toLowerCase().split('/');
    return allowedType === type && (allowedSub === '*' || allowedSub === sub);
  });
}
