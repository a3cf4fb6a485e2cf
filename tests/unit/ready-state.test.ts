/** What the device keeps of Get ready: its id, read by the profile's live query without a write. */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { expect, it } from 'vitest';
import { deviceId, myDeviceRows } from '../../src/features/events/readiness/ready-state.ts';
import { freshDb } from '../sync/support/harness.ts';

const firstAnswer = <T>(query: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => {
        resolve(value);
        queueMicrotask(() => subscription.unsubscribe());
      },
      error: reject,
    });
  });

it('reads "Your devices" in a live query on a device that has no id yet, and names this device once it has one', async () => {
  const db = await freshDb();
  // A live query reads in a read-only transaction: making the id there would throw.
  expect(await firstAnswer(() => myDeviceRows(db, db.userId))).toEqual({ rows: [], me: null });
  const id = await deviceId(db);
  expect(await deviceId(db)).toBe(id);
  expect(await firstAnswer(() => myDeviceRows(db, db.userId))).toEqual({ rows: [], me: id });
});
