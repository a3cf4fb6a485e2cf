/**
 * Ride needs in the database (issue 21): "I need a ride" / "Going on my own" per member and event.
 * Members read their event's statuses, a member writes only their own, outsiders nothing; the
 * tier gate of transport; and taking a seat ends "needs a ride" so drivers no longer see it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser;
let driver: TestUser;
let rider: TestUser;
let walker: TestUser;
let outsider: TestUser;
let eventId: string;
let freeEvent: string;

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'needcreator', { tier: 'starter' });
  driver = await makeUser(backend, 'needdriver');
  rider = await makeUser(backend, 'needrider');
  walker = await makeUser(backend, 'needwalker');
  outsider = await makeUser(backend, 'needoutsider', { tier: 'starter' });
  eventId = (await makeEvent(creator, { start_date: '2027-07-01', end_date: '2027-07-04' })).id;
  await addMembers(backend, eventId, [{ id: driver.id }, { id: rider.id }, { id: walker.id }]);
  const freeCreator = await makeUser(backend, 'needfree');
  freeEvent = (await makeEvent(freeCreator)).id;
  await addMembers(backend, freeEvent, [{ id: rider.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

const needs = (user: TestUser, event = eventId) =>
  user.client.from('ride_needs').select('user_id, status, note').eq('event_id', event).is('deleted_at', null);

it('lets a member set and change only their own status, which every member reads', async () => {
  const set = await rider.client
    .from('ride_needs')
    .upsert({ event_id: eventId, status: 'needs_ride', note: '  From Bern, after 5 pm  ', deleted_at: null })
    .select('user_id, status, note');
  expect(set.error).toBeNull();
  expect(set.data).toEqual([{ user_id: rider.id, status: 'needs_ride', note: 'From Bern, after 5 pm' }]);
  await walker.client.from('ride_needs').upsert({ event_id: eventId, status: 'own_way', deleted_at: null });

  const seen = (await needs(driver)).data ?? [];
  expect(seen).toHaveLength(2);
  expect(seen).toContainEqual({ user_id: walker.id, status: 'own_way', note: null });

  // Nobody writes someone else's status: as the rider, for the walker, or by changing the walker's row.
  const forged = await driver.client
    .from('ride_needs')
    .insert({ event_id: eventId, user_id: walker.id, status: 'needs_ride' });
  expect(forged.error?.code).toBe('42501');
  const changed = await driver.client
    .from('ride_needs')
    .update({ status: 'needs_ride' })
    .eq('user_id', walker.id)
    .select('user_id');
  expect(changed.data).toEqual([]);
  expect((await needs(walker)).data).toContainEqual({ user_id: walker.id, status: 'own_way', note: null });

  // A status outside the two, or a note over 200 characters, is refused and changes nothing.
  expect((await rider.client.from('ride_needs').update({ status: 'maybe' }).eq('event_id', eventId)).error?.code).toBe(
    '23514',
  );
  expect(
    (
      await rider.client
        .from('ride_needs')
        .update({ note: 'x'.repeat(201) })
        .eq('event_id', eventId)
    ).error?.code,
  ).toBe('23514');
});

it('shows outsiders nothing and lets them write nothing, and keeps a free event without statuses', async () => {
  expect((await needs(outsider)).data).toEqual([]);
  const insert = await outsider.client.from('ride_needs').insert({ event_id: eventId, status: 'needs_ride' });
  expect(insert.error?.message).toBe('Only members of the event can say how they get there.');
  expect((await creator.client.from('ride_needs').select('id').eq('user_id', outsider.id)).data).toEqual([]);
  const free = await rider.client.from('ride_needs').insert({ event_id: freeEvent, status: 'needs_ride' });
  expect(free.error?.message).toBe('Upgrade to starter to unlock this feature');
});

it('ends "needs a ride" when its member takes a seat, and keeps "going on my own"', async () => {
  const ride = await driver.client
    .from('rides')
    .insert({ event_id: eventId, seats: 3, departure_place: 'Bern', departs_at: '2027-07-01T09:00' })
    .select('id')
    .single();
  expect(ride.error).toBeNull();
  const rideId = ride.data!.id as string;
  expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: rideId })).toMatchObject({ success: true });
  expect(((await needs(driver)).data ?? []).map((row) => row.user_id)).toEqual([walker.id]);

  // Released and taken again: a new "needs a ride" said in between ends again.
  await rpc(rider.client, 'release_ride_seat', { p_ride_id: rideId });
  await rider.client.from('ride_needs').upsert({ event_id: eventId, status: 'needs_ride', deleted_at: null });
  expect((await needs(driver)).data).toHaveLength(2);
  await rpc(rider.client, 'claim_ride_seat', { p_ride_id: rideId });
  expect(((await needs(driver)).data ?? []).map((row) => row.user_id)).toEqual([walker.id]);
});
