/**
 * The site planner in the database (issue 8, basic site planner): the plan's size (managers) and
 * its items (members). Who reads and writes through REST, the tier gate (a free event has no
 * plan), assignees who must be members, and moves: the later move wins even when it arrives first,
 * and two members moving different items both keep their moves.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let creator: TestUser;
let member: TestUser;
let other: TestUser;
let outsider: TestUser;
let freeCreator: TestUser;
let anon: SupabaseClient;
let organizer: TestUser;
let starterEvent: string;
let freeEvent: string;
let organizerEvent: string;

beforeAll(async () => {
  backend = await startDb();
  creator = await makeUser(backend, 'creator', { tier: 'starter' });
  member = await makeUser(backend, 'member');
  other = await makeUser(backend, 'other');
  outsider = await makeUser(backend, 'outsider', { tier: 'organizer' });
  freeCreator = await makeUser(backend, 'freecreator');
  anon = backend.anon();
  starterEvent = (await makeEvent(creator)).id;
  freeEvent = (await makeEvent(freeCreator)).id;
  organizer = await makeUser(backend, 'organizer', { tier: 'organizer' });
  organizerEvent = (await makeEvent(organizer)).id;
  await addMembers(backend, starterEvent, [{ id: member.id }, { id: other.id }]);
  await addMembers(backend, organizerEvent, [{ id: member.id }]);
  await addMembers(backend, freeEvent, [{ id: member.id }]);
});

afterAll(async () => {
  await backend?.stop();
});

function place(client: SupabaseClient, eventId: string, fields: Record<string, unknown> = {}) {
  return client
    .from('site_items')
    .insert({ id: randomUUID(), event_id: eventId, kind: 'tent', x_m: 10, y_m: 10, width_m: 3, height_m: 3, ...fields })
    .select('id, created_by')
    .single();
}

async function position(id: string) {
  const { rows } = await backend.db.query<{ x_m: string; y_m: string; rotation: number }>(
    `select x_m::text, y_m::text, rotation from public.site_items where id = $1`,
    [id],
  );
  return rows[0];
}

describe('site plans', () => {
  it('are sized by managers and read by members', async () => {
    const sized = await creator.client
      .from('site_plans')
      .upsert({ event_id: starterEvent, width_m: 80, height_m: 50 }, { onConflict: 'event_id' })
      .select('width_m, height_m');
    expect(sized.error).toBeNull();
    expect(sized.data).toEqual([{ width_m: 80, height_m: 50 }]);
    const byMember = await member.client
      .from('site_plans')
      .update({ width_m: 5 })
      .eq('event_id', starterEvent)
      .select('width_m');
    expect(byMember.data).toEqual([]);
    expect((await member.client.from('site_plans').select('width_m').eq('event_id', starterEvent)).data).toEqual([
      { width_m: 80 },
    ]);
    expect((await outsider.client.from('site_plans').select('width_m').eq('event_id', starterEvent)).data).toEqual([]);
    const tooSmall = await creator.client.from('site_plans').update({ width_m: 2 }).eq('event_id', starterEvent);
    expect(tooSmall.error?.code).toBe('23514');
    const free = await freeCreator.client.from('site_plans').insert({ event_id: freeEvent, width_m: 30, height_m: 30 });
    expect(free.error?.message).toBe('Upgrade to starter to unlock this feature');
  });
});

describe('site items', () => {
  it('are placed, changed and removed by members, and seen by nobody else', async () => {
    const { data, error } = await place(member.client, starterEvent, { label: 'Ada and Bo' });
    expect(error).toBeNull();
    expect(data!.created_by).toBe(member.id);
    expect((await other.client.from('site_items').select('id').eq('id', data!.id)).data).toHaveLength(1);
    expect((await outsider.client.from('site_items').select('id').eq('id', data!.id)).data).toEqual([]);
    expect((await anon.from('site_items').select('id')).error?.code).toBe('42501');
    expect((await place(outsider.client, starterEvent)).error?.code).toBe('42501');
    expect((await place(member.client, freeEvent)).error?.message).toBe('Upgrade to starter to unlock this feature');
    expect((await place(member.client, starterEvent, { kind: 'castle' })).error?.code).toBe('23514');

    const assigned = await other.client
      .from('site_items')
      .update({ assignee_id: member.id })
      .eq('id', data!.id)
      .select('id');
    expect(assigned.data).toHaveLength(1);
    const toOutsider = await other.client.from('site_items').update({ assignee_id: outsider.id }).eq('id', data!.id);
    expect(toOutsider.error?.message).toBe('Items can only be assigned to members of the event.');
    const removed = await other.client
      .from('site_items')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', data!.id)
      .select('id');
    expect(removed.data).toHaveLength(1);
  });

  it('keep the later move, even when it arrives first', async () => {
    const { data } = await place(member.client, starterEvent);
    const id = data!.id as string;
    const later = new Date(Date.now() + 60_000).toISOString();
    const earlier = new Date(Date.now() + 30_000).toISOString();
    await other.client.from('site_items').update({ x_m: 20, y_m: 5, moved_at: later }).eq('id', id);
    // Member's move was made before other's, but reaches the server after it: ignored.
    const late = await member.client
      .from('site_items')
      .update({ x_m: 1, y_m: 1, rotation: 90, moved_at: earlier, label: 'Still renamed' })
      .eq('id', id)
      .select('label');
    expect(late.data).toEqual([{ label: 'Still renamed' }]);
    expect(await position(id)).toEqual({ x_m: '20.00', y_m: '5.00', rotation: 0 });
  });

  it('moved by two members at once both keep their moves', async () => {
    const a = (await place(member.client, starterEvent)).data!.id as string;
    const b = (await place(other.client, starterEvent)).data!.id as string;
    const at = new Date(Date.now() + 120_000).toISOString();
    await Promise.all([
      member.client.from('site_items').update({ x_m: 3, y_m: 4, moved_at: at }).eq('id', a),
      other.client.from('site_items').update({ x_m: 30, y_m: 40, moved_at: at }).eq('id', b),
    ]);
    expect(await position(a)).toMatchObject({ x_m: '3.00', y_m: '4.00' });
    expect(await position(b)).toMatchObject({ x_m: '30.00', y_m: '40.00' });
  });
});

describe('premium site planner: layers and custom shapes', () => {
  const triangle = [
    { x: -2, y: -1 },
    { x: 2, y: -1 },
    { x: 0, y: 1.5 },
  ];
  const upgrade = 'Upgrade to organizer to unlock this feature';

  it('are refused below organizer, by the database', async () => {
    expect((await place(member.client, starterEvent, { layer: 'Tents' })).error?.message).toBe(upgrade);
    const shape = { kind: 'shape', points: triangle, width_m: 4, height_m: 2.5 };
    expect((await place(member.client, starterEvent, shape)).error?.message).toBe(upgrade);
    // The default layer (none) is every tier's.
    const plain = await place(member.client, starterEvent, { layer: null });
    expect(plain.error).toBeNull();
    const id = plain.data!.id as string;
    const toLayer = await member.client.from('site_items').update({ layer: 'Vehicles' }).eq('id', id);
    expect(toLayer.error?.message).toBe(upgrade);
    const { rows } = await backend.db.query<{ layer: string | null }>(
      `select layer from public.site_items where id = $1`,
      [id],
    );
    expect(rows).toEqual([{ layer: null }]);
  });

  it('are allowed on an organizer event, for every member', async () => {
    const layered = await place(member.client, organizerEvent, { layer: 'Tents' });
    expect(layered.error).toBeNull();
    const id = layered.data!.id as string;
    const moved = await member.client.from('site_items').update({ layer: 'Facilities' }).eq('id', id).select('layer');
    expect(moved.data).toEqual([{ layer: 'Facilities' }]);
    const shape = await place(member.client, organizerEvent, {
      kind: 'shape',
      points: triangle,
      width_m: 4,
      height_m: 2.5,
      layer: 'Zones',
    });
    expect(shape.error).toBeNull();
    const { rows } = await backend.db.query<{ points: unknown; layer: string }>(
      `select points, layer from public.site_items where id = $1`,
      [shape.data!.id],
    );
    expect(rows).toEqual([{ points: triangle, layer: 'Zones' }]);
    // A shape moves like every other item; its points are set once.
    const shapeId = shape.data!.id as string;
    const later = new Date(Date.now() + 240_000).toISOString();
    expect(
      (await organizer.client.from('site_items').update({ x_m: 30, rotation: 45, moved_at: later }).eq('id', shapeId))
        .error,
    ).toBeNull();
    expect(await position(shapeId)).toEqual({ x_m: '30.00', y_m: '10.00', rotation: 45 });
    expect((await member.client.from('site_items').update({ points: triangle }).eq('id', shapeId)).error?.code).toBe(
      '42501',
    );
  });

  it('check the shape and the layer name', async () => {
    const shape = (points: unknown, fields: Record<string, unknown> = {}) =>
      place(member.client, organizerEvent, { kind: 'shape', points, ...fields });
    expect((await shape(null)).error?.code).toBe('23514');
    expect((await place(member.client, organizerEvent, { points: triangle })).error?.code).toBe('23514');
    const message = 'A shape has 3 to 100 points, each with x and y within 200 m of its centre.';
    expect((await shape(triangle.slice(0, 2))).error?.message).toBe(message);
    expect((await shape([...triangle.slice(0, 2), { x: 'a', y: 1 }])).error?.message).toBe(message);
    expect((await shape([...triangle.slice(0, 2), { x: 500, y: 1 }])).error?.message).toBe(message);
    expect((await shape({ x: 1, y: 2 })).error?.message).toBe(message);
    expect((await place(member.client, organizerEvent, { layer: ' Tents' })).error?.code).toBe('23514');
    expect((await place(member.client, organizerEvent, { layer: 'x'.repeat(41) })).error?.code).toBe('23514');
  });
});

describe('who moved an item last', () => {
  const movedBy = async (id: string) =>
    (
      await backend.db.query<{ updated_by: string | null }>(`select updated_by from public.site_items where id = $1`, [
        id,
      ])
    ).rows[0].updated_by;

  it('is set by the database from the caller, on placing and on each move, and read by members', async () => {
    const placed = await place(member.client, starterEvent);
    expect(placed.error).toBeNull();
    const id = placed.data!.id as string;
    expect(await movedBy(id)).toBe(member.id);
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect((await other.client.from('site_items').update({ x_m: 20, moved_at: soon }).eq('id', id)).error).toBeNull();
    expect(await movedBy(id)).toBe(other.id);
    const read = await creator.client.from('site_items').select('updated_by').eq('id', id).single();
    expect(read.data).toEqual({ updated_by: other.id });
    // An older move arriving late changes nothing: the last mover stays named.
    const earlier = new Date(Date.now() - 60_000).toISOString();
    expect(
      (await member.client.from('site_items').update({ x_m: 5, moved_at: earlier }).eq('id', id)).error,
    ).toBeNull();
    expect(await movedBy(id)).toBe(other.id);
  });

  it('cannot be sent by a client', async () => {
    const placed = await place(member.client, starterEvent, { updated_by: other.id });
    expect(placed.error?.code).toBe('42501');
    const id = (await place(member.client, starterEvent)).data!.id as string;
    expect((await member.client.from('site_items').update({ updated_by: other.id }).eq('id', id)).error?.code).toBe(
      '42501',
    );
    expect(await movedBy(id)).toBe(member.id);
  });
});
