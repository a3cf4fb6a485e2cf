/**
 * "I need a ride" / "Going on my own" through the sync engine (issue 21): the `ride.need` kind made
 * offline shows at once, is sent once (a replay changes nothing more on the server), reaches the
 * other member by pull, and a seat taken ends "needs a ride" on the device as on the server.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { pushNext } from '../../src/sync/push.ts';
import { rideNeedKey } from '../../src/features/transport/sync/index.ts';
import { type Device } from './support/device.ts';
import { closeDevices, ctxOf, envOf, pullOnto as sync, twoMembersOnOneEvent } from './support/crew.ts';

let backend: TestBackend;
let ada: Device; // starter: creator of the event, drives
let bob: Device; // member: needs a ride
let eventId: string;

beforeAll(async () => {
  backend = await startTestBackend({ fixtures: false });
  ({ ada, bob, eventId } = await twoMembersOnOneEvent(backend, { creatorTier: 'starter', eventName: 'Lake weekend' }));
});

afterAll(async () => {
  await closeDevices([ada, bob]);
  await backend?.stop();
});

/** The event's ride statuses on the server, without the times a replay may bump. */
async function serverNeeds() {
  const { rows } = await backend.db.query(
    `select user_id, status, note, deleted_at is not null as cleared from public.ride_needs where event_id = $1
     order by user_id`,
    [eventId],
  );
  return rows;
}

/** Queues a change on `d` (shown on the device at once), sends its call twice and checks the server did it once. */
async function sendTwice(d: Device, args: unknown) {
  const queued = await mutate(envOf(d), 'ride.need', args);
  const entry = (await d.db.outbox.where('mutationId').equals(queued.mutationId).first())!;
  const mine = await d.db.rideNeeds.get(rideNeedKey(eventId, d.userId));
  await d.registry.get('ride.need').send(ctxOf(d), entry.args);
  const once = await serverNeeds();
  await d.registry.get('ride.need').send(ctxOf(d), entry.args);
  expect(await serverNeeds()).toEqual(once);
  expect(await pushNext({ db: d.db, registry: d.registry, ctx: ctxOf(d) })).toMatchObject({ type: 'sent' });
  expect(await serverNeeds()).toEqual(once);
  return mine;
}

it('sets, changes and clears my status once each, and the other member pulls it', async () => {
  const asked = await sendTwice(bob, { eventId, status: 'needs_ride', note: '  From Thun  ' });
  expect(asked).toMatchObject({ user_id: bob.userId, status: 'needs_ride', note: 'From Thun' });
  expect(await serverNeeds()).toEqual([
    { user_id: bob.userId, status: 'needs_ride', note: 'From Thun', cleared: false },
  ]);
  await sync(ada);
  expect(await ada.db.rideNeeds.where('event_id').equals(eventId).toArray()).toMatchObject([
    { user_id: bob.userId, status: 'needs_ride', note: 'From Thun' },
  ]);

  // Going on my own drops the note; back to undecided is a tombstone, gone from both devices.
  await sendTwice(bob, { eventId, status: 'own_way', note: 'ignored' });
  expect(await serverNeeds()).toEqual([{ user_id: bob.userId, status: 'own_way', note: null, cleared: false }]);
  expect(await sendTwice(bob, { eventId, status: null })).toBeUndefined();
  expect(await serverNeeds()).toEqual([{ user_id: bob.userId, status: 'own_way', note: null, cleared: true }]);
  await sync(ada);
  await sync(bob);
  expect(await ada.db.rideNeeds.count()).toBe(0);
  expect(await bob.db.outbox.count()).toBe(0);
});

it('ends "needs a ride" on the device when I take a seat, as the database does', async () => {
  await sendTwice(bob, { eventId, status: 'needs_ride' });
  const { data: ride, error } = await ada.client
    .from('rides')
    .insert({ event_id: eventId, seats: 2, departure_place: 'Bern', departs_at: '2027-07-01T09:00' })
    .select('id')
    .single();
  if (error) throw error;
  await sync(bob);
  await mutate(envOf(bob), 'ride.claim', { eventId, rideId: ride.id as string });
  expect(await bob.db.rideNeeds.get(rideNeedKey(eventId, bob.userId))).toBeUndefined();
  expect(await pushNext({ db: bob.db, registry: bob.registry, ctx: ctxOf(bob) })).toMatchObject({ type: 'sent' });
  expect(await serverNeeds()).toEqual([{ user_id: bob.userId, status: 'needs_ride', note: null, cleared: true }]);
  await sync(ada);
  expect(await ada.db.rideNeeds.count()).toBe(0);
});
