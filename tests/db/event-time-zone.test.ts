/**
 * The event's time zone in the database (issue 21): an IANA name the schedule's times are in; the
 * app sends the creator's browser zone, left out it is the creator's last event's, else
 * Europe/Zurich; a name PostgreSQL does not know is refused with a clear message, never a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb, type TestUser } from './events-support.ts';

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

it('checks names against the kept list of zones, and keeps one the server knows but the list lacks', async () => {
  // The list is filled from pg_timezone_names by the migration; a zone of a newer time zone
  // database (after a server upgrade) is missing from it until an event uses it.
  const kept = async (name: string) =>
    (await backend.db.query(`select 1 from private.time_zone_names where name = $1`, [name])).rows.length;
  expect(await kept('Pacific/Auckland')).toBe(1);
  expect(await kept('Mars/Olympus')).toBe(0);
  await backend.db.query(`delete from private.time_zone_names where name = 'Pacific/Auckland'`);
  const event = await makeEvent(owner, { time_zone: 'Pacific/Auckland' });
  expect(await zoneOf(event.id)).toBe('Pacific/Auckland');
  expect(await kept('Pacific/Auckland')).toBe(1);
  // A refused name is not kept.
  await owner.client.from('events').insert({ name: 'Nowhere', time_zone: 'Mars/Olympus' });
  expect(await kept('Mars/Olympus')).toBe(0);
  // No API role reads or writes the list.
  expect(
    (
      await owner.client
        .schema('private' as 'public')
        .from('time_zone_names')
        .select('name')
    ).data,
  ).toBeNull();
});

it('is changed by the event’s managers only, as one field group under the later-made-edit rule', async () => {
  const event = await makeEvent(owner, { time_zone: 'Europe/Zurich' });
  const [member, coOrganizer] = [await makeUser(backend, 'member'), await makeUser(backend, 'coorganizer')];
  await addMembers(backend, event.id, [{ id: member.id }, { id: coOrganizer.id, role: 'admin' }]);

  const refused = await member.client
    .from('events')
    .update({ time_zone: 'Asia/Tokyo' })
    .eq('id', event.id)
    .select('id');
  expect(refused.data).toEqual([]);
  expect(await zoneOf(event.id)).toBe('Europe/Zurich');

  // Two managers change it, the earlier-made change arriving last: the later-made one stays and
  // the replaced one is kept for its author.
  const later = new Date(Date.now() + 1000).toISOString();
  const earlier = new Date(Date.now() - 60_000).toISOString();
  const first = await coOrganizer.client
    .from('events')
    .update({ time_zone: 'America/New_York', edited_at: later })
    .eq('id', event.id)
    .select('id');
  expect(first.error).toBeNull();
  const second = await owner.client
    .from('events')
    .update({ time_zone: 'Asia/Tokyo', edited_at: earlier, edit_base: {} })
    .eq('id', event.id)
    .select('id');
  expect(second.error).toBeNull();
  const { rows } = await backend.db.query<{
    time_zone: string;
    field_edits: Record<string, { by: string }>;
    replaced: { group: string; value: unknown; by: string }[];
  }>(`select time_zone, field_edits, replaced from public.events where id = $1`, [event.id]);
  expect(rows[0].time_zone).toBe('America/New_York');
  expect(rows[0].field_edits.time_zone.by).toBe(coOrganizer.id);
  expect(rows[0].replaced).toContainEqual(
    expect.objectContaining({ group: 'time_zone', value: { time_zone: 'Asia/Tokyo' }, by: owner.id }),
  );
});
