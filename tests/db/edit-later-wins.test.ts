/**
 * The one conflict rule in the database (issue 21): on every table with editable fields, two
 * members' edits of the same field group are decided by when they were made, whatever order they
 * arrive in; the losing one is kept in `replaced` for its author; edits of different groups both
 * stay; columns outside the groups (positions, done marks) never conflict; and no client forges the
 * rule's own columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { addMembers, makeEvent, makeUser, startDb, type TestUser } from './events-support.ts';

let backend: TestBackend;
let owner: TestUser;
let admin: TestUser;
let eventId: string;

beforeAll(async () => {
  backend = await startDb();
  owner = await makeUser(backend, 'owner', { tier: 'organizer' });
  admin = await makeUser(backend, 'admin');
  eventId = (await makeEvent(owner, { start_date: '2027-07-01', end_date: '2027-07-03' })).id;
  await addMembers(backend, eventId, [{ id: admin.id, role: 'admin' }]);
});

afterAll(async () => {
  await backend?.stop();
});

const hourAgo = Date.now() - 3_600_000;
const at = (minutes: number) => new Date(hourAgo + minutes * 60_000).toISOString();

interface Table {
  table: string;
  insert: () => Promise<string>;
  group: string;
  /** Two different values of the group. */
  values: [Record<string, unknown>, Record<string, unknown>];
  /** A change of another group. */
  other: Record<string, unknown>;
}

async function insert(table: string, columns: Record<string, unknown>): Promise<string> {
  const { data, error } = await owner.client
    .from(table)
    .insert(table === 'checklist_items' ? columns : { event_id: eventId, ...columns })
    .select('id')
    .single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data as { id: string }).id;
}

const TABLES: Table[] = [
  {
    table: 'events',
    insert: async () => {
      const { id } = await makeEvent(owner);
      await addMembers(backend, id, [{ id: admin.id, role: 'admin' }]);
      return id;
    },
    group: 'dates',
    values: [
      { start_date: '2027-08-01', end_date: '2027-08-02' },
      { start_date: '2027-09-01', end_date: '2027-09-03' },
    ],
    other: { location: 'Lake' },
  },
  {
    table: 'checklists',
    insert: () => insert('checklists', { title: 'Camp', kind: 'todo', position: 'a1' }),
    group: 'title',
    values: [{ title: 'Kitchen' }, { title: 'Tents' }],
    other: { kind: 'packing' },
  },
  {
    table: 'checklist_items',
    insert: async () =>
      insert('checklist_items', {
        checklist_id: await insert('checklists', { title: 'Camp', kind: 'todo', position: 'b1' }),
        text: 'Tent',
        position: 'a1',
      }),
    group: 'text',
    values: [{ text: 'Big tent' }, { text: 'Two tents' }],
    other: { quantity: 3 },
  },
  {
    table: 'schedule_items',
    insert: () =>
      insert('schedule_items', { title: 'Arrival', starts_at: '2027-07-01T10:00', ends_at: '2027-07-01T11:00' }),
    group: 'time',
    values: [
      { starts_at: '2027-07-01T12:00:00', ends_at: '2027-07-01T13:00:00' },
      { starts_at: '2027-07-02T09:00:00', ends_at: '2027-07-02T09:30:00' },
    ],
    other: { title: 'Check-in' },
  },
  {
    table: 'rides',
    insert: () => insert('rides', { seats: 3, departure_place: 'Zurich HB', departs_at: '2027-07-01T06:00' }),
    group: 'departure',
    values: [
      { departure_place: 'Bern', departs_at: '2027-07-01T07:00:00' },
      { departure_place: 'Basel', departs_at: '2027-07-01T08:00:00' },
    ],
    other: { seats: 4 },
  },
  {
    table: 'site_items',
    insert: () =>
      insert('site_items', { kind: 'tent', label: 'Tent', x_m: 1, y_m: 1, width_m: 2, height_m: 2, rotation: 0 }),
    group: 'label',
    values: [{ label: 'Ann’s tent' }, { label: 'Ben’s tent' }],
    other: { assignee_id: null },
  },
];

async function fieldEdits(table: string, id: string): Promise<Record<string, string>> {
  const { rows } = await backend.db.query<{ field_edits: Record<string, { at: string }> }>(
    `select field_edits from public.${table} where id = $1`,
    [id],
  );
  return Object.fromEntries(Object.entries(rows[0].field_edits).map(([g, e]) => [g, e.at]));
}

async function read(table: string, id: string) {
  const { rows } = await backend.db.query<Record<string, unknown> & { replaced: Record<string, unknown>[] }>(
    `select to_jsonb(t) as row from public.${table} t where id = $1`,
    [id],
  );
  return (rows[0] as unknown as { row: Record<string, unknown> & { replaced: Record<string, unknown>[] } }).row;
}

function edit(user: TestUser, table: string, id: string, changes: Record<string, unknown>) {
  return user.client.from(table).update(changes).eq('id', id).select('id').single();
}

describe.each(TABLES)('$table', ({ table, insert: make, group, values, other }) => {
  it('lets the later-made edit of a group win, arriving first or last, and keeps the other for its author', async () => {
    for (const laterFirst of [true, false]) {
      const id = await make();
      const seen = await fieldEdits(table, id);
      // The owner edited at :05, the admin at :02 (offline); they arrive in either order.
      const owners = () => edit(owner, table, id, { ...values[0], edited_at: at(5), edit_base: seen });
      const admins = () => edit(admin, table, id, { ...values[1], edited_at: at(2), edit_base: seen });
      for (const send of laterFirst ? [owners, admins, admins] : [admins, owners])
        expect((await send()).error).toBeNull();
      const row = await read(table, id);
      expect(row, `${table}, the later-made first: ${laterFirst}`).toMatchObject(values[0]);
      expect(row.replaced).toEqual([
        expect.objectContaining({ group, value: values[1], by: admin.id, replaced_by: owner.id }),
      ]);
      expect(row.edited_at).toBeNull();
      expect(row.edit_base).toBeNull();
    }
  });

  it('keeps both edits of different groups, and an edit made after seeing the other is no conflict', async () => {
    const id = await make();
    const seen = await fieldEdits(table, id);
    expect((await edit(owner, table, id, { ...values[0], edited_at: at(5), edit_base: seen })).error).toBeNull();
    expect((await edit(admin, table, id, { ...other, edited_at: at(1), edit_base: seen })).error).toBeNull();
    const now = await fieldEdits(table, id);
    expect((await edit(admin, table, id, { ...values[1], edited_at: at(6), edit_base: now })).error).toBeNull();
    const row = await read(table, id);
    expect(row).toMatchObject({ ...other, ...values[1] });
    expect(row.replaced).toEqual([]);
  });

  it('lets no client set the rule’s own columns', async () => {
    const id = await make();
    for (const forged of [{ field_edits: {} }, { replaced: [] }]) {
      const { error } = await edit(owner, table, id, forged);
      expect(error?.code).toBe('42501');
    }
  });
});

it('never makes a conflict of columns outside the groups (a done mark, a position)', async () => {
  const id = await TABLES[2].insert();
  const seen = await fieldEdits('checklist_items', id);
  await edit(owner, 'checklist_items', id, { text: 'Stove', edited_at: at(5), edit_base: seen });
  expect((await edit(admin, 'checklist_items', id, { done: true, position: 'b1' })).error).toBeNull();
  const row = await read('checklist_items', id);
  expect(row).toMatchObject({ text: 'Stove', done: true, position: 'b1', replaced: [] });
});
