/**
 * /storage/v1 driven by the real supabase-js storage client (and plain fetch where the client
 * cannot say it): buckets, uploads (multipart and raw), limits, RLS on storage.objects, public and
 * signed downloads, list, remove, move/copy, and hostile paths that must never reach outside the
 * data folder.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';

let backend: TestBackend;
let service: SupabaseClient;
let alice: { client: SupabaseClient; userId: string };
let bob: { client: SupabaseClient; userId: string };

const text = (value: string, type = 'text/plain') => new Blob([value], { type });

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

function storageFetch(pathname: string, init: RequestInit & { key?: string | null } = {}) {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? backend.serviceRoleKey : init.key;
  if (key) {
    headers.set('apikey', key);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${key}`);
  }
  return fetch(`${backend.url}/storage/v1${pathname}`, { ...init, headers });
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
  alice = await backend.signUp();
  bob = await backend.signUp();
});

afterAll(async () => {
  await backend?.stop();
});

describe('buckets', () => {
  it('lets the service role create, read, list and update a bucket', async () => {
    const created = await service.storage.createBucket('photos', {
      public: false,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['image/*'],
    });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ name: 'photos' });
    const got = await service.storage.getBucket('photos');
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      id: 'photos',
      name: 'photos',
      public: false,
      file_size_limit: 1024,
      allowed_mime_types: ['image/*'],
    });
    const listed = await service.storage.listBuckets();
    expect(listed.data?.map((b) => b.id)).toEqual(expect.arrayContaining(['avatars', 'docs', 'photos']));
    const updated = await service.storage.updateBucket('photos', {
      public: true,
      fileSizeLimit: '2KB',
      allowedMimeTypes: ['image/png'],
    });
    expect(updated.error).toBeNull();
    expect((await service.storage.getBucket('photos')).data).toMatchObject({
      public: true,
      // storage-api's units are decimal.
      file_size_limit: 2000,
      allowed_mime_types: ['image/png'],
    });
  });

  it('refuses bucket management to anon and users (no policies on storage.buckets)', async () => {
    const anon = await backend.anon().storage.createBucket('anon-bucket');
    expect(anon.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const user = await alice.client.storage.createBucket('user-bucket', { public: true });
    expect(user.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    expect((await alice.client.storage.listBuckets()).data).toEqual([]);
    const hidden = await alice.client.storage.getBucket('docs');
    expect(hidden.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const { rows } = await backend.db.query(
      `select id from storage.buckets where id in ('anon-bucket', 'user-bucket')`,
    );
    expect(rows).toEqual([]);
  });

  it('answers a duplicate bucket with 409 Duplicate and an unknown one with 404', async () => {
    const dup = await service.storage.createBucket('docs');
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const missing = await service.storage.getBucket('no-such-bucket');
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('refuses bucket names that are not safe', async () => {
    for (const id of ['..', 'a/b', 'a\\b', ' lead', 'x'.repeat(101), 'nul\u0000']) {
      const res = await storageFetch('/bucket', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, name: id }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        statusCode: '400',
        error: 'Invalid Input',
        message: 'Bucket name invalid',
      });
    }
  });

  it('empties a bucket, refuses to delete a non-empty one and deletes an empty one', async () => {
    await service.storage.createBucket('scratch');
    await service.storage.from('scratch').upload('a/one.txt', text('1'));
    await service.storage.from('scratch').upload('two.txt', text('2'));
    const refused = await service.storage.deleteBucket('scratch');
    expect(refused.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect((await service.storage.emptyBucket('scratch')).data).toEqual({ message: 'Successfully emptied' });
    expect(await filesUnder(path.join(backend.dataDir, 'storage', 'scratch'))).toEqual([]);
    expect((await service.storage.deleteBucket('scratch')).data).toEqual({ message: 'Successfully deleted' });
    expect((await service.storage.getBucket('scratch')).error).toMatchObject({ statusCode: '404' });
  });
});

describe('uploads and downloads', () => {
  it('uploads a Blob as multipart and serves it back with its type, cache control and eTag', async () => {
    const up = await service.storage
      .from('docs')
      .upload('shared/hello.txt', text('hello world'), { cacheControl: '120' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: 'shared/hello.txt', fullPath: 'docs/shared/hello.txt' });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);
    const res = await storageFetch('/object/docs/shared/hello.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(res.headers.get('etag')).toBe('"5eb63bbbe01eeed093cb22bb8f5acdc3"');
    expect(res.headers.get('content-length')).toBe('11');
    expect(await res.text()).toBe('hello world');
    const dl = await service.storage.from('docs').download('shared/hello.txt');
    expect(await dl.data?.text()).toBe('hello world');
  });

  it('uploads a raw body with the content type and cache control of its headers', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const up = await service.storage
      .from('docs')
      .upload('shared/raw.png', bytes, { contentType: 'image/png', cacheControl: '60' });
    expect(up.error).toBeNull();
    const res = await storageFetch('/object/authenticated/docs/shared/raw.png');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const { rows } = await backend.db.query<{ metadata: Record<string, unknown> }>(
      `select metadata from storage.objects where bucket_id = 'docs' and name = 'shared/raw.png'`,
    );
    expect(rows[0].metadata).toMatchObject({
      size: 7,
      mimetype: 'image/png',
      cacheControl: 'max-age=60',
      contentLength: 7,
      httpStatusCode: 200,
    });
  });

  it('answers a second upload to the same path with 409 unless upsert is asked', async () => {
    const bucket = service.storage.from('docs');
    const first = await bucket.upload('shared/dup.txt', text('first'));
    const again = await bucket.upload('shared/dup.txt', text('second'));
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(await (await bucket.download('shared/dup.txt')).data?.text()).toBe('first');
    const upserted = await bucket.upload('shared/dup.txt', text('third'), { upsert: true });
    expect(upserted.error).toBeNull();
    expect(upserted.data?.id).toBe(first.data?.id);
    expect(await (await bucket.download('shared/dup.txt')).data?.text()).toBe('third');
    const updated = await bucket.update('shared/dup.txt', text('fourth'));
    expect(updated.error).toBeNull();
    expect(await (await bucket.download('shared/dup.txt')).data?.text()).toBe('fourth');
    // Only the current version stays on disk.
    expect(await filesUnder(path.join(backend.dataDir, 'storage', 'docs', 'shared', 'dup.txt'))).toHaveLength(1);
  });

  it('refuses an object over the bucket size limit with 413 and stores nothing', async () => {
    await service.storage.createBucket('small', { public: false, fileSizeLimit: 10 });
    const big = await service.storage.from('small').upload('big.txt', text('x'.repeat(11)));
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect((big.error as unknown as { status?: number }).status).toBe(413);
    const raw = await service.storage
      .from('small')
      .upload('big.bin', new Uint8Array(11), { contentType: 'application/octet-stream' });
    expect(raw.error).toMatchObject({ statusCode: '413' });
    const fits = await service.storage.from('small').upload('fits.txt', text('x'.repeat(10)));
    expect(fits.error).toBeNull();
    const { rows } = await backend.db.query(`select name from storage.objects where bucket_id = 'small'`);
    expect(rows).toEqual([{ name: 'fits.txt' }]);
    expect(await filesUnder(path.join(backend.dataDir, 'storage', '~tmp'))).toEqual([]);
  });

  it('refuses a type the bucket does not allow with 415 and accepts wildcard matches', async () => {
    await service.storage.createBucket('images', { public: false, allowedMimeTypes: ['image/*'] });
    const wrong = await service.storage.from('images').upload('note.txt', text('nope'));
    expect(wrong.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    expect((wrong.error as unknown as { status?: number }).status).toBe(415);
    const ok = await service.storage.from('images').upload('pic.png', new Blob([TINY_PNG], { type: 'image/png' }));
    expect(ok.error).toBeNull();
  });

  it('answers HEAD, info and exists, and 404 for an object that is not there', async () => {
    await service.storage.from('docs').upload('shared/info.txt', text('info!'), { metadata: { tag: 'x' } });
    const head = await storageFetch('/object/docs/shared/info.txt', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('5');
    const info = await service.storage.from('docs').info('shared/info.txt');
    expect(info.data).toMatchObject({
      name: 'shared/info.txt',
      size: 5,
      contentType: 'text/plain',
      metadata: { tag: 'x' },
    });
    expect((await service.storage.from('docs').exists('shared/info.txt')).data).toBe(true);
    expect((await service.storage.from('docs').exists('shared/nothing.txt')).data).toBe(false);
    const missing = await service.storage.from('docs').download('shared/nothing.txt');
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' });
  });

  it('refuses a multipart body without a file', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600');
    const res = await storageFetch('/object/docs/shared/empty.txt', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', message: 'No content provided' });
  });
});

describe('row-level security on storage.objects', () => {
  it('lets a user write only under their own folder, recording them as owner', async () => {
    const own = await alice.client.storage.from('docs').upload(`${alice.userId}/secret.txt`, text('alice only'));
    expect(own.error).toBeNull();
    const { rows } = await backend.db.query<{ owner: string }>(
      `select owner from storage.objects where bucket_id = 'docs' and name = $1`,
      [`${alice.userId}/secret.txt`],
    );
    expect(rows[0].owner).toBe(alice.userId);
    const other = await alice.client.storage.from('docs').upload(`${bob.userId}/planted.txt`, text('nope'));
    expect(other.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const anon = await backend.anon().storage.from('docs').upload('anywhere/x.txt', text('nope'));
    expect(anon.error).toMatchObject({ statusCode: '403' });
    expect(existsSync(path.join(backend.dataDir, 'storage', 'docs', bob.userId))).toBe(false);
  });

  it("does not let a user read another user's private file", async () => {
    const mine = await alice.client.storage.from('docs').download(`${alice.userId}/secret.txt`);
    expect(await mine.data?.text()).toBe('alice only');
    const theirs = await bob.client.storage.from('docs').download(`${alice.userId}/secret.txt`);
    expect(theirs.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const signed = await bob.client.storage.from('docs').createSignedUrl(`${alice.userId}/secret.txt`, 60);
    expect(signed.error).toMatchObject({ statusCode: '404' });
  });

  it('lets an upsert overwrite only where the user may select and update', async () => {
    const path1 = `${alice.userId}/upsert.txt`;
    await alice.client.storage.from('docs').upload(path1, text('v1'));
    const again = await alice.client.storage.from('docs').upload(path1, text('v2'), { upsert: true });
    expect(again.error).toBeNull();
    const bobTry = await bob.client.storage.from('docs').upload(path1, text('bob'), { upsert: true });
    expect(bobTry.error).toMatchObject({ statusCode: '403' });
    expect(await (await alice.client.storage.from('docs').download(path1)).data?.text()).toBe('v2');
  });

  it("lists through RLS: a user sees their folder, not another user's", async () => {
    await alice.client.storage.from('docs').upload(`${alice.userId}/sub/deep.txt`, text('deep'));
    const mine = await alice.client.storage.from('docs').list(alice.userId);
    expect(mine.error).toBeNull();
    const names = mine.data!.map((entry) => entry.name);
    expect(names).toEqual(['sub', 'secret.txt', 'upsert.txt']);
    const folder = mine.data!.find((entry) => entry.name === 'sub')!;
    expect(folder).toMatchObject({ id: null, metadata: null });
    const file = mine.data!.find((entry) => entry.name === 'secret.txt')!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.metadata).toMatchObject({ size: 10, mimetype: 'text/plain' });
    expect((await bob.client.storage.from('docs').list(alice.userId)).data).toEqual([]);
  });

  it('removes only what the user may delete and returns the removed rows', async () => {
    await bob.client.storage.from('docs').upload(`${bob.userId}/a.txt`, text('a'));
    await bob.client.storage.from('docs').upload(`${bob.userId}/b.txt`, text('b'));
    const attempt = await alice.client.storage.from('docs').remove([`${bob.userId}/a.txt`]);
    expect(attempt.data).toEqual([]);
    const removed = await bob.client.storage
      .from('docs')
      .remove([`${bob.userId}/a.txt`, `${bob.userId}/b.txt`, `${bob.userId}/none.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((row) => row.name).sort()).toEqual([`${bob.userId}/a.txt`, `${bob.userId}/b.txt`]);
    expect((await bob.client.storage.from('docs').download(`${bob.userId}/a.txt`)).error).toMatchObject({
      statusCode: '404',
    });
    expect(await filesUnder(path.join(backend.dataDir, 'storage', 'docs', bob.userId))).toEqual([]);
  });
});

describe('public and signed downloads', () => {
  it("serves a public bucket's object without any key", async () => {
    await alice.client.storage
      .from('avatars')
      .upload(`${alice.userId}/me.png`, new Blob([TINY_PNG], { type: 'image/png' }));
    const { data } = alice.client.storage.from('avatars').getPublicUrl(`${alice.userId}/me.png`);
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_PNG);
    const listed = await backend.anon().storage.from('avatars').list(alice.userId);
    expect(listed.data?.map((entry) => entry.name)).toEqual(['me.png']);
  });

  it('does not serve a private bucket or a missing object through the public URL', async () => {
    const priv = await fetch(service.storage.from('docs').getPublicUrl('shared/hello.txt').data.publicUrl);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const missing = await fetch(service.storage.from('avatars').getPublicUrl('nobody/none.png').data.publicUrl);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('serves a signed URL without a key and refuses a tampered token', async () => {
    const signed = await alice.client.storage.from('docs').createSignedUrl(`${alice.userId}/secret.txt`, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('alice only');
    const url = signed.data!.signedUrl;
    const signatureStart = url.lastIndexOf('.') + 1;
    const flipped = url[signatureStart] === 'A' ? 'B' : 'A';
    const tampered = await fetch(url.slice(0, signatureStart) + flipped + url.slice(signatureStart + 1));
    expect(tampered.status).toBe(400);
    const otherPath = signed.data!.signedUrl.replace('secret.txt', 'upsert.txt');
    const moved = await fetch(otherPath);
    expect(moved.status).toBe(400);
    expect(await moved.json()).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
    const many = await alice.client.storage
      .from('docs')
      .createSignedUrls([`${alice.userId}/secret.txt`, `${bob.userId}/x.txt`], 60);
    expect(many.data?.[0].signedUrl).toContain('/object/sign/docs/');
    expect(many.data?.[1]).toMatchObject({
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    });
  });
});

describe('signed upload URLs', () => {
  it('hands a signed upload URL only to who may write there, and uploads with its token alone', async () => {
    const target = `${alice.userId}/signed-upload.txt`;
    const refused = await bob.client.storage.from('docs').createSignedUploadUrl(target);
    expect(refused.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const signed = await alice.client.storage.from('docs').createSignedUploadUrl(target);
    expect(signed.error).toBeNull();
    const { rows: before } = await backend.db.query(`select 1 from storage.objects where name = $1`, [target]);
    expect(before).toEqual([]);
    const uploaded = await backend
      .anon()
      .storage.from('docs')
      .uploadToSignedUrl(target, signed.data!.token, text('via token'));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path: target, fullPath: `docs/${target}` });
    expect(await (await alice.client.storage.from('docs').download(target)).data?.text()).toBe('via token');
    const { rows } = await backend.db.query<{ owner: string }>(`select owner from storage.objects where name = $1`, [
      target,
    ]);
    expect(rows[0].owner).toBe(alice.userId);
    const elsewhere = await backend
      .anon()
      .storage.from('docs')
      .uploadToSignedUrl(`${alice.userId}/other.txt`, signed.data!.token, text('x'));
    expect(elsewhere.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' });
  });
});

describe('listing, moving and copying', () => {
  it('lists with sort, limit, offset and search', async () => {
    await service.storage.createBucket('listing');
    const bucket = service.storage.from('listing');
    for (const name of ['b.txt', 'a.txt', 'c.md', 'dir/x.txt', 'dir/y.txt', 'other/z.txt']) {
      expect((await bucket.upload(name, text(name))).error).toBeNull();
    }
    expect((await bucket.list()).data?.map((e) => e.name)).toEqual(['dir', 'other', 'a.txt', 'b.txt', 'c.md']);
    expect((await bucket.list('', { sortBy: { column: 'name', order: 'desc' } })).data?.map((e) => e.name)).toEqual([
      'other',
      'dir',
      'c.md',
      'b.txt',
      'a.txt',
    ]);
    expect((await bucket.list('', { limit: 2, offset: 1 })).data?.map((e) => e.name)).toEqual(['other', 'a.txt']);
    expect((await bucket.list('', { search: 'b' })).data?.map((e) => e.name)).toEqual(['b.txt']);
    expect((await bucket.list('dir')).data?.map((e) => e.name)).toEqual(['x.txt', 'y.txt']);
    expect((await bucket.list('dir/')).data?.map((e) => e.name)).toEqual(['x.txt', 'y.txt']);
    const bad = await bucket.list('', { sortBy: { column: 'name; drop table storage.objects', order: 'asc' } });
    expect(bad.error).toMatchObject({ statusCode: '400' });
  });

  it('moves and copies objects with their bytes', async () => {
    const bucket = service.storage.from('listing');
    expect((await bucket.move('a.txt', 'moved/a.txt')).error).toBeNull();
    expect((await bucket.download('a.txt')).error).toMatchObject({ statusCode: '404' });
    expect(await (await bucket.download('moved/a.txt')).data?.text()).toBe('a.txt');
    const copied = await bucket.copy('moved/a.txt', 'copies/a.txt');
    expect(copied.data).toEqual({ path: 'listing/copies/a.txt' });
    expect(await (await bucket.download('copies/a.txt')).data?.text()).toBe('a.txt');
    expect(await (await bucket.download('moved/a.txt')).data?.text()).toBe('a.txt');
    expect((await bucket.copy('nothing.txt', 'x.txt')).error).toMatchObject({ statusCode: '404' });
  });
});

describe('bytes and headers', () => {
  it('round-trips a 3 MB binary file exactly, multipart and raw', async () => {
    const bytes = new Uint8Array(3 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 11)) & 0xff;
    const bucket = service.storage.from('docs');
    expect(
      (await bucket.upload('shared/big-multipart.bin', new Blob([bytes], { type: 'application/octet-stream' }))).error,
    ).toBeNull();
    expect(
      (await bucket.upload('shared/big-raw.bin', bytes, { contentType: 'application/octet-stream' })).error,
    ).toBeNull();
    for (const name of ['shared/big-multipart.bin', 'shared/big-raw.bin']) {
      const { data, error } = await bucket.download(name);
      expect(error).toBeNull();
      const got = Buffer.from(await data!.arrayBuffer());
      expect(got.length).toBe(bytes.length);
      expect(got.equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('answers If-None-Match with 304 and a download request with an attachment', async () => {
    const first = await storageFetch('/object/docs/shared/hello.txt');
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await storageFetch('/object/docs/shared/hello.txt', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const attachment = await storageFetch('/object/docs/shared/hello.txt?download=greeting.txt');
    expect(attachment.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''greeting.txt");
    expect(await attachment.text()).toBe('hello world');
  });

  it('deletes one object by its path and lists buckets with search and order', async () => {
    await service.storage.from('docs').upload('shared/one-off.txt', text('bye'));
    const res = await storageFetch('/object/docs/shared/one-off.txt', { method: 'DELETE' });
    expect(await res.json()).toEqual({ message: 'Successfully deleted' });
    const again = await storageFetch('/object/docs/shared/one-off.txt', { method: 'DELETE' });
    expect(await again.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const listed = await service.storage.listBuckets({ search: 'o', sortColumn: 'name', sortOrder: 'desc' });
    // The app's own buckets are listed too: this test's two, and each name holding an "o", newest name first.
    const names = listed.data?.map((b) => b.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['photos', 'docs']));
    expect(names.every((name) => name.includes('o'))).toBe(true);
    expect(names).toEqual([...names].sort().reverse());
    const all = await service.storage.listBuckets();
    expect(names).toHaveLength((all.data ?? []).filter((b) => b.name.includes('o')).length);
    const anonList = await backend.anon().storage.from('docs').list('shared');
    expect(anonList.data).toEqual([]);
  });
});

describe('keys and hostile input', () => {
  it('requires an apikey and a valid JWT', async () => {
    const none = await storageFetch('/bucket', { key: null });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'No API key found in request' });
    const forged = await storageFetch('/object/list/docs', {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey.slice(0, -2)}xx`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
      key: backend.anonKey,
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'invalid signature',
    });
    const expiredToken = await backend.app.jwt.sign({
      sub: alice.userId,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const expired = await storageFetch('/bucket', {
      headers: { authorization: `Bearer ${expiredToken}` },
      key: backend.anonKey,
    });
    expect(await expired.json()).toMatchObject({ statusCode: '403', message: 'jwt expired' });
  });

  it('refuses keys that would leave the bucket folder and writes nothing outside the data folder', async () => {
    // Other test files create and remove their own backends beside this one at the same time, so
    // only names this test could have written are compared, not the whole folder.
    const escapedBeside = async () =>
      (await readdir(path.dirname(backend.dataDir))).filter((name) => name.includes('escape'));
    expect(await escapedBeside()).toEqual([]);
    const attempts = [
      '/object/docs/%2e%2e%2f%2e%2e%2fescape.txt',
      '/object/docs/shared%2f..%2f..%2f..%2fescape.txt',
      '/object/docs/%2fetc%2fescape.txt',
      '/object/docs/a%5c..%5cescape.txt',
      '/object/docs/nul%00byte.txt',
      '/object/docs/a//b.txt',
      '/object/docs/a/%2e%2fb.txt',
      '/object/%2e%2e/escape.txt',
      '/object/docs/%E0%A4%A',
    ];
    for (const attempt of attempts) {
      const res = await storageFetch(attempt, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'escape',
      });
      expect(res.status, attempt).toBeGreaterThanOrEqual(400);
      expect(res.status, attempt).toBeLessThan(500);
    }
    const key = await storageFetch('/object/docs/%2e%2e%2fescape.txt', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(await key.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    const viaClient = await service.storage.from('docs').upload('../../escape.txt', text('escape'));
    expect(viaClient.error).not.toBeNull();
    expect(await escapedBeside()).toEqual([]);
    expect(existsSync('/etc/escape.txt')).toBe(false);
    const stored = await filesUnder(backend.dataDir);
    expect(stored.filter((file) => file.includes('escape'))).toEqual([]);
    const { rows } = await backend.db.query(`select name from storage.objects where name like '%escape%'`);
    expect(rows).toEqual([]);
  });

  it('answers malformed bodies and unknown routes with 4xx', async () => {
    const badJson = await storageFetch('/object/list/docs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(badJson.status).toBe(400);
    const badPrefixes = await storageFetch('/object/docs', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: 'x' }),
    });
    expect(badPrefixes.status).toBe(400);
    const badLimit = await storageFetch('/object/list/docs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '', limit: 'all' }),
    });
    expect(badLimit.status).toBe(400);
    const badSize = await storageFetch('/bucket', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'sized', file_size_limit: 'lots' }),
    });
    expect(badSize.status).toBe(400);
    const badMultipart = await storageFetch('/object/docs/shared/broken.txt', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n36',
    });
    expect(badMultipart.status).toBe(400);
    const unknown = await storageFetch('/nothing/here');
    expect(unknown.status).toBe(404);
    const healthy = await service.storage.from('docs').download('shared/hello.txt');
    expect(await healthy.data?.text()).toBe('hello world');
  });
});
