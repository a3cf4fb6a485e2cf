/**
 * Storage errors in storage-api's shape. storage-api renders every error as
 * `{statusCode: '<logical status>', code, error, message}` and answers HTTP 400 for most of them;
 * storage-js shows `statusCode` and `message` from that body. Too large (413) and an unsupported
 * type (415) are answered with their own HTTP status as well, so that a browser or proxy in
 * between sees what went wrong without reading the body, and so is a full disk (507 Insufficient
 * Storage: the upload was fine, the server has no room for it). Database
 * errors raised while running as the caller are mapped as storage-api maps them (an RLS refusal
 * becomes a 403 `Unauthorized`, a unique violation a 409 `Duplicate`).
 */
import { HttpError } from '../app.ts';
import { isPgError } from '../db.ts';

export function storageError(statusCode: number, code: string, message: string, error: string = code): HttpError {
  const http = [413, 415, 507].includes(statusCode) ? statusCode : statusCode >= 500 ? 500 : 400;
  return new HttpError(http, { statusCode: String(statusCode), code, error, message });
}

export const errors = {
  noSuchBucket: () => storageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => storageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  accessDenied: (message: string) => storageError(403, 'AccessDenied', message || 'Access denied', 'Unauthorized'),
  keyExists: () => storageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketExists: () => storageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => storageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidKey: (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${key.slice(0, 200)}`),
  invalidBucketName: () => storageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  invalidRequest: (message: string) => storageError(400, 'InvalidRequest', message),
  invalidJwt: (message: string) => storageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  invalidSignature: () => storageError(400, 'InvalidSignature', 'Invalid signature'),
  tooLarge: () =>
    storageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMime: (mime: string) =>
    storageError(415, 'InvalidMimeType', `mime type ${mime} is not supported`, 'invalid_mime_type'),
  contentMismatch: (detail: string) => storageError(415, 'InvalidMimeType', detail, 'invalid_mime_type'),
  noContent: () => storageError(400, 'InvalidRequest', 'No content provided'),
  insufficientStorage: () =>
    storageError(
      507,
      'InsufficientStorage',
      'The server has no disk space left to store this object; nothing was stored',
      'Insufficient Storage',
    ),
  notFoundRoute: (method: string, path: string) =>
    new HttpError(404, {
      statusCode: '404',
      error: 'Not Found',
      message: `Route ${method}:${path.slice(0, 200)} not found`,
    }),
};

/** Maps a database error raised as the caller to storage-api's reply; other errors pass through. */
export function mapDbError(error: unknown): unknown {
  if (!isPgError(error)) return error;
  if (error.code === '42501') {
    const message = error.message.startsWith('new row violates row-level security policy')
      ? 'new row violates row-level security policy'
      : error.message;
    return errors.accessDenied(message);
  }
  if (error.code === '23505') return errors.keyExists();
  // PostgreSQL's disk_full: the row could not be written for want of room, as a full disk for bytes.
  if (error.code === '53100') return errors.insufficientStorage();
  if (error.code === '23503') return errors.invalidRequest('The related resource does not exist');
  if (/^(22|23)/.test(error.code)) return errors.invalidRequest(error.message);
  return error;
}
