/**
 * Signed upload URLs of storage-api: `createSignedUploadUrl` checks, as the caller, that they may
 * create (or with `x-upsert`, overwrite) the object — the row is tried and rolled back — and hands
 * out a token valid two hours; `uploadToSignedUrl` then uploads with that token alone, the object
 * owned by whoever asked for the URL.
 */
import { randomUUID } from 'node:crypto';
import type { ApiRequest, ApiResponse } from '../app.ts';
import type { CallerContext } from '../db.ts';
import { findBucketAsSuperuser, ownerOf, runAsCaller, type StorageContext } from './context.ts';
import { errors } from './errors.ts';
import { checkKey } from './files.ts';
import { INSERT_OBJECT, UPSERT_OBJECT, uploadObject } from './write.ts';

const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;
const ROLLBACK = Symbol('rollback');

export async function createSignedUploadUrl(
  ctx: StorageContext,
  req: ApiRequest,
  caller: CallerContext,
  bucketId: string,
  key: string,
): Promise<ApiResponse> {
  checkKey(key);
  await findBucketAsSuperuser(ctx.app, bucketId);
  const upsert = req.header('x-upsert') === 'true';
  const owner = ownerOf(caller);
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  try {
    await runAsCaller(ctx.app, caller, async (tx) => {
      await tx.query(upsert ? UPSERT_OBJECT : INSERT_OBJECT, [
        randomUUID(),
        bucketId,
        key,
        owner,
        sub,
        '{}',
        null,
        randomUUID(),
      ]);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  const now = Math.floor(Date.now() / 1000);
  const token = await ctx.app.jwt.sign({
    owner: sub ?? undefined,
    url: `${bucketId}/${key}`,
    upsert,
    iat: now,
    exp: now + SIGNED_UPLOAD_SECONDS,
  });
  return { status: 200, body: { url: `/object/upload/sign/${bucketId}/${key}?token=${token}`, token } };
}

export async function uploadToSignedUrl(
  ctx: StorageContext,
  req: ApiRequest,
  bucketId: string,
  key: string,
): Promise<ApiResponse> {
  const token = req.url.searchParams.get('token');
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'");
  const verified = await ctx.app.jwt.verify(token);
  if (!verified.ok) {
    throw errors.invalidJwt(
      verified.reason === 'expired'
        ? 'jwt expired'
        : verified.reason === 'signature'
          ? 'invalid signature'
          : 'jwt malformed',
    );
  }
  if (verified.claims.url !== `${bucketId}/${key}`) throw errors.invalidSignature();
  const owner = typeof verified.claims.owner === 'string' ? verified.claims.owner : undefined;
  const caller: CallerContext = {
    role: 'service_role',
    claims: { role: 'service_role', ...(owner ? { sub: owner } : {}) },
    method: req.method,
    path: req.url.pathname,
    headers: {},
  };
  return uploadObject(ctx, req, caller, bucketId, key, { upsert: verified.claims.upsert === true });
}
