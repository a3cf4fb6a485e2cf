import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyTree } from './copy-tree.ts';

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-copy-tree-'));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every entry under `dir`: its path, its mode and, for a file, its content. */
async function listing(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const rows = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const { mode } = await stat(full);
      return [
        path.relative(dir, full),
        (mode & 0o7777).toString(8),
        entry.isFile() ? (await readFile(full)).toString('base64') : 'folder',
      ];
    }),
  );
  return rows.sort(([a], [b]) => a.localeCompare(b));
}

describe('copyTree', () => {
  it('copies nested folders, every file with its bytes and modes, empty ones too, into new parents', async () => {
    const source = path.join(work, 'source');
    await mkdir(path.join(source, 'base', '5'), { recursive: true });
    await mkdir(path.join(source, 'pg_wal', 'summaries'), { recursive: true });
    for (let i = 0; i < 200; i++) await writeFile(path.join(source, 'base', '5', String(i)), Buffer.alloc(i * 97, i));
    await writeFile(path.join(source, 'PG_VERSION'), '17\n');
    await writeFile(path.join(source, 'empty'), '');
    await chmod(path.join(source, 'PG_VERSION'), 0o600);
    await chmod(path.join(source, 'pg_wal'), 0o700);

    const target = path.join(work, 'made', 'on', 'the', 'way');
    await copyTree(source, target);

    expect(await listing(target)).toEqual(await listing(source));
    expect((await listing(target)).length).toBe(206);
  });

  it('refuses what is neither a folder nor a file', async () => {
    const source = path.join(work, 'source');
    await mkdir(source);
    await writeFile(path.join(source, 'real'), 'x');
    await symlink(path.join(source, 'real'), path.join(source, 'link'));
    await expect(copyTree(source, path.join(work, 'target'))).rejects.toThrow(/link is neither a folder nor a file/);
  });
});
