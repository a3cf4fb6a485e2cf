/**
 * What storage serves must not run on its origin: avatars take raster images only (PNG, JPEG,
 * WebP, GIF), decided by the bytes as well as the declared type, so an SVG (script) is refused
 * even when it claims to be a PNG; a bucket's allowed types are enforced from the content; and
 * every storage answer carries `X-Content-Type-Options: nosniff` and a sandboxing CSP. Driven by
 * supabase-js's storage client, with plain fetch for the headers.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { TINY_PNG } from '../support/images.ts';

let backend: TestBackend;
let service: SupabaseClient;
let alice: { client: SupabaseClient; userId: string };

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
const XML_SVG = `<?xml version="1.0" encoding="UTF-8"?>\n${SVG}`;
const HTML = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>';
const CSP = "default-src 'none'; sandbox";

const blob = (bytes: string | Uint8Array, type: string) => new Blob([bytes as BlobPart], { type });

async function avatarNames(): Promise<string[]> {
  const { rows } = await backend.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'avatars' order by name`,
  );
  return rows.map((row) => row.name);
}

async function filesIn(bucket: string): Promise<string[]> {
  const dir = path.join(backend.dataDir, 'storage', bucket);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, entry.parentPath));
}

function raw(pathname: string, init: RequestInit = {}, token = backend.serviceRoleKey) {
  const headers = new Headers(init.headers);
  headers.set('apikey', backend.anonKey);
  headers.set('authorization', `Bearer ${token}`);
  return fetch(`${backend.url}/storage/v1${pathname}`, { ...init, headers });
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
  alice = await backend.signUp();
});

afterAll(async () => {
  await backend?.stop();
});

describe('avatars: raster images only, by their bytes', () => {
  it('takes a PNG, a JPEG, a WebP and a GIF', async () => {
    const pixel = sharp({ create: { width: 2, height: 2, channels: 3, background: '#236a46' } });
    const images: Array<[string, Uint8Array, string]> = [
      ['png', TINY_PNG, 'image/png'],
      ['jpg', new Uint8Array(await pixel.clone().jpeg().toBuffer()), 'image/jpeg'],
      ['webp', new Uint8Array(await pixel.clone().webp().toBuffer()), 'image/webp'],
      ['gif', new Uint8Array(await pixel.clone().gif().toBuffer()), 'image/gif'],
    ];
    for (const [ext, bytes, type] of images) {
      const { error } = await alice.client.storage
        .from('avatars')
        .upload(`${alice.userId}/ok.${ext}`, blob(bytes, type), { contentType: type });
      expect(error, ext).toBeNull();
      const served = await fetch(
        alice.client.storage.from('avatars').getPublicUrl(`${alice.userId}/ok.${ext}`).data.publicUrl,
      );
      expect(served.headers.get('content-type'), ext).toBe(type);
      expect(new Uint8Array(await served.arrayBuffer()), ext).toEqual(bytes);
    }
  });

  it('refuses an SVG, also when it claims to be a PNG, and stores nothing', async () => {
    const before = await avatarNames();
    const asSvg = await alice.client.storage
      .from('avatars')
      .upload(`${alice.userId}/evil.svg`, blob(SVG, 'image/svg+xml'));
    expect(asSvg.error).toMatchObject({
      status: 415,
      statusCode: '415',
      message: 'mime type image/svg+xml is not supported',
    });
    const lying = await alice.client.storage
      .from('avatars')
      .upload(`${alice.userId}/evil.png`, blob(SVG, 'image/png'), { contentType: 'image/png' });
    expect(lying.error).toMatchObject({
      status: 415,
      statusCode: '415',
      message: "The file's content is not image/png",
    });
    const lyingXml = await raw(
      `/object/avatars/${alice.userId}/evil2.png`,
      {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg' },
        body: XML_SVG,
      },
      (await alice.client.auth.getSession()).data.session!.access_token,
    );
    expect(lyingXml.status).toBe(415);
    const html = await alice.client.storage
      .from('avatars')
      .upload(`${alice.userId}/evil.gif`, blob(HTML, 'image/gif'), { contentType: 'image/gif' });
    expect(html.error).toMatchObject({ status: 415 });
    expect(await avatarNames()).toEqual(before);
    expect((await filesIn('avatars')).filter((dir) => dir.includes('evil'))).toEqual([]);
    const publicUrl = alice.client.storage.from('avatars').getPublicUrl(`${alice.userId}/evil.png`).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(400);
  });

  it('stores and serves a picture with the type its bytes are, not the one it claimed', async () => {
    const key = `${alice.userId}/really-a-png.jpg`;
    const { error } = await alice.client.storage
      .from('avatars')
      .upload(key, blob(TINY_PNG, 'image/jpeg'), { contentType: 'image/jpeg' });
    expect(error).toBeNull();
    const served = await fetch(alice.client.storage.from('avatars').getPublicUrl(key).data.publicUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await alice.client.storage.from('avatars').info(key)).data).toMatchObject({ contentType: 'image/png' });
  });
});

describe("a bucket's allowed types, from the content", () => {
  it('lets a wildcard such as image/* match only bytes that are an image', async () => {
    await service.storage.createBucket('pictures', { public: false, allowedMimeTypes: ['image/*'] });
    const svg = await service.storage.from('pictures').upload('a.svg', blob(SVG, 'image/svg+xml'));
    expect(svg.error).toMatchObject({
      status: 415,
      message: "The file's content is not recognised as one of the types this bucket accepts (image/*)",
    });
    const pdfAsImage = await service.storage
      .from('pictures')
      .upload('b.png', blob('%PDF-1.7\n1 0 obj\n', 'image/png'), { contentType: 'image/png' });
    expect(pdfAsImage.error).toMatchObject({
      status: 415,
      message: "The file's content is application/pdf, which this bucket does not accept",
    });
    expect((await service.storage.from('pictures').upload('c.png', blob(TINY_PNG, 'image/png'))).error).toBeNull();
    expect(await filesIn('pictures')).toEqual(['c.png']);
  });

  it('takes text by its declared type only where the bucket names that type', async () => {
    await service.storage.createBucket('notes', { public: false, allowedMimeTypes: ['text/plain', 'application/pdf'] });
    expect((await service.storage.from('notes').upload('n.txt', blob('hello', 'text/plain'))).error).toBeNull();
    const fakePdf = await service.storage.from('notes').upload('n.pdf', blob(HTML, 'application/pdf'));
    expect(fakePdf.error).toMatchObject({ status: 415, message: "The file's content is not application/pdf" });
    const pngAsText = await service.storage.from('notes').upload('p.txt', blob(TINY_PNG, 'text/plain'));
    expect(pngAsText.error).toMatchObject({
      status: 415,
      message: "The file's content is image/png, which this bucket does not accept",
    });
  });
});

describe('every storage answer: nosniff and a sandboxing CSP', () => {
  it('on objects of any type, public, signed and authenticated, and on listings and errors', async () => {
    await service.storage.createBucket('open', { public: true });
    const up = await raw('/object/open/page.html', {
      method: 'POST',
      headers: { 'content-type': 'text/html' },
      body: HTML,
    });
    const signed = await service.storage.from('open').createSignedUrl('page.html', 60);
    const answers: Array<[string, Response]> = [
      ['upload', up],
      ['public download', await fetch(service.storage.from('open').getPublicUrl('page.html').data.publicUrl)],
      ['signed download', await fetch(signed.data!.signedUrl)],
      ['authenticated download', await raw('/object/authenticated/open/page.html')],
      ['HEAD', await raw('/object/open/page.html', { method: 'HEAD' })],
      ['info', await raw('/object/info/open/page.html')],
      [
        'list',
        await raw('/object/list/open', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"prefix":""}',
        }),
      ],
      ['buckets', await raw('/bucket')],
      ['missing object', await raw('/object/open/nothing.html')],
      ['unknown route', await raw('/nowhere')],
      ['no apikey', await fetch(`${backend.url}/storage/v1/object/authenticated/open/page.html`)],
    ];
    for (const [name, res] of answers) {
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), name).toBe(CSP);
      await res.arrayBuffer();
    }
    // The HTML is served as what it was uploaded as (storage-api does), but runs nothing.
    expect(answers[1][1].headers.get('content-type')).toBe('text/html');
  });
});
