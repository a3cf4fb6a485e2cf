/**
 * What happens in an event reaches exactly the people it concerns (issue 19): chat replies and
 * @mentions, assignments on lists and the schedule, seats and rides, expenses and payments, the
 * event's dates and place, and its ownership. Every change is made through the API as a member
 * would make it; the author never hears of their own change, a non-member or a removed member
 * never hears of anything, and each recipient gets exactly one row.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { makeUser, startDb, type TestUser } from './events-support.ts';
import { bell, call, crew, now, recipients, type Crew } from './notifications-support.ts';

let backend: TestBackend;
let camp: Crew; // starter event: creator "Driverlead", members Driver, Rider, Cook, Gone, Odd
let odd: TestUser; // named with characters that mean something in a pattern
let driver: TestUser;
let rider: TestUser;
let cook: TestUser;
let gone: TestUser; // removed from the event before anything happens
let outsider: TestUser;

const sorted = (...users: TestUser[]) => users.map((u) => u.id).sort();

beforeAll(async () => {
  backend = await startDb();
  camp = await crew(backend, 'starter', ['driver', 'rider', 'cook', 'gone', 'odd']);
  [driver, rider, cook, gone, odd] = camp.members;
  await backend.db.query(`update public.profiles set name = 'Mia-Lou (Crew)*[x' where id = $1`, [odd.id]);
  outsider = await makeUser(backend, 'outsider');
  await backend.db.query(`update public.event_members set deleted_at = now() where event_id = $1 and user_id = $2`, [
    camp.eventId,
    gone.id,
  ]);
});

afterAll(async () => {
  await backend?.stop();
});

async function say(user: TestUser, body: string, replyTo?: string): Promise<string> {
  const id = randomUUID();
  const { error } = await user.client
    .from('chat_messages')
    .insert({ id, event_id: camp.eventId, body, ...(replyTo ? { reply_to_id: replyTo } : {}) });
  if (error) throw new Error(error.message);
  return id;
}

describe('chat', () => {
  it('a reply reaches the author of the message it answers, once, and nobody else as a reply', async () => {
    const question = await say(rider, 'Who brings the stove?');
    const since = await now(backend);
    await say(cook, 'I will, if someone carries it', question);
    expect(await recipients(backend, 'chat_reply', since)).toEqual([rider.id]);
    const [row] = (await bell(backend, rider.id, 'chat_reply')).slice(-1);
    expect(row).toMatchObject({
      category: 'mentions',
      actor_id: cook.id,
      event_id: camp.eventId,
      title: `Cook Tester replied to you in ${await eventName()}`,
      body: 'I will, if someone carries it',
    });
    expect(row.data.path).toBe(`/events/${camp.eventId}/chat`);
    // Answering oneself tells nobody.
    const mine = await say(rider, 'Anyone?');
    const later = await now(backend);
    await say(rider, 'Never mind, found one', mine);
    expect(await recipients(backend, 'chat_reply', later)).toEqual([]);
  });

  it('@First name and @Full Name reach the members named, never the author, a removed member or an outsider', async () => {
    const since = await now(backend);
    await say(driver, '@rider and @Cook Tester: please bring @Gone and @Outsider and @Driver some water');
    expect(await recipients(backend, 'chat_mention', since)).toEqual(sorted(rider, cook));
    const [row] = await bell(backend, cook.id, 'chat_mention');
    expect(row.title).toBe(`Driver Tester mentioned you in ${await eventName()}`);
    // Not a mention: an address, or the name inside a word.
    const later = await now(backend);
    await say(driver, 'mail me at rider@example.com or ask @riders');
    expect(await recipients(backend, 'chat_mention', later)).toEqual([]);
    // A name full of pattern characters is matched as written and breaks nothing.
    await say(driver, 'Thanks @Mia-Lou (Crew)*[x!');
    expect(await recipients(backend, 'chat_mention', later)).toEqual([odd.id]);
  });

  it('other messages make no in-app rows by default (the chat is counted by its read marker)', async () => {
    const since = await now(backend);
    await say(driver, 'Tents are up!');
    expect(await recipients(backend, 'chat_message', since)).toEqual([]);
  });
});

describe('lists and the schedule', () => {
  it('a checklist item assigned to someone else tells them; assigning oneself tells nobody', async () => {
    const listId = randomUUID();
    await driver.client.from('checklists').insert({ id: listId, event_id: camp.eventId, title: 'Kitchen' });
    const since = await now(backend);
    const item = randomUUID();
    const { error } = await driver.client
      .from('checklist_items')
      .insert({ id: item, checklist_id: listId, text: 'Gas bottle', assignee_id: rider.id });
    expect(error).toBeNull();
    await driver.client
      .from('checklist_items')
      .insert({ id: randomUUID(), checklist_id: listId, text: 'Pan', assignee_id: driver.id });
    expect(await recipients(backend, 'checklist_assigned', since)).toEqual([rider.id]);
    const [row] = await bell(backend, rider.id, 'checklist_assigned');
    expect(row).toMatchObject({ title: 'Driver Tester assigned you "Gas bottle"', body: 'On the list Kitchen' });
    // Handing it on tells the new assignee only; an unchanged assignee is not told again.
    const later = await now(backend);
    await rider.client.from('checklist_items').update({ assignee_id: cook.id }).eq('id', item);
    await rider.client.from('checklist_items').update({ quantity: 2 }).eq('id', item);
    expect(await recipients(backend, 'checklist_assigned', later)).toEqual([cook.id]);
  });

  it('someone put on a schedule item is told; putting oneself on it tells nobody', async () => {
    const itemId = randomUUID();
    const { error } = await camp.creator.client.from('schedule_items').insert({
      id: itemId,
      event_id: camp.eventId,
      title: 'Kitchen shift',
      starts_at: '2027-07-02T11:00:00',
      ends_at: '2027-07-02T14:00:00',
    });
    expect(error).toBeNull();
    const since = await now(backend);
    await call(camp.creator, 'set_schedule_assignee', { p_item_id: itemId, p_user_id: cook.id, p_assigned: true });
    await call(rider, 'set_schedule_assignee', { p_item_id: itemId, p_user_id: rider.id, p_assigned: true });
    // A replay changes nothing and tells nobody again.
    await call(camp.creator, 'set_schedule_assignee', { p_item_id: itemId, p_user_id: cook.id, p_assigned: true });
    expect(await recipients(backend, 'schedule_assigned', since)).toEqual([cook.id]);
    const [row] = await bell(backend, cook.id, 'schedule_assigned');
    expect(row.title).toBe('Driverlead Tester put you on "Kitchen shift"');
    expect(row.body).toBe('Fri 02 Jul, 11:00');
  });
});

describe('rides', () => {
  let rideId: string;

  beforeAll(async () => {
    rideId = randomUUID();
    const { error } = await driver.client.from('rides').insert({
      id: rideId,
      event_id: camp.eventId,
      seats: 3,
      departure_place: 'Bern station',
      departs_at: '2027-07-01T08:00:00',
    });
    if (error) throw new Error(error.message);
  });

  it('a seat taken reaches the driver only; given back, the driver again', async () => {
    const since = await now(backend);
    await call(rider, 'claim_ride_seat', { p_ride_id: rideId });
    await call(rider, 'claim_ride_seat', { p_ride_id: rideId }); // a replay
    expect(await recipients(backend, 'ride_seat_taken', since)).toEqual([driver.id]);
    const [taken] = await bell(backend, driver.id, 'ride_seat_taken');
    expect(taken).toMatchObject({
      title: 'Rider Tester took a seat in your ride',
      body: 'Bern station, Thu 01 Jul, 08:00',
    });
    await call(rider, 'release_ride_seat', { p_ride_id: rideId });
    expect(await recipients(backend, 'ride_seat_released', since)).toEqual([driver.id]);
  });

  it('taken off a ride by the driver: the passenger is told, the driver (the author) not', async () => {
    await call(cook, 'claim_ride_seat', { p_ride_id: rideId });
    const since = await now(backend);
    await call(driver, 'release_ride_seat', { p_ride_id: rideId, p_user_id: cook.id });
    expect(await recipients(backend, 'ride_seat_released', since)).toEqual([cook.id]);
    expect((await bell(backend, cook.id, 'ride_seat_released'))[0].title).toBe('Driver Tester took you off their ride');
  });

  it('a changed ride reaches its passengers; a cancelled one too, without seat messages', async () => {
    await call(rider, 'claim_ride_seat', { p_ride_id: rideId });
    await call(cook, 'claim_ride_seat', { p_ride_id: rideId });
    const since = await now(backend);
    await driver.client.from('rides').update({ departs_at: '2027-07-01T09:30:00' }).eq('id', rideId);
    await driver.client.from('rides').update({ notes: 'Bring snacks' }).eq('id', rideId); // not a change that matters
    expect(await recipients(backend, 'ride_changed', since)).toEqual(sorted(rider, cook));
    expect((await bell(backend, rider.id, 'ride_changed'))[0].body).toBe('Now: Bern station, Thu 01 Jul, 09:30');
    await driver.client.from('rides').update({ deleted_at: new Date().toISOString() }).eq('id', rideId);
    expect(await recipients(backend, 'ride_cancelled', since)).toEqual(sorted(rider, cook));
    expect(await recipients(backend, 'ride_seat_released', since)).toEqual([]);
  });
});

describe('money', () => {
  it('an expense reaches whoever paid or has a share, except its author; outsiders and non-sharers never', async () => {
    const since = await now(backend);
    const id = randomUUID();
    const { error } = await driver.client.from('expenses').insert({
      id,
      event_id: camp.eventId,
      title: 'Fuel',
      amount_minor: 9000,
      paid_by: driver.id,
      shares: [driver, rider, cook].map((u) => ({ user_id: u.id, share_minor: 3000 })),
    });
    expect(error).toBeNull();
    expect(await recipients(backend, 'expense_added', since)).toEqual(sorted(rider, cook));
    expect((await bell(backend, rider.id, 'expense_added'))[0]).toMatchObject({
      category: 'money',
      title: 'Driver Tester added "Fuel"',
      body: 'CHF 90.00 paid by Driver Tester · split 3 ways',
    });
    // A changed split reaches old and new people; renaming it is no money change.
    const later = await now(backend);
    await driver.client.from('expenses').update({ title: 'Diesel' }).eq('id', id);
    await driver.client
      .from('expenses')
      .update({ shares: [driver, rider].map((u) => ({ user_id: u.id, share_minor: 4500 })) })
      .eq('id', id);
    expect(await recipients(backend, 'expense_changed', later)).toEqual(sorted(rider, cook));
    await driver.client.from('expenses').update({ deleted_at: new Date().toISOString() }).eq('id', id);
    expect(await recipients(backend, 'expense_deleted', later)).toEqual([rider.id]);
  });

  it('a payment reaches the other person; undone, again', async () => {
    const since = await now(backend);
    const id = randomUUID();
    const { error } = await rider.client
      .from('settlements')
      .insert({ id, event_id: camp.eventId, from_user: rider.id, to_user: driver.id, amount_minor: 3000 });
    expect(error).toBeNull();
    expect(await recipients(backend, 'payment_recorded', since)).toEqual([driver.id]);
    expect((await bell(backend, driver.id, 'payment_recorded'))[0].body).toBe(
      'Rider Tester paid Driver Tester CHF 30.00',
    );
    await rider.client.from('settlements').update({ deleted_at: new Date().toISOString() }).eq('id', id);
    expect(await recipients(backend, 'payment_undone', since)).toEqual([driver.id]);
  });
});

describe('the event', () => {
  it('new dates or place reach every member but the author; other edits nobody', async () => {
    const since = await now(backend);
    await camp.creator.client.from('events').update({ location: 'Gurten, Bern' }).eq('id', camp.eventId);
    await camp.creator.client.from('events').update({ description: 'Bring boots' }).eq('id', camp.eventId);
    expect(await recipients(backend, 'event_changed', since)).toEqual(sorted(driver, rider, cook, odd));
    const [row] = await bell(backend, rider.id, 'event_changed');
    expect(row).toMatchObject({ category: 'event_changes', body: 'Place: Gurten, Bern' });
    const later = await now(backend);
    await camp.creator.client
      .from('events')
      .update({ start_date: '2027-07-02', end_date: '2027-07-04' })
      .eq('id', camp.eventId);
    expect((await bell(backend, cook.id, 'event_changed')).at(-1)?.body).toBe('Dates: Fri 02 Jul – Sun 04 Jul 2027');
    expect(await recipients(backend, 'event_changed', later)).toEqual(sorted(driver, rider, cook, odd));
  });

  it('ownership passed to a member (a change of created_by) tells the new owner', async () => {
    const since = await now(backend);
    await backend.db.query(`update public.events set created_by = $2 where id = $1`, [camp.eventId, driver.id]);
    expect(await recipients(backend, 'ownership_received', since)).toEqual([driver.id]);
    expect((await bell(backend, driver.id, 'ownership_received'))[0].title).toBe(`You now own ${await eventName()}`);
  });

  it('nothing ever reached the removed member or the outsider', async () => {
    const { rows } = await backend.db.query(`select kind from public.notifications where user_id = any ($1)`, [
      [gone.id, outsider.id],
    ]);
    expect(rows).toEqual([]);
  });

  it("a member who leaves loses the event's notifications; a deleted event takes them from everyone", async () => {
    expect((await bell(backend, cook.id)).some((n) => n.event_id === camp.eventId)).toBe(true);
    await call(cook, 'leave_event', { p_event_id: camp.eventId });
    expect((await bell(backend, cook.id)).some((n) => n.event_id === camp.eventId)).toBe(false);
    await backend.db.query(`update public.events set status = 'deleted' where id = $1`, [camp.eventId]);
    const { rows } = await backend.db.query(
      `select 1 from public.notifications where event_id = $1 and deleted_at is null`,
      [camp.eventId],
    );
    expect(rows).toEqual([]);
  });
});

async function eventName(): Promise<string> {
  const { rows } = await backend.db.query<{ name: string }>(`select name from public.events where id = $1`, [
    camp.eventId,
  ]);
  return rows[0].name;
}
