/**
 * Where stored objects' bytes live and how names are checked before they reach the disk.
 *
 * Like storage-api's file backend, each object is a folder named by its key under the bucket's
 * folder (`<dataDir>/storage/<bucket>/<key...>/`) holding one file per version (`~<version>`);
 * `~` is not allowed in keys or bucket names, so a version file never collides with a key's folder
 * and the temporary folder `<dataDir>/storage/~tmp` never collides with a bucket. Keeping the
 * temporary folder inside the storage folder keeps it on the same file system even when the
 * storage folder is a volume of its own, so moving a finished upload in place is one rename.
 *
 * Bytes are made durable before the database row that points at them: written to a temporary
 * file, fsynced, renamed to their version's place and the folder fsynced; only then is the row
 * written. A crash in between leaves bytes without a row, never a listed object without bytes
 * (integrity.ts removes such leftovers at start-up). Every bucket id and key is validated (no
 * `..`, `.`, empty segments, absolute paths, NUL, backslash or other characters storage-api
 * refuses) and every resolved path is checked to stay inside the storage folder.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, open, readdir, rename, rm, rmdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../app.ts';
import { errors } from './errors.ts';

const KEY_CHARS = /^[\p{L}\p{N}\p{M}_/!\-.*'() &$@=;:+,?]+$/u;
const BUCKET_CHARS = /^[\w!\-.*'() &$@=;:+,?]+$/;
/** The temporary folder's name inside the storage folder (`~` is in no valid bucket name). */
export const TEMP_DIR = '~tmp';

/** storage-api's rule for object keys, plus what keeps them a safe relative path. */
export function checkKey(key: string): string {
  if (
    key.length === 0 ||
    key.length > 1024 ||
    !KEY_CHARS.test(key) ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..' || Buffer.byteLength(part) > 255)
  ) {
    throw errors.invalidKey(key);
  }
  return key;
}

export function isValidBucketName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= 100 &&
    name.trim() === name &&
    BUCKET_CHARS.test(name) &&
    name !== '.' &&
    name !== '..'
  );
}

export function checkBucketName(name: string): string {
  if (!isValidBucketName(name)) throw errors.invalidBucketName();
  return name;
}

/** A full disk (or quota) as the file system reports it. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Makes a rename or a new file in `dir` survive a crash (a no-op where folders cannot be synced). */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  try {
    await handle.sync().catch(() => {});
  } finally {
    await handle.close();
  }
}

export class ObjectFiles {
  private rootPromise: Promise<string> | null = null;
  private readonly locks = new Map<string, Promise<void>>();

  constructor(private readonly app: App) {}

  /** `<dataDir>/storage`, or a temporary folder when the backend keeps everything in memory. */
  root(): Promise<string> {
    this.rootPromise ??= (async () => {
      const dir = this.app.config.dataDir
        ? path.join(this.app.config.dataDir, 'storage')
        : await mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
      await mkdir(dir, { recursive: true });
      // Temporary files left by a process that stopped mid-upload are never needed again (the
      // sibling `storage-tmp` is where versions before this layout kept them).
      await rm(path.join(dir, TEMP_DIR), { recursive: true, force: true });
      await rm(`${dir}-tmp`, { recursive: true, force: true });
      await mkdir(path.join(dir, TEMP_DIR), { recursive: true });
      return dir;
    })();
    return this.rootPromise;
  }

  async bucketDir(bucket: string): Promise<string> {
    const root = await this.root();
    const dir = path.resolve(root, checkBucketName(bucket));
    if (path.dirname(dir) !== root) throw errors.invalidBucketName();
    return dir;
  }

  async objectDir(bucket: string, key: string): Promise<string> {
    const bucketDir = await this.bucketDir(bucket);
    const dir = path.resolve(bucketDir, ...checkKey(key).split('/'));
    if (!dir.startsWith(bucketDir + path.sep)) throw errors.invalidKey(key);
    return dir;
  }

  async versionFile(bucket: string, key: string, version: string): Promise<string> {
    if (!/^[\w-]+$/.test(version)) throw errors.noSuchKey();
    return path.join(await this.objectDir(bucket, key), `~${version}`);
  }

  /** A new temporary file path inside the storage folder (same file system, so rename works). */
  async tempFile(): Promise<string> {
    return path.join(await this.root(), TEMP_DIR, randomUUID());
  }

  /**
   * Runs `fn` while no other write touches these keys: placing a version, writing its row and
   * dropping the versions it replaced happen as one step, so a concurrent upload of the same key
   * never has its freshly placed bytes dropped as "old" before its row is written.
   */
  async withKeys<T>(keys: Array<[string, string]>, fn: () => Promise<T>): Promise<T> {
    const names = [...new Set(keys.map(([bucket, key]) => `${bucket}\u0000${key}`))].sort();
    const previous = names.map((name) => this.locks.get(name) ?? Promise.resolve());
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    for (const name of names) this.locks.set(name, done);
    await Promise.all(previous);
    try {
      return await fn();
    } finally {
      release();
      for (const name of names) if (this.locks.get(name) === done) this.locks.delete(name);
    }
  }

  /** Moves a finished, fsynced temporary file to its version's place, durably. */
  async place(temp: string, bucket: string, key: string, version: string): Promise<void> {
    const target = await this.versionFile(bucket, key, version);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
    await syncDir(path.dirname(target));
  }

  /** Copies a stored version to another key's new version, durably, before any row names it. */
  async copyVersion(
    from: { bucket: string; key: string; version: string },
    to: { bucket: string; key: string; version: string },
  ): Promise<void> {
    const temp = await this.tempFile();
    try {
      await copyFile(await this.versionFile(from.bucket, from.key, from.version), temp);
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.place(temp, to.bucket, to.key, to.version);
    } catch (error) {
      await removeQuietly(temp);
      if ((error as { code?: unknown }).code === 'ENOENT') throw errors.noSuchKey();
      throw error;
    }
  }

  /** Removes one version file (bytes whose row was never written), then the folders left empty. */
  async dropVersion(bucket: string, key: string, version: string): Promise<void> {
    const file = await this.versionFile(bucket, key, version);
    await rm(file, { force: true });
    await this.pruneEmpty(bucket, path.dirname(file));
  }

  /** Removes every version file of a key except `keep`, then the folders left empty. */
  async dropOtherVersions(bucket: string, key: string, keep: string | null): Promise<void> {
    const dir = await this.objectDir(bucket, key);
    const entries = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      entries
        .filter((name) => name.startsWith('~') && name !== `~${keep}`)
        .map((name) => rm(path.join(dir, name), { force: true })),
    );
    await this.pruneEmpty(bucket, dir);
  }

  async removeBucket(bucket: string): Promise<void> {
    await rm(await this.bucketDir(bucket), { recursive: true, force: true });
  }

  /** Removes empty folders from `dir` up to (not including) the bucket's folder. */
  async pruneEmpty(bucket: string, dir: string): Promise<void> {
    const bucketDir = await this.bucketDir(bucket);
    let current = dir;
    while (current.startsWith(bucketDir + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = path.dirname(current);
    }
  }
}

export async function removeQuietly(file: string): Promise<void> {
  await rm(file, { force: true }).catch(() => {});
}
