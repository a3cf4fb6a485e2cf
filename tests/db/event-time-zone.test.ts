/**
 * The event's time zone in the database (issue 21): an IANA name the schedule's times are in; the
 * app sends the creator's browser zone, left out it is the creator's last event's, else
 * Europe/Zurich; a name PostgreSQL does not know is refused with a clear message, never a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { makeEvent, makeUser, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let owner: TestUser;

beforeAll(async () => {
  backend = await startDb();
  owner = await makeUser(backend, 'owner', { tier: 'organizer' });
});

afterAll(async () => {
  await backend?.stop();
});

const zoneOf = async (id: string) =>
  (await backend.db.query<{ time_zone: string }>(`select time_zone from public.events where id = $1`, [id])).rows[0]
    .time_zone;

it('is the zone given, else the creator’s last event’s, else Europe/Zurich', async () => {
  expect(await zoneOf((await makeEvent(owner)).id)).toBe('Europe/Zurich');
  expect(await zoneOf((await makeEvent(owner, { time_zone: 'America/New_York' })).id)).toBe('America/New_York');
  expect(await zoneOf((await makeEvent(owner)).id)).toBe('America/New_York');
});

it('refuses a name that is not a time zone, on creation and on change', async () => {
  const created = await owner.client.from('events').insert({ name: 'Nowhere', time_zone: 'Mars/Olympus' }).select('id');
  expect(created.error?.message).toBe('Mars/Olympus is not a time zone. Use a name like Europe/Zurich.');
  const event = await makeEvent(owner, { time_zone: 'Europe/Berlin' });
  const changed = await owner.client.from('events').update({ time_zone: 'Berlin' }).eq('id', event.id);
  expect(changed.error?.message).toBe('Berlin is not a time zone. Use a name like Europe/Zurich.');
  expect((await owner.client.from('events').update({ time_zone: 'Asia/Tokyo' }).eq('id', event.id)).error).toBeNull();
  expect(await zoneOf(event.id)).toBe('Asia/Tokyo');
});
