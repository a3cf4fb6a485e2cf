/**
 * Storage as a hosted project answers, through supabase-js's storage client: `listV2` (its own
 * route, not an upload into a bucket named "list-v2"), decimal size units, object info with `{}`
 * for no custom metadata, and image transformations (`getPublicUrl`, `download` and
 * `createSignedUrl` with `transform`, `/render/image/...`).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';

let backend: TestBackend;
let service: SupabaseClient;

const text = (value: string) => new Blob([value], { type: 'text/plain' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
});

afterAll(async () => {
  await backend?.stop();
});

describe('listV2', () => {
  const keys = [
    'b.txt',
    'a.txt',
    'Z.txt',
    'photos/2.jpg',
    'photos/1.jpg',
    'photos/deep/3.jpg',
    'pho.txt',
    'x_/y.txt',
    'xa.txt',
  ];

  beforeAll(async () => {
    await service.storage.createBucket('shelf', { public: false });
    for (const key of keys) {
      expect((await service.storage.from('shelf').upload(key, text(key))).error).toBeNull();
      await sleep(5);
    }
    // A bucket literally named list-v2 must not take the listing as an upload.
    await service.storage.createBucket('list-v2', { public: false });
  });

  it('lists every object under a prefix flat, by name bytewise, with full keys', async () => {
    const { data, error } = await service.storage.from('shelf').listV2();
    expect(error).toBeNull();
    expect(data?.folders).toEqual([]);
    expect(data?.objects.map((o) => o.name)).toEqual(
      [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );
    expect(data?.hasNext).toBe(false);
    expect(data?.nextCursor).toBeUndefined();
    expect(data?.objects[0]).toMatchObject({ id: expect.any(String), metadata: { size: 5, mimetype: 'text/plain' } });
    const prefixed = await service.storage.from('shelf').listV2({ prefix: 'pho' });
    expect(prefixed.data?.objects.map((o) => o.name)).toEqual([
      'pho.txt',
      'photos/1.jpg',
      'photos/2.jpg',
      'photos/deep/3.jpg',
    ]);
    // The prefix is matched literally and case-sensitively.
    expect((await service.storage.from('shelf').listV2({ prefix: 'x_' })).data?.objects.map((o) => o.name)).toEqual([
      'x_/y.txt',
    ]);
    expect((await service.storage.from('shelf').listV2({ prefix: 'z' })).data?.objects).toEqual([]);
    expect(await backend.db.query(`select name from storage.objects where bucket_id = 'list-v2'`)).toMatchObject({
      rows: [],
    });
  });

  it('folds deeper keys into folders with the delimiter', async () => {
    const root = await service.storage.from('shelf').listV2({ with_delimiter: true });
    expect(root.data?.objects.map((o) => o.name)).toEqual(['Z.txt', 'a.txt', 'b.txt', 'pho.txt', 'xa.txt']);
    expect(root.data?.folders).toEqual([
      expect.objectContaining({ name: 'photos/', key: 'photos', id: null }),
      expect.objectContaining({ name: 'x_/', key: 'x_', id: null }),
    ]);
    const inside = await service.storage.from('shelf').listV2({ prefix: 'photos/', with_delimiter: true });
    expect(inside.data?.objects.map((o) => [o.name, o.key])).toEqual([
      ['photos/1.jpg', '1.jpg'],
      ['photos/2.jpg', '2.jpg'],
    ]);
    expect(inside.data?.folders.map((f) => f.name)).toEqual(['photos/deep/']);
  });

  it('pages with a cursor through every sort, folders and objects together', async () => {
    for (const sortBy of [
      { column: 'name', order: 'asc' },
      { column: 'name', order: 'desc' },
      { column: 'created_at', order: 'asc' },
      { column: 'updated_at', order: 'desc' },
    ] as const) {
      const all = await service.storage.from('shelf').listV2({ with_delimiter: true, sortBy });
      const expected = [...all.data!.folders, ...all.data!.objects].length;
      const seenObjects: string[] = [];
      const seenFolders: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { data, error } = await service.storage
          .from('shelf')
          .listV2({ with_delimiter: true, sortBy, limit: 2, cursor });
        expect(error).toBeNull();
        expect(data!.folders.length + data!.objects.length).toBeLessThanOrEqual(2);
        seenObjects.push(...data!.objects.map((o) => o.name));
        seenFolders.push(...data!.folders.map((f) => f.name));
        cursor = data!.hasNext ? data!.nextCursor : undefined;
        pages++;
      } while (cursor);
      expect(seenObjects, sortBy.column).toEqual(all.data!.objects.map((o) => o.name));
      expect(seenFolders, sortBy.column).toEqual(all.data!.folders.map((f) => f.name));
      expect(pages).toBe(Math.ceil(expected / 2));
    }
    const byCreation = await service.storage.from('shelf').listV2({ sortBy: { column: 'created_at' } });
    expect(byCreation.data?.objects.map((o) => o.name)).toEqual(keys);
  });

  it('lists only what the caller may select, and refuses bad options with 400', async () => {
    const user = await backend.signUp();
    expect((await user.client.storage.from('shelf').listV2()).data).toEqual({
      hasNext: false,
      folders: [],
      objects: [],
    });
    const bad = await service.storage.from('shelf').listV2({ limit: 0 });
    expect(bad.error).toMatchObject({ statusCode: '400' });
    const badCursor = await service.storage.from('shelf').listV2({ cursor: 'not-a-cursor' });
    expect(badCursor.error).toMatchObject({ statusCode: '400' });
  });
});

describe('bucket size limits', () => {
  it('reads 20mb as 20,000,000 bytes, as hosted does, and refuses more than the global limit', async () => {
    await service.storage.createBucket('sized', { public: false, fileSizeLimit: '20mb' });
    expect((await service.storage.getBucket('sized')).data?.file_size_limit).toBe(20_000_000);
    await service.storage.updateBucket('sized', { public: false, fileSizeLimit: '1.2345KB' });
    expect((await service.storage.getBucket('sized')).data?.file_size_limit).toBe(1230);
    const tooBig = await service.storage.updateBucket('sized', { public: false, fileSizeLimit: '60MB' });
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const noUnit = await service.storage.createBucket('unitless', { public: false, fileSizeLimit: '20' });
    expect(noUnit.error).toMatchObject({ message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B' });
    expect((await service.storage.from('sized').upload('fits.bin', new Blob([new Uint8Array(1230)]))).error).toBeNull();
    const over = await service.storage.from('sized').upload('over.bin', new Blob([new Uint8Array(1231)]));
    expect(over.error).toMatchObject({ statusCode: '413' });
  });
});

describe('object info', () => {
  it('shows {} for an object uploaded without custom metadata, and the metadata when there is', async () => {
    await service.storage.createBucket('infos', { public: false });
    await service.storage.from('infos').upload('plain.txt', text('plain'));
    await service.storage
      .from('infos')
      .upload('raw.bin', new Uint8Array([1, 2, 3]), { contentType: 'application/octet-stream' });
    await service.storage.from('infos').upload('tagged.txt', text('tagged'), { metadata: { tag: 'x' } });
    const plain = await service.storage.from('infos').info('plain.txt');
    expect(plain.data).toMatchObject({ size: 5, contentType: 'text/plain' });
    expect(plain.data?.metadata).toEqual({});
    expect((await service.storage.from('infos').info('raw.bin')).data?.metadata).toEqual({});
    expect((await service.storage.from('infos').info('tagged.txt')).data?.metadata).toEqual({ tag: 'x' });
  });
});

describe('image transformations', () => {
  let photo: Buffer;

  beforeAll(async () => {
    await service.storage.createBucket('gallery', { public: true });
    await service.storage.createBucket('private-gallery', { public: false });
    photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#fd7838' } })
      .jpeg()
      .toBuffer();
    for (const bucket of ['gallery', 'private-gallery']) {
      const { error } = await service.storage
        .from(bucket)
        .upload('photo.jpg', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }));
      expect(error).toBeNull();
    }
    await service.storage
      .from('gallery')
      .upload('icon.svg', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }));
  });

  async function imageOf(res: Response) {
    expect(res.status).toBe(200);
    return sharp(Buffer.from(await res.arrayBuffer())).metadata();
  }

  it('serves getPublicUrl with transform resized, cropped to cover by default', async () => {
    const { publicUrl } = service.storage
      .from('gallery')
      .getPublicUrl('photo.jpg', { transform: { width: 100, height: 100 } }).data;
    expect(publicUrl).toContain('/render/image/public/gallery/photo.jpg?width=100&height=100');
    const res = await fetch(publicUrl);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await imageOf(res)).toMatchObject({ width: 100, height: 100, format: 'jpeg' });
  });

  it('fits inside with contain, stretches with fill, keeps the ratio with one side, never enlarges', async () => {
    const url = (transform: object) =>
      service.storage.from('gallery').getPublicUrl('photo.jpg', { transform: transform as never }).data.publicUrl;
    expect(await imageOf(await fetch(url({ width: 100, height: 100, resize: 'contain' })))).toMatchObject({
      width: 100,
      height: 50,
    });
    expect(await imageOf(await fetch(url({ width: 100, height: 100, resize: 'fill' })))).toMatchObject({
      width: 100,
      height: 100,
    });
    expect(await imageOf(await fetch(url({ width: 200 })))).toMatchObject({ width: 200, height: 100 });
    expect(await imageOf(await fetch(url({ width: 1600 })))).toMatchObject({ width: 400, height: 200 });
  });

  it('sends WebP to a browser that takes it unless the origin format is asked for', async () => {
    const url = service.storage.from('gallery').getPublicUrl('photo.jpg', { transform: { width: 50 } }).data.publicUrl;
    const webp = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await imageOf(webp)).toMatchObject({ format: 'webp', width: 50 });
    const origin = service.storage
      .from('gallery')
      .getPublicUrl('photo.jpg', { transform: { width: 50, format: 'origin' } });
    expect(
      (await fetch(origin.data.publicUrl, { headers: { accept: 'image/webp' } })).headers.get('content-type'),
    ).toBe('image/jpeg');
  });

  it('transforms a private object for who may read it, by download and by signed URL', async () => {
    const downloaded = await service.storage
      .from('private-gallery')
      .download('photo.jpg', { transform: { width: 40, height: 40 } });
    expect(downloaded.error).toBeNull();
    expect(await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata()).toMatchObject({
      width: 40,
      height: 40,
    });
    const signed = await service.storage
      .from('private-gallery')
      .createSignedUrl('photo.jpg', 60, { transform: { width: 30, height: 30 } });
    expect(signed.data?.signedUrl).toContain('/render/image/sign/private-gallery/photo.jpg?token=');
    // The transformation is in the token: changing the query does not change the image.
    expect(await imageOf(await fetch(`${signed.data!.signedUrl}&width=300`))).toMatchObject({ width: 30, height: 30 });
    const user = await backend.signUp();
    const refused = await user.client.storage
      .from('private-gallery')
      .download('photo.jpg', { transform: { width: 40 } });
    expect(refused.error).not.toBeNull();
    const publicRoute = service.storage.from('private-gallery').getPublicUrl('photo.jpg', { transform: { width: 40 } });
    expect((await fetch(publicRoute.data.publicUrl)).status).toBe(400);
  });

  it('refuses bad options and objects that are not raster images with 4xx', async () => {
    const base = `${backend.url}/storage/v1/render/image/public/gallery`;
    for (const query of ['width=abc', 'width=-5', 'quality=5', 'quality=101', 'resize=crop', 'format=gif']) {
      const res = await fetch(`${base}/photo.jpg?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).statusCode, query).toBe('400');
    }
    const svg = await fetch(`${base}/icon.svg?width=10`);
    expect(svg.status).toBe(400);
    expect(await svg.json()).toMatchObject({ message: 'The object is not a raster image that can be transformed' });
    expect((await fetch(`${base}/missing.jpg?width=10`)).status).toBe(400);
    const png = await service.storage.from('gallery').upload('tiny.png', new Blob([TINY_PNG], { type: 'image/png' }));
    expect(png.error).toBeNull();
    expect((await fetch(`${base}/tiny.png?width=10`)).status).toBe(200);
  });
});
