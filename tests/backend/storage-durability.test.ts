/**
 * Bytes and rows stay together. An upload once committed its row before its bytes were in place,
 * so a crash in between left a listed object with no bytes. Now the bytes are durable in place
 * before the row is written (checked at the very moment the row is inserted), concurrent writes
 * of one key never lose the winner's bytes, the start-up check removes rows without bytes and
 * bytes without rows, and a full disk is a 507 that stores nothing. The full disk is real: the
 * storage folder is a 256 KiB tmpfs mounted for the test (the test machines run as root).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../supabase/local/db.ts';
import { startBackend } from '../../supabase/local/server.ts';
import { fixturesDir, startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let service: SupabaseClient;

const text = (value: string) => new Blob([value], { type: 'text/plain' });

async function versionFiles(root: string, bucket: string): Promise<string[]> {
  const dir = path.join(root, 'storage', bucket);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = backend.service();
  await service.storage.createBucket('vault', { public: false });
});

afterAll(async () => {
  await backend?.stop();
});

describe('bytes before rows', () => {
  it('has the bytes durable in place when the row that lists them is written', async () => {
    const seen: Array<{ key: string; bytesInPlace: boolean }> = [];
    const db = backend.db;
    const transaction = db.transaction.bind(db);
    db.transaction = (fn) =>
      transaction((tx: Queryable) =>
        fn({
          async query(sql, params = []) {
            if (/^\s*insert into storage\.objects/i.test(sql)) {
              const [, bucket, key, , , , , version] = params as string[];
              const file = path.join(backend.dataDir, 'storage', bucket, ...key.split('/'), `~${version}`);
              seen.push({ key, bytesInPlace: existsSync(file) });
            }
            return tx.query(sql, params);
          },
        }),
      );
    try {
      expect((await service.storage.from('vault').upload('first.txt', text('one'))).error).toBeNull();
      expect((await service.storage.from('vault').upload('first.txt', text('two'), { upsert: true })).error).toBeNull();
      expect((await service.storage.from('vault').copy('first.txt', 'copied.txt')).error).toBeNull();
    } finally {
      db.transaction = transaction;
    }
    expect(seen).toEqual([
      { key: 'first.txt', bytesInPlace: true },
      { key: 'first.txt', bytesInPlace: true },
      { key: 'copied.txt', bytesInPlace: true },
    ]);
    expect(await (await service.storage.from('vault').download('copied.txt')).data?.text()).toBe('two');
  });

  it('takes the bytes away again when the row is refused', async () => {
    const bob = await backend.signUp();
    const refused = await bob.client.storage.from('vault').upload('not-mine.txt', text('x'));
    expect(refused.error).toMatchObject({ statusCode: '403' });
    expect((await versionFiles(backend.dataDir, 'vault')).filter((file) => file.startsWith('not-mine'))).toEqual([]);
    expect(await readdir(path.join(backend.dataDir, 'storage', '~tmp'))).toEqual([]);
  });

  it('keeps the last writer whole when one key is written twenty times at once', async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      service.storage.from('vault').upload('busy.txt', text(`version ${i}`), { upsert: true }),
    );
    for (const { error } of await Promise.all(writes)) expect(error).toBeNull();
    const { rows } = await backend.db.query<{ version: string }>(
      `select version from storage.objects where bucket_id = 'vault' and name = 'busy.txt'`,
    );
    expect(await versionFiles(backend.dataDir, 'vault')).toContain(`busy.txt/~${rows[0].version}`);
    expect((await versionFiles(backend.dataDir, 'vault')).filter((file) => file.startsWith('busy.txt'))).toHaveLength(
      1,
    );
    expect(await (await service.storage.from('vault').download('busy.txt')).data?.text()).toMatch(/^version \d+$/);
  });

  it('moves the bytes with the row and leaves none behind', async () => {
    await service.storage.from('vault').upload('from.txt', text('moving'));
    expect((await service.storage.from('vault').move('from.txt', 'to/here.txt')).error).toBeNull();
    const files = await versionFiles(backend.dataDir, 'vault');
    expect(files.filter((file) => file.startsWith('from.txt'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('to/here.txt'))).toHaveLength(1);
    expect(await (await service.storage.from('vault').download('to/here.txt')).data?.text()).toBe('moving');
  });
});

describe('the start-up check', () => {
  it('removes rows whose bytes are gone and bytes no row names, and leaves the rest alone', async () => {
    const first = await startTestBackend();
    const admin = first.service();
    await admin.storage.createBucket('box', { public: false });
    for (const name of ['kept.txt', 'lost.txt', 'deep/kept.txt']) {
      expect((await admin.storage.from('box').upload(name, text(name))).error).toBeNull();
    }
    const config = first.app.config;
    await first.close();

    // What a crash (or a hand) leaves: a row whose bytes are gone, bytes of an upload whose row
    // was never written, an old version never dropped, a half-written temporary file.
    const root = path.join(config.dataDir!, 'storage');
    const [lost] = await readdir(path.join(root, 'box', 'lost.txt'));
    await rm(path.join(root, 'box', 'lost.txt', lost));
    await mkdir(path.join(root, 'box', 'orphan.txt'), { recursive: true });
    await writeFile(path.join(root, 'box', 'orphan.txt', '~0b6a2a9e-orphan'), 'no row');
    await writeFile(path.join(root, 'box', 'kept.txt', '~old-version'), 'replaced');
    await writeFile(path.join(root, '~tmp', 'half-written'), 'half');

    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    let second;
    try {
      second = await startBackend({ ...config, port: 0, extraMigrationsDirs: [path.join(fixturesDir, 'migrations')] });
    } finally {
      console.warn = warn;
    }
    try {
      const { rows } = await second.db.query<{ name: string }>(
        `select name from storage.objects where bucket_id = 'box' order by name`,
      );
      expect(rows.map((row) => row.name)).toEqual(['deep/kept.txt', 'kept.txt']);
      expect(warnings.join('\n')).toMatch(/removed 1 object row\(s\) whose bytes were missing: box\/lost\.txt/);
      const files = await versionFiles(config.dataDir!, 'box');
      expect(files).toHaveLength(2);
      expect(files.every((file) => /^(deep\/)?kept\.txt\/~[0-9a-f-]{36}$/.test(file))).toBe(true);
      expect(await readdir(path.join(root, '~tmp'))).toEqual([]);
      const res = await fetch(`${second.url}/storage/v1/object/box/kept.txt`, {
        headers: { apikey: second.serviceRoleKey, authorization: `Bearer ${second.serviceRoleKey}` },
      });
      expect(await res.text()).toBe('kept.txt');
    } finally {
      await second.close();
      await rm(config.dataDir!, { recursive: true, force: true });
      if (config.databaseUrl && process.env.DATABASE_URL) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`drop database if exists ${new URL(config.databaseUrl).pathname.slice(1)} with (force)`);
        await client.end();
      }
    }
    // Two backends start one after the other here: a minute or more on a busy machine.
  }, 180_000);
});

describe('a full disk', () => {
  let full: TestBackend;
  let dataDir: string;
  let mounted = false;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-full-disk-'));
    await mkdir(path.join(dataDir, 'storage'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', path.join(dataDir, 'storage')]);
      mounted = true;
    } catch (error) {
      throw new Error('this test mounts a 256 KiB tmpfs as the storage folder, which needs root', { cause: error });
    }
    full = await startTestBackend({ dataDir });
    await full.service().storage.createBucket('tiny', { public: false });
  });

  afterAll(async () => {
    await full?.stop();
    if (mounted) execFileSync('umount', [path.join(dataDir, 'storage')]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers an upload that does not fit with 507, stores nothing and keeps the object it would replace', async () => {
    const client = full.service();
    expect((await client.storage.from('tiny').upload('keep.txt', text('still here'))).error).toBeNull();
    const big = new Uint8Array(1024 * 1024).fill(7);
    const multipart = await client.storage.from('tiny').upload('big.bin', new Blob([big]));
    expect(multipart.error).toMatchObject({
      status: 507,
      statusCode: '507',
      message: 'The server has no disk space left to store this object; nothing was stored',
    });
    const rawUpload = await fetch(`${full.url}/storage/v1/object/tiny/keep.txt`, {
      method: 'PUT',
      headers: {
        apikey: full.serviceRoleKey,
        authorization: `Bearer ${full.serviceRoleKey}`,
        'content-type': 'application/octet-stream',
      },
      body: big,
    });
    expect(rawUpload.status).toBe(507);
    expect(await rawUpload.json()).toMatchObject({ error: 'Insufficient Storage' });
    const { data } = await client.storage.from('tiny').list('');
    expect(data?.map((entry) => entry.name)).toEqual(['keep.txt']);
    expect(await (await client.storage.from('tiny').download('keep.txt')).data?.text()).toBe('still here');
    expect(await readdir(path.join(dataDir, 'storage', '~tmp'))).toEqual([]);
    // Once the failed upload's partial bytes are gone there is room again.
    expect((await client.storage.from('tiny').upload('small.txt', text('fits'))).error).toBeNull();
  });
});
