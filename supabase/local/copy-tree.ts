/**
 * A folder copied with many file copies in flight at once. Node 20's `fs.promises.cp` copies one
 * file after another (a stat, an open, a copy and a chmod each, awaited in turn); a PGlite data
 * folder is some 1,300 files, most of them small, so the copy waited on the disk file by file.
 */
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Files copied at once: enough to keep libuv's thread pool and the disk busy. */
const IN_FLIGHT = 32;

/**
 * Copies the folder `source` to `target` (a new folder): folders with their modes,
 * regular files with their contents and modes. Anything else (a symbolic link, a socket) is
 * refused, as a data folder holds none.
 */
export async function copyTree(source: string, target: string): Promise<void> {
  const files: string[] = [];
  const walk = async (relative: string) => {
    const from = path.join(source, relative);
    // The top folder's parents are made as needed, as fs.cp does.
    await mkdir(path.join(target, relative), { mode: (await stat(from)).mode & 0o7777, recursive: !relative });
    for (const entry of await readdir(from, { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) files.push(name);
      else throw new Error(`copyTree: ${path.join(source, name)} is neither a folder nor a file`);
    }
  };
  await walk('');
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const name = files[next++];
      // copyFile gives the copy the source's mode (libuv's uv_fs_copyfile).
      await copyFile(path.join(source, name), path.join(target, name));
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, files.length) }, worker));
}
