/**
 * Transport in the database (issue 8, basic transport): rides and their passengers. Who reads
 * and writes through REST (anonymous, outsider, member, driver, event admin), the columns no
 * client may forge, the tier gate (a free event has no rides), seats claimed and released only
 * through the procedures, one ride per member, and the seat limit, including two members taking
 * the last seat at the same moment. Premium transport (organizer): return trips with one ride per
 * member and direction, pick-up points and the passengers' choice of one, and a ride's costs split
 * into an expense, each refused on a starter event for every writer.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, rpc, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser; // starter tier: creator of the starter event
let eventAdmin: TestUser;
let driver: TestUser;
let rider: TestUser;
let other: TestUser;
let outsider: TestUser;
let freeCreator: TestUser;
let anon: SupabaseClient;
let organizer: TestUser; // organizer tier: creator of the organizer event
let starterEvent: string;
let freeEvent: string;
let organizerEvent: string;

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'creator', { tier: 'starter' });
  eventAdmin = await makeUser(backend, 'eventadmin');
  driver = await makeUser(backend, 'driver');
  rider = await makeUser(backend, 'rider');
  other = await makeUser(backend, 'other');
  outsider = await makeUser(backend, 'outsider', { tier: 'organizer' });
  freeCreator = await makeUser(backend, 'freecreator');
  anon = backend.anon();
  starterEvent = (await makeEvent(creator, { start_date: '2027-07-01', end_date: '2027-07-04' })).id;
  freeEvent = (await makeEvent(freeCreator, { start_date: '2027-08-01', end_date: '2027-08-03' })).id;
  await addMembers(backend, starterEvent, [
    { id: eventAdmin.id, role: 'admin' },
    { id: driver.id },
    { id: rider.id },
    { id: other.id },
  ]);
  await addMembers(backend, freeEvent, [{ id: driver.id }, { id: rider.id }]);
  organizer = await makeUser(backend, 'organizer', { tier: 'organizer' });
  organizerEvent = (await makeEvent(organizer, { start_date: '2027-09-01', end_date: '2027-09-04' })).id;
  await addMembers(backend, organizerEvent, [{ id: driver.id }, { id: rider.id }, { id: other.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await backend.db.query<T>(text, params)).rows;
}

function offer(client: SupabaseClient, eventId: string, fields: Record<string, unknown> = {}) {
  return client
    .from('rides')
    .insert({
      id: randomUUID(),
      event_id: eventId,
      seats: 2,
      departure_place: 'Bern station',
      departs_at: '2027-07-01T09:00:00',
      ...fields,
    })
    .select('id, driver_id, seats')
    .single();
}

async function ride(client: SupabaseClient, seats = 2): Promise<string> {
  const { data, error } = await offer(client, starterEvent, { seats });
  if (error) throw new Error(error.message);
  return data!.id as string;
}

async function seats(rideId: string): Promise<string[]> {
  return (
    await sql<{ user_id: string }>(
      `select user_id from public.ride_passengers where ride_id = $1 and deleted_at is null order by user_id`,
      [rideId],
    )
  ).map((r) => r.user_id);
}

describe('rides', () => {
  it('lets members offer rides they drive and read them; nobody else', async () => {
    const { data, error } = await offer(driver.client, starterEvent);
    expect(error).toBeNull();
    expect(data).toMatchObject({ driver_id: driver.id, seats: 2 });
    expect((await other.client.from('rides').select('id').eq('id', data!.id)).data).toHaveLength(1);
    expect((await outsider.client.from('rides').select('id').eq('id', data!.id)).data).toEqual([]);
    expect((await anon.from('rides').select('id')).error?.code).toBe('42501');

    const byOutsider = await offer(outsider.client, starterEvent);
    expect(byOutsider.error?.message).toBe('Only members of the event can offer a ride.');
    expect(await sql(`select 1 from public.rides where driver_id = $1`, [outsider.id])).toEqual([]);
    expect((await offer(anon, starterEvent)).error?.code).toBe('42501');
    // The driver is the caller: a member cannot offer a ride in someone else's name.
    const forged = await offer(rider.client, starterEvent, { driver_id: driver.id });
    expect(forged.error?.code).toBe('42501');
  });

  it('is refused on a free event with the upgrade message', async () => {
    const { error } = await offer(driver.client, freeEvent);
    expect(error?.code).toBe('P0001');
    expect(error?.message).toBe('Upgrade to starter to unlock this feature');
  });

  it('lets the driver and the managers change or cancel a ride, not other members', async () => {
    const id = await ride(driver.client);
    const byOther = await other.client.from('rides').update({ seats: 4 }).eq('id', id).select('id');
    expect(byOther.data).toEqual([]);
    expect((await driver.client.from('rides').update({ seats: 4 }).eq('id', id).select('seats')).data).toEqual([
      { seats: 4 },
    ]);
    expect(
      (await eventAdmin.client.from('rides').update({ notes: 'Bring snacks' }).eq('id', id).select('id')).data,
    ).toHaveLength(1);
    const moved = await driver.client.from('rides').update({ event_id: freeEvent }).eq('id', id);
    expect(moved.error?.code).toBe('42501');

    await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id });
    expect(await seats(id)).toEqual([rider.id]);
    const cancelled = await creator.client
      .from('rides')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', id)
      .select('id');
    expect(cancelled.data).toHaveLength(1);
    expect(await seats(id)).toEqual([]);
    // Cancelling again changes nothing; a cancelled ride cannot be brought back.
    const again = await driver.client.from('rides').update({ deleted_at: null }).eq('id', id).select('id');
    expect(again.error?.message).toBe('This has been deleted.');
  });

  it('refuses fewer seats than passengers, saying how many are needed', async () => {
    const id = await ride(driver.client, 3);
    await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id });
    await rpc(other.client, 'claim_ride_seat', { p_ride_id: id });
    const { error } = await driver.client.from('rides').update({ seats: 1 }).eq('id', id);
    expect(error?.message).toBe('This ride already has 2 passengers; it needs at least 2 seats.');
    await rpc(rider.client, 'release_ride_seat', { p_ride_id: id });
    await rpc(other.client, 'release_ride_seat', { p_ride_id: id });
  });
});

describe('seats', () => {
  it('are taken and given back only through the procedures', async () => {
    const id = await ride(driver.client);
    const direct = await rider.client
      .from('ride_passengers')
      .insert({ ride_id: id, event_id: starterEvent, user_id: rider.id });
    expect(direct.error?.code).toBe('42501');
    expect((await outsider.client.rpc('claim_ride_seat', { p_ride_id: id })).data).toEqual({
      success: false,
      message: 'This ride is not in one of your events.',
    });
    expect((await anon.rpc('claim_ride_seat', { p_ride_id: id })).error).not.toBeNull();

    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id })).toEqual({
      success: true,
      message: 'Seat claimed.',
    });
    // A replay finds the seat already taken: success, and still one seat.
    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id })).toEqual({
      success: true,
      message: 'You have a seat in this ride.',
    });
    expect(await seats(id)).toEqual([rider.id]);
    expect((await other.client.from('ride_passengers').select('user_id').eq('ride_id', id)).data).toEqual([
      { user_id: rider.id },
    ]);
    expect((await outsider.client.from('ride_passengers').select('user_id').eq('ride_id', id)).data).toEqual([]);

    expect(await rpc(driver.client, 'claim_ride_seat', { p_ride_id: id })).toEqual({
      success: false,
      message: 'You are driving this ride.',
    });
    const second = await ride(eventAdmin.client);
    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: second })).toEqual({
      success: false,
      message: 'You already have a seat in another ride. Give it up first.',
    });

    // Only the driver and managers take others off a ride.
    expect(await rpc(other.client, 'release_ride_seat', { p_ride_id: id, p_user_id: rider.id })).toEqual({
      success: false,
      message: "Only the driver and the event's managers can take others off a ride.",
    });
    expect(await rpc(driver.client, 'release_ride_seat', { p_ride_id: id, p_user_id: rider.id })).toMatchObject({
      success: true,
    });
    expect(await seats(id)).toEqual([]);
    // Released twice: still released.
    expect(await rpc(rider.client, 'release_ride_seat', { p_ride_id: id })).toMatchObject({ success: true });
    // Taken again after giving it up.
    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id })).toMatchObject({ success: true });
    expect(await seats(id)).toEqual([rider.id]);
    await rpc(rider.client, 'release_ride_seat', { p_ride_id: id });
    await eventAdmin.client.from('rides').update({ deleted_at: new Date().toISOString() }).eq('id', second);
  });

  it('never exceed the ride: a full ride says so, for every writer', async () => {
    const id = await ride(driver.client, 1);
    await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id });
    expect(await rpc(other.client, 'claim_ride_seat', { p_ride_id: id })).toEqual({
      success: false,
      message: 'This ride is full.',
    });
    // Even a writer that bypasses the procedures (the service role) meets the limit.
    await expect(
      sql(`insert into public.ride_passengers (ride_id, event_id, user_id) values ($1, $2, $3)`, [
        id,
        starterEvent,
        other.id,
      ]),
    ).rejects.toThrow('This ride is full.');
    await rpc(rider.client, 'release_ride_seat', { p_ride_id: id });
  });

  it('lets exactly one of two members take the last seat at the same moment', async () => {
    const id = await ride(driver.client, 1);
    const claim = (u: TestUser) => rpc(u.client, 'claim_ride_seat', { p_ride_id: id });
    type Answer = { success: boolean; message: string };
    let racing: Promise<Answer[]>;
    if (backend.db.kind === 'postgres') {
      // Hold the ride row so both claims are inside the procedure, waiting on the same lock,
      // before either counts the seats; committing lets them go at the same moment.
      const waiting = async () =>
        (
          await backend.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0].n;
      await backend.db.transaction(async (tx) => {
        await tx.query(`select 1 from public.rides where id = $1 for update`, [id]);
        racing = Promise.all([claim(rider), claim(other)]);
        for (let i = 0; i < 200 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 25));
        expect(await waiting()).toBe(2);
      });
    } else {
      racing = Promise.all([claim(rider), claim(other)]);
    }
    const results = await racing!;
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)?.message).toBe('This ride is full.');
    expect(await seats(id)).toHaveLength(1);
  });

  it('are refused on a free event, where not even the service role puts a ride', async () => {
    await expect(
      sql(
        `insert into public.rides (event_id, driver_id, seats, departure_place, departs_at)
         values ($1, $2, 2, 'Thun', '2027-08-01T10:00')`,
        [freeEvent, driver.id],
      ),
    ).rejects.toThrow('Upgrade to starter to unlock this feature');
    expect((await rider.client.rpc('claim_ride_seat', { p_ride_id: randomUUID() })).data).toEqual({
      success: false,
      message: 'This ride is not in one of your events.',
    });
  });
});

describe('realtime and privileges', () => {
  it('publishes both tables with their whole rows', async () => {
    const published = await sql<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime'
       and tablename in ('rides', 'ride_passengers') order by tablename`,
    );
    expect(published.map((r) => r.tablename)).toEqual(['ride_passengers', 'rides']);
    const identity = await sql<{ relname: string; relreplident: string }>(
      `select relname, relreplident from pg_class where relname in ('rides', 'ride_passengers') order by relname`,
    );
    expect(identity.map((r) => r.relreplident)).toEqual(['f', 'f']);
  });
});

describe('premium transport', () => {
  const stop = (id: string, place: string, time: string | null = null) => ({ id, place, time });
  const upgrade = 'Upgrade to organizer to unlock this feature';

  async function organizerRide(client: SupabaseClient, fields: Record<string, unknown> = {}): Promise<string> {
    const { data, error } = await offer(client, organizerEvent, { departs_at: '2027-09-01T09:00:00', ...fields });
    if (error) throw new Error(error.message);
    return data!.id as string;
  }

  it('keeps return trips and pick-up points to organizer events, for every writer', async () => {
    const back = await offer(driver.client, starterEvent, { direction: 'return' });
    expect(back.error).toMatchObject({ code: 'P0001', message: upgrade });
    const withStop = await offer(driver.client, starterEvent, { stops: [stop('s1', 'Thun')] });
    expect(withStop.error).toMatchObject({ code: 'P0001', message: upgrade });
    await expect(
      sql(
        `insert into public.rides (event_id, driver_id, seats, departure_place, departs_at, direction)
         values ($1, $2, 2, 'Thun', '2027-07-04T18:00', 'return')`,
        [starterEvent, driver.id],
      ),
    ).rejects.toThrow(upgrade);
    // An outbound ride of a starter event cannot be turned into one either.
    const id = await ride(driver.client);
    expect((await driver.client.from('rides').update({ direction: 'return' }).eq('id', id)).error?.message).toBe(
      upgrade,
    );
    expect(
      (
        await driver.client
          .from('rides')
          .update({ stops: [stop('s1', 'Thun')] })
          .eq('id', id)
      ).error?.message,
    ).toBe(upgrade);
    expect(await sql(`select direction, stops from public.rides where id = $1`, [id])).toEqual([
      { direction: 'outbound', stops: [] },
    ]);

    const organized = await organizerRide(driver.client, {
      direction: 'return',
      stops: [stop('s1', 'Thun', '18:30'), stop('s2', 'Spiez')],
    });
    expect(await sql(`select direction, stops from public.rides where id = $1`, [organized])).toEqual([
      { direction: 'return', stops: [stop('s1', 'Thun', '18:30'), stop('s2', 'Spiez')] },
    ]);
    await driver.client.from('rides').update({ deleted_at: new Date().toISOString() }).eq('id', organized);
  });

  it('keeps the data of a downgraded event: its rides can still be changed, not given new premium fields', async () => {
    const id = await organizerRide(driver.client, { direction: 'return', stops: [stop('s1', 'Thun')] });
    await sql(`update public.events set access_tier = 'starter' where id = $1`, [organizerEvent]);
    try {
      expect((await driver.client.from('rides').update({ seats: 3 }).eq('id', id).select('seats')).data).toEqual([
        { seats: 3 },
      ]);
      const more = await driver.client
        .from('rides')
        .update({ stops: [stop('s1', 'Thun'), stop('s2', 'Spiez')] })
        .eq('id', id);
      expect(more.error?.message).toBe(upgrade);
      expect((await driver.client.from('rides').update({ stops: [] }).eq('id', id).select('id')).data).toHaveLength(1);
    } finally {
      await sql(`update public.events set access_tier = 'organizer' where id = $1`, [organizerEvent]);
    }
    await driver.client.from('rides').update({ deleted_at: new Date().toISOString() }).eq('id', id);
  });

  it('checks the pick-up points: a place, an optional HH:MM time, distinct ids, at most 10', async () => {
    const bad = [
      [{ id: 's1', place: '  ' }],
      [{ id: 's1', place: 'Thun', time: '25:00' }],
      [{ id: 's1', place: 'Thun', time: 1830 }],
      [{ place: 'Thun' }],
      ['Thun'],
    ];
    for (const stops of bad) {
      const { error } = await offer(driver.client, organizerEvent, { stops });
      expect(error?.message).toBe('Each pick-up point has a place (up to 200 characters) and, if given, a time HH:MM.');
    }
    const twice = await offer(driver.client, organizerEvent, { stops: [stop('s1', 'Thun'), stop('s1', 'Spiez')] });
    expect(twice.error?.message).toBe('Each pick-up point of a ride needs its own id.');
    const many = await offer(driver.client, organizerEvent, {
      stops: Array.from({ length: 11 }, (_, i) => stop(`s${i}`, `Stop ${i}`)),
    });
    expect(many.error?.message).toBe('A ride can have at most 10 pick-up points.');
  });

  it('allows one ride per member and direction: a seat there and a seat back', async () => {
    const there = await organizerRide(driver.client);
    const there2 = await organizerRide(eventAdmin.client === undefined ? other.client : other.client);
    const back = await organizerRide(driver.client, { direction: 'return', departs_at: '2027-09-04T17:00:00' });
    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: there })).toMatchObject({ success: true });
    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: there2 })).toEqual({
      success: false,
      message: 'You already have a seat in another ride. Give it up first.',
    });
    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: back })).toMatchObject({ success: true });
    expect(await seats(back)).toEqual([rider.id]);
    const back2 = await organizerRide(organizer.client, { direction: 'return', departs_at: '2027-09-04T18:00:00' });
    expect(await rpc(rider.client, 'claim_ride_seat', { p_ride_id: back2 })).toEqual({
      success: false,
      message: 'You already have a seat in another ride back. Give it up first.',
    });
    // The driver of an outbound ride (other) may ride home with someone, not drive and sit both ways.
    expect(await rpc(other.client, 'claim_ride_seat', { p_ride_id: back })).toMatchObject({ success: true });
    expect(await rpc(other.client, 'claim_ride_seat', { p_ride_id: there })).toEqual({
      success: false,
      message: 'You are driving a ride to this event.',
    });
    // A ride with passengers keeps its direction.
    const turned = await driver.client.from('rides').update({ direction: 'outbound' }).eq('id', back);
    expect(turned.error?.message).toBe('This ride has passengers; its direction can only change while it has none.');
    for (const id of [there, there2, back, back2])
      await sql(`update public.rides set deleted_at = clock_timestamp() where id = $1`, [id]);
  });

  it('lets a passenger choose a stop of the ride to get on, once for a replay', async () => {
    const id = await organizerRide(driver.client, { stops: [stop('s1', 'Thun', '09:30'), stop('s2', 'Spiez')] });
    expect(await rpc(rider.client, 'choose_ride_pickup', { p_ride_id: id, p_stop_id: 's1' })).toEqual({
      success: false,
      message: 'You have no seat in this ride.',
    });
    await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id });
    expect(await rpc(rider.client, 'choose_ride_pickup', { p_ride_id: id, p_stop_id: 'nope' })).toEqual({
      success: false,
      message: 'This pick-up point is no longer on the ride.',
    });
    expect(await rpc(rider.client, 'choose_ride_pickup', { p_ride_id: id, p_stop_id: 's2' })).toEqual({
      success: true,
      message: 'Pick-up point saved.',
    });
    const pickup = () =>
      sql<{ pickup_stop_id: string | null; updated_at: string }>(
        `select pickup_stop_id, updated_at::text from public.ride_passengers where ride_id = $1 and user_id = $2`,
        [id, rider.id],
      );
    const first = await pickup();
    expect(first[0].pickup_stop_id).toBe('s2');
    expect(await rpc(rider.client, 'choose_ride_pickup', { p_ride_id: id, p_stop_id: 's2' })).toMatchObject({
      success: true,
    });
    expect(await pickup()).toEqual(first); // the replay wrote nothing
    expect(
      (await other.client.from('ride_passengers').select('user_id, pickup_stop_id').eq('ride_id', id)).data,
    ).toEqual([{ user_id: rider.id, pickup_stop_id: 's2' }]);

    // The driver takes the stop off the ride: the rider gets on at the departure place again.
    await driver.client
      .from('rides')
      .update({ stops: [stop('s1', 'Thun', '09:30')] })
      .eq('id', id);
    expect((await pickup())[0].pickup_stop_id).toBeNull();

    // No writer chooses a stop that is not on the ride, nor one on a starter event.
    await expect(
      sql(`update public.ride_passengers set pickup_stop_id = 's9' where ride_id = $1 and user_id = $2`, [
        id,
        rider.id,
      ]),
    ).rejects.toThrow('This pick-up point is not on the ride.');
    // On a starter event (where the rider may already sit in another ride: the seat is put directly).
    const starterRide = await ride(driver.client);
    await sql(`insert into public.ride_passengers (ride_id, event_id, user_id) values ($1, $2, $3)`, [
      starterRide,
      starterEvent,
      rider.id,
    ]);
    await expect(rpc(rider.client, 'choose_ride_pickup', { p_ride_id: starterRide, p_stop_id: 's1' })).rejects.toThrow(
      `P0001 ${upgrade}`,
    );
    await expect(
      sql(`update public.ride_passengers set pickup_stop_id = 's1' where ride_id = $1 and user_id = $2`, [
        starterRide,
        rider.id,
      ]),
    ).rejects.toThrow(upgrade);
    await sql(`update public.rides set deleted_at = clock_timestamp() where id = $1`, [starterRide]);
    await sql(`update public.rides set deleted_at = clock_timestamp() where id = $1`, [id]);
  });

  it('points a ride at the expense its fuel and toll were split into, on organizer events only', async () => {
    const id = await organizerRide(driver.client);
    await rpc(rider.client, 'claim_ride_seat', { p_ride_id: id });
    const expense = async (eventId: string, amount: number) => {
      const expenseId = randomUUID();
      const half = Math.floor(amount / 2);
      const { error } = await driver.client.from('expenses').insert({
        id: expenseId,
        event_id: eventId,
        title: 'Fuel and toll',
        amount_minor: amount,
        paid_by: driver.id,
        category: 'transport',
        shares: [
          { user_id: driver.id, share_minor: amount - half },
          { user_id: rider.id, share_minor: half },
        ],
      });
      if (error) throw new Error(error.message);
      return expenseId;
    };
    const split = (rideId: string, fields: Record<string, unknown>) =>
      driver.client.from('rides').update({ cost_split: fields }).eq('id', rideId).select('cost_split');

    const costs = await expense(organizerEvent, 9000);
    const wrong = await split(id, { expense_id: costs, fuel_minor: 6000, toll_minor: 4000 });
    expect(wrong.error?.message).toBe('The expense is 9000 cents, not the 10000 of fuel and toll.');
    expect((await split(id, { expense_id: costs, fuel_minor: -1, toll_minor: 9001 })).error?.message).toBe(
      'Fuel and toll are whole, non-negative numbers of cents, together more than 0.',
    );
    expect((await split(id, { expense_id: randomUUID(), fuel_minor: 6000, toll_minor: 3000 })).error?.message).toBe(
      'The expense of this cost split is not in the event.',
    );
    const done = await split(id, { expense_id: costs, fuel_minor: 6000, toll_minor: 3000 });
    expect(done.data).toEqual([{ cost_split: { expense_id: costs, fuel_minor: 6000, toll_minor: 3000 } }]);
    // A passenger cannot.
    const byRider = await rider.client.from('rides').update({ cost_split: null }).eq('id', id).select('id');
    expect(byRider.data).toEqual([]);

    const starterRide = await ride(driver.client);
    await rpc(rider.client, 'claim_ride_seat', { p_ride_id: starterRide });
    const starterCosts = await expense(starterEvent, 5000);
    const refused = await split(starterRide, { expense_id: starterCosts, fuel_minor: 5000, toll_minor: 0 });
    expect(refused.error).toMatchObject({ code: 'P0001', message: upgrade });
    await rpc(rider.client, 'release_ride_seat', { p_ride_id: starterRide });
    await sql(`update public.rides set deleted_at = clock_timestamp() where id = $1`, [id]);
  });
});
