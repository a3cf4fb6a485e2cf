/**
 * The start-up check of stored objects against their rows. Uploads make their bytes durable
 * before the row (files.ts), so a crash leaves at worst bytes without a row: a temporary file, or
 * a version file whose row was never written or whose replacement's row was. Those are removed.
 * A row whose bytes are gone (written by an older version of this backend that wrote the row
 * first, or a file removed by hand) would be listed and then answer "Object not found" to every
 * download: the row is removed and named in the log, so the object is gone everywhere at once
 * rather than half there.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { App } from '../app.ts';
import { isValidBucketName, TEMP_DIR, type ObjectFiles } from './files.ts';

export interface StorageRepair {
  /** `bucket/key` of rows removed because their bytes were missing. */
  rowsWithoutBytes: string[];
  /** `bucket/key/~version` of files removed because no row named them. */
  bytesWithoutRows: string[];
}

interface StoredVersion {
  bucket: string;
  key: string;
  version: string;
}

/** Every version file under the storage folder, with the bucket and key its folders spell. */
async function storedVersions(files: ObjectFiles): Promise<StoredVersion[]> {
  const root = await files.root();
  const found: StoredVersion[] = [];
  const buckets = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const bucket of buckets) {
    if (!bucket.isDirectory() || bucket.name === TEMP_DIR || !isValidBucketName(bucket.name)) continue;
    const entries = await readdir(path.join(root, bucket.name), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.startsWith('~')) continue;
      const key = path.relative(path.join(root, bucket.name), entry.parentPath).split(path.sep).join('/');
      if (key === '' || key.startsWith('..')) continue;
      found.push({ bucket: bucket.name, key, version: entry.name.slice(1) });
    }
  }
  return found;
}

/**
 * Compares rows and bytes and repairs what a crash or a hand left behind (see above). Runs before
 * the backend serves, so no upload is in flight. When there is no storage folder at all (a new
 * or another data folder beside a database that already lists objects) nothing is removed: that is
 * a configuration to fix, not a crash to clean up, and it is only reported.
 */
export async function repairStorage(app: App, files: ObjectFiles): Promise<StorageRepair> {
  const folder = app.config.dataDir ? path.join(app.config.dataDir, 'storage') : null;
  const folderExisted = folder !== null && (await stat(folder).catch(() => null))?.isDirectory() === true;
  const { rows } = await app.db.query<{ bucket_id: string; name: string; version: string | null }>(
    'select bucket_id, name, version from storage.objects',
  );
  const stored = await storedVersions(files);
  if (!folderExisted) {
    if (rows.length > 0) {
      console.warn(
        `[storage] the database lists ${rows.length} stored object(s) but the storage folder ${folder ?? '(in memory)'} was missing: their downloads will answer "Object not found"`,
      );
    }
    return { rowsWithoutBytes: [], bytesWithoutRows: [] };
  }
  const onDisk = new Set(stored.map((v) => `${v.bucket}\u0000${v.key}\u0000${v.version}`));
  const named = new Set(rows.map((row) => `${row.bucket_id}\u0000${row.name}\u0000${row.version}`));

  const repair: StorageRepair = { rowsWithoutBytes: [], bytesWithoutRows: [] };
  for (const row of rows) {
    if (row.version && onDisk.has(`${row.bucket_id}\u0000${row.name}\u0000${row.version}`)) continue;
    const removed = await app.db.query(
      'delete from storage.objects where bucket_id = $1 and name = $2 and version is not distinct from $3',
      [row.bucket_id, row.name, row.version],
    );
    if ((removed.rowCount ?? 0) > 0) repair.rowsWithoutBytes.push(`${row.bucket_id}/${row.name}`);
  }
  for (const version of stored) {
    if (named.has(`${version.bucket}\u0000${version.key}\u0000${version.version}`)) continue;
    await files.dropVersion(version.bucket, version.key, version.version).catch(() => {});
    repair.bytesWithoutRows.push(`${version.bucket}/${version.key}/~${version.version}`);
  }
  if (repair.rowsWithoutBytes.length > 0) {
    console.warn(
      `[storage] removed ${repair.rowsWithoutBytes.length} object row(s) whose bytes were missing: ${repair.rowsWithoutBytes
        .slice(0, 20)
        .join(', ')}${repair.rowsWithoutBytes.length > 20 ? ', ...' : ''}`,
    );
  }
  if (repair.bytesWithoutRows.length > 0 && !app.config.quiet) {
    console.log(`[storage] removed ${repair.bytesWithoutRows.length} stored file(s) no object row named`);
  }
  if (repair.rowsWithoutBytes.length > 0) app.notifyWrite();
  return repair;
}
