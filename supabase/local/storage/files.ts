/**
 * Where stored objects' bytes live and how names are checked before they reach the disk.
 *
 * Like storage-api's file backend, each object is a folder named by its key under the bucket's
 * folder (`<dataDir>/storage/<bucket>/<key...>/`) holding one file per version (`~<version>`);
 * `~` is not allowed in keys, so a version file never collides with a key's folder. Uploads are
 * written to a temporary file first and moved in place once the database row has committed. Every
 * bucket id and key is validated (no `..`, `.`, empty segments, absolute paths, NUL, backslash or
 * other characters storage-api refuses) and every resolved path is checked to stay inside the
 * storage folder.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rename, rm, rmdir, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../app.ts';
import { errors } from './errors.ts';

const KEY_CHARS = /^[\p{L}\p{N}\p{M}_/!\-.*'() &$@=;:+,?]+$/u;
const BUCKET_CHARS = /^[\w!\-.*'() &$@=;:+,?]+$/;

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

export class ObjectFiles {
  private rootPromise: Promise<string> | null = null;

  constructor(private readonly app: App) {}

  /** `<dataDir>/storage`, or a temporary folder when the backend keeps everything in memory. */
  root(): Promise<string> {
    this.rootPromise ??= (async () => {
      const dir = this.app.config.dataDir
        ? path.join(this.app.config.dataDir, 'storage')
        : await mkdtemp(path.join(os.tmpdir(), 'local-storage-'));
      await mkdir(dir, { recursive: true });
      // Temporary files left by a process that stopped mid-upload are never needed again.
      await rm(`${dir}-tmp`, { recursive: true, force: true });
      await mkdir(`${dir}-tmp`, { recursive: true });
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

  /** A new temporary file path beside the storage folder (same file system, so rename works). */
  async tempFile(): Promise<string> {
    return path.join(`${await this.root()}-tmp`, randomUUID());
  }

  /** Moves an uploaded temporary file to its version's place and drops the key's other versions. */
  async commit(temp: string, bucket: string, key: string, version: string): Promise<void> {
    const target = await this.versionFile(bucket, key, version);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
    await this.dropOtherVersions(bucket, key, version);
  }

  async copyVersion(
    from: { bucket: string; key: string; version: string },
    to: { bucket: string; key: string; version: string },
  ) {
    const temp = await this.tempFile();
    await copyFile(await this.versionFile(from.bucket, from.key, from.version), temp);
    await this.commit(temp, to.bucket, to.key, to.version);
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

  private async pruneEmpty(bucket: string, dir: string): Promise<void> {
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
