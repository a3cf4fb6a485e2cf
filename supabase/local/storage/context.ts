/**
 * What every storage route shares: who the caller is (Kong's apikey check, then storage-api's JWT
 * check with its error shape), running SQL as the caller with database errors mapped to
 * storage-api's replies, and reading a JSON body.
 */
import {
  apiKeyFailure,
  BANNED_MESSAGE,
  HttpError,
  readJson,
  resolveCaller,
  type ApiRequest,
  type App,
} from '../app.ts';
import { asCaller, type CallerContext, type Queryable } from '../db.ts';
import { errors, mapDbError } from './errors.ts';
import type { ObjectFiles } from './files.ts';

/** Largest upload storage accepts whatever the bucket says (the hosted free plan's 50 MB). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface StorageContext {
  app: App;
  files: ObjectFiles;
}

const JWT_MESSAGES: Record<string, string> = {
  expired: 'jwt expired',
  signature: 'invalid signature',
  malformed: 'jwt malformed',
  bad_role: 'invalid role',
  banned: BANNED_MESSAGE,
};

export async function callerOf(app: App, req: ApiRequest): Promise<CallerContext> {
  const result = await resolveCaller(app, req);
  if (result.ok) return result.caller;
  const kong = apiKeyFailure(result.failure);
  if (kong) throw new HttpError(kong.status, kong.body);
  throw errors.accessDenied(JWT_MESSAGES[result.failure] ?? 'invalid JWT');
}

/** The caller's user id when it is a uuid (what storage-api records as `owner`). */
export function ownerOf(caller: CallerContext): string | null {
  const sub = caller.claims.sub;
  return typeof sub === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
    ? sub
    : null;
}

export async function runAsCaller<T>(app: App, caller: CallerContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await asCaller(app.db, caller, fn);
  } catch (error) {
    throw mapDbError(error);
  }
}

export async function jsonBody(req: ApiRequest): Promise<Record<string, unknown>> {
  const body = await readJson(req, (reason) => errors.invalidRequest(reason ?? 'Body is not valid JSON'));
  if (body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw errors.invalidRequest('body must be object');
  return body as Record<string, unknown>;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export const BUCKET_COLUMNS =
  'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at';

/** The bucket as storage-api's superuser lookup sees it (uploads and public reads do this). */
export async function findBucketAsSuperuser(app: App, id: string): Promise<BucketRow> {
  const { rows } = await app.db.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
  if (!rows[0]) throw errors.noSuchBucket();
  return rows[0];
}
