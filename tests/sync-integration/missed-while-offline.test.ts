/**
 * Missed while offline: Realtime delivers nothing that happened while a device was away, so what
 * others did meanwhile (a change, a soft deletion, a deletion for good, this user's removal from
 * an event) must all show on the device after it reconnects, through the pull and the reconcile
 * of visible events. The device's own changes made offline go out on reconnect.
 */
import 'fake-indexeddb/auto';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memberKey } from '../../src/features/events/sync/member-rows.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { device, newUser, type Device } from './support/device.ts';

let backend: TestBackend;
let ada: Device;
let bob: Device;

beforeAll(async () => {
  backend = await startTestBackend({
    fixtures: false,
    functionsDir: path.resolve(import.meta.dirname, '../../supabase/functions'),
  });
  ada = await device(backend, await newUser(backend, 'ada'));
  bob = await device(backend, await newUser(backend, 'bob'));
});

afterAll(async () => {
  for (const d of [ada, bob]) {
    await d?.stop();
    d?.db.close();
  }
  await backend?.stop();
});

async function createEvent(name: string): Promise<string> {
  const queued = await ada.engine!.mutate<{ id: string }>('event.create', { name });
  await ada.engine!.whenIdle();
  const rows = await ada.db.events.filter((e) => e.client_ref?.startsWith(`${queued.args.id}.`) ?? false).toArray();
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

it('shows what others changed, deleted and removed while the device was offline', async () => {
  await ada.start({ realtime: true });
  const changed = await createEvent('Changes');
  const softDeleted = await createEvent('Soft deleted');
  const deleted = await createEvent('Deleted for good');
  const removedFrom = await createEvent('Removed from');
  for (const id of [changed, softDeleted, deleted, removedFrom])
    await ada.engine!.mutate('member.add', { eventId: id, userId: bob.userId });
  await ada.engine!.whenIdle();

  await bob.start({ realtime: true });
  await bob.engine!.whenIdle();
  expect((await bob.db.events.toArray()).map((e) => e.name).sort()).toEqual([
    'Changes',
    'Deleted for good',
    'Removed from',
    'Soft deleted',
  ]);

  // Bob goes offline (the app closes; nothing is listening).
  await bob.stop();

  await ada.engine!.mutate('event.update', { id: changed, changes: { location: 'New place' } });
  await ada.engine!.mutate('event.soft-delete', { id: softDeleted });
  await ada.engine!.mutate('event.delete', { id: deleted });
  await ada.engine!.mutate('member.remove', { eventId: removedFrom, userId: bob.userId });
  await ada.engine!.whenIdle();
  expect(await ada.db.outbox.where('status').equals('rejected').count()).toBe(0);

  // Bob, still offline, changes his name; it goes out on reconnect.
  await mutate({ db: bob.db, registry: bob.registry, userId: bob.userId, clientId: 'bob-device' }, 'profile.update', {
    changes: { name: 'Bob Offline' },
  });

  await bob.start({ realtime: true });
  await bob.engine!.whenIdle();
  expect((await bob.db.events.get(changed))?.location).toBe('New place');
  expect((await bob.db.events.get(softDeleted))?.status).toBe('deleted');
  expect(await bob.db.events.get(deleted)).toBeUndefined();
  expect(await bob.db.events.get(removedFrom)).toBeUndefined();
  expect(await bob.db.members.where('event_id').equals(removedFrom).count()).toBe(0);
  expect(await bob.db.members.get(memberKey(deleted, ada.userId))).toBeUndefined();
  expect((await backend.db.query(`select name from public.profiles where id = $1`, [bob.userId])).rows[0].name).toBe(
    'Bob Offline',
  );
  expect(await bob.db.outbox.count()).toBe(0);
}, 120_000); // four devices and a dozen round trips: 25-45 s on a busy 2-core machine
