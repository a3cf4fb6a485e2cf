/**
 * The local backend's VAPID keys (supabase/local/deliveries.ts): made once and kept in the data
 * folder; a key file cut short by a kill during the first start (found by the kill -9 test of
 * startup.test.ts) does not stop the next start.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { vapidKeys } from '../../supabase/local/deliveries.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-vapid-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const stored = async () => JSON.parse(await readFile(path.join(dataDir, 'vapid.json'), 'utf8')) as unknown;

it('makes the keys on the first start and keeps them for the next', async () => {
  const first = await vapidKeys(dataDir);
  expect(first.VAPID_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(await stored()).toEqual(first);
  expect(await readdir(dataDir)).toEqual(['vapid.json']);
  expect(await vapidKeys(dataDir)).toEqual(first);
});

it('makes new keys over a key file cut short', async () => {
  await writeFile(path.join(dataDir, 'vapid.json'), '{"VAPID_PUBLIC_KEY": "BP');
  const keys = await vapidKeys(dataDir);
  expect(keys.VAPID_PRIVATE_KEY).toBeTruthy();
  expect(await stored()).toEqual(keys);
  expect(await readdir(dataDir)).toEqual(['vapid.json']);
});
