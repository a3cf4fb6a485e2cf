/**
 * PostgREST 13 fidelity of resource embedding, driven by the real supabase-js (raw fetch for
 * exact error bodies): computed fields in select, filter and order; computed relationships;
 * embedding through views; spreads of to-many relations (arrays); and the embeds PostgREST
 * refuses — one table twice under one name (42712), a hint it would not accept, ambiguity
 * (PGRST201 with its details), no relationship (PGRST200 with its hint).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let anon: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.anon();
});

afterAll(async () => {
  await backend?.stop();
});

async function raw(path: string) {
  const res = await fetch(`${backend.url}/rest/v1${path}`, { headers: { apikey: backend.anonKey } });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('computed fields', () => {
  it('select, filter and order by a function of the row', async () => {
    const { data, error } = await anon
      .from('pf_people')
      .select('id, full_name')
      .like('full_name', '%a%')
      .order('full_name', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 2, full_name: 'Grace Hopper' },
      { id: 4, full_name: 'Edsger Dijkstra' },
      { id: 3, full_name: 'Alan Turing' },
      { id: 1, full_name: 'Ada Lovelace' },
    ]);
    const one = await anon.from('pf_people').select('first_name, name:full_name').eq('full_name', 'Alan Turing');
    expect(one.data).toEqual([{ first_name: 'Alan', name: 'Alan Turing' }]);
  });

  it('are not part of *, and an unknown name is PostgreSQL 42703', async () => {
    const star = await anon.from('pf_people').select('*').eq('id', 1).single();
    expect(Object.keys(star.data as object)).toEqual(['id', 'first_name', 'last_name', 'team_id', 'mentor_id']);
    const unknown = await anon.from('pf_people').select('id, nick_name');
    expect(unknown.status).toBe(400);
    expect(unknown.error!.code).toBe('42703');
    expect(unknown.error!.message).toBe('column pf_people.nick_name does not exist');
    const nested = await anon.from('pf_tasks').select('id, pf_people!pf_tasks_owner_id_fkey(nick_name)');
    expect(nested.error!.message).toBe('column pf_people_1.nick_name does not exist');
  });
});

describe('computed relationships', () => {
  it('a set-returning function of the row embeds as an array', async () => {
    const { data, error } = await anon
      .from('pf_people')
      .select('first_name, open_tasks(title)')
      .in('id', [1, 4])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { first_name: 'Ada', open_tasks: [{ title: 'Build the stage' }] },
      { first_name: 'Edsger', open_tasks: [] },
    ]);
  });

  it('a function marked rows 1 embeds as an object, null when it finds nothing', async () => {
    const { data, error } = await anon.from('pf_teams').select('name, lead:team_lead(first_name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Stage', lead: { first_name: 'Ada' } },
      { name: 'Kitchen', lead: { first_name: 'Alan' } },
      { name: 'Empty', lead: null },
    ]);
  });
});

describe('embedding through views', () => {
  it('a view carries the foreign keys of its table, under its own column names', async () => {
    const toTable = await anon.from('pf_task_list').select('title, pf_people(first_name)').order('task_id').limit(2);
    expect(toTable.error).toBeNull();
    expect(toTable.data).toEqual([
      { title: 'Build the stage', pf_people: { first_name: 'Ada' } },
      { title: 'Wire the lights', pf_people: { first_name: 'Ada' } },
    ]);
    const fromTable = await anon.from('pf_people').select('first_name, pf_task_list(title)').eq('id', 3);
    expect(fromTable.data).toEqual([{ first_name: 'Alan', pf_task_list: [{ title: 'Cook dinner' }] }]);
  });

  it('through a subquery, to a view, and between two views', async () => {
    const viaSubquery = await anon
      .from('pf_people_names')
      .select('first_name, tasks:pf_tasks!pf_tasks_owner_id_fkey(title)')
      .eq('id', 2);
    expect(viaSubquery.error).toBeNull();
    expect(viaSubquery.data).toEqual([{ first_name: 'Grace', tasks: [{ title: 'Buy coffee' }] }]);
    const viewToView = await anon.from('pf_task_list').select('title, pf_people_names(first_name)').eq('task_id', 3);
    expect(viewToView.data).toEqual([{ title: 'Cook dinner', pf_people_names: { first_name: 'Alan' } }]);
  });
});

describe('spreads', () => {
  it('a to-many spread gives one array per column, ordered inside the spread', async () => {
    const { data, error } = await anon
      .from('pf_people')
      .select('first_name, ...pf_tasks!pf_tasks_owner_id_fkey(title, hours)')
      .order('title', { referencedTable: 'pf_tasks', ascending: false })
      .in('id', [1, 4])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { first_name: 'Ada', title: ['Wire the lights', 'Build the stage'], hours: [2, 5.5] },
      { first_name: 'Edsger', title: [], hours: [] },
    ]);
    // A to-one spread still lifts plain columns into the parent.
    const toOne = await anon
      .from('pf_tasks')
      .select('title, ...pf_people!pf_tasks_owner_id_fkey(first_name)')
      .eq('id', 4);
    expect(toOne.data).toEqual([{ title: 'Buy coffee', first_name: 'Grace' }]);
  });
});

describe('embeds PostgREST refuses', () => {
  it('the same table twice without aliases is 42712; with aliases it works', async () => {
    const twice = await anon
      .from('pf_tasks')
      .select('id, pf_people!pf_tasks_owner_id_fkey(first_name), pf_people!pf_tasks_reviewer_id_fkey(first_name)');
    expect(twice.status).toBe(400);
    expect(twice.error).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "pf_tasks_pf_people_1" specified more than once',
    });
    const aliased = await anon
      .from('pf_tasks')
      .select(
        'id, owner:pf_people!pf_tasks_owner_id_fkey(first_name), reviewer:pf_people!pf_tasks_reviewer_id_fkey(first_name)',
      )
      .eq('id', 1);
    expect(aliased.data).toEqual([{ id: 1, owner: { first_name: 'Ada' }, reviewer: { first_name: 'Grace' } }]);
  });

  it('a many-to-many hinted by a foreign key name is PGRST200 (only the junction name is a hint)', async () => {
    const res = await raw('/books?select=id,tags!book_tags_book_id_fkey(name)');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'books' and 'tags' using the hint 'book_tags_book_id_fkey' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'book_tags' instead of 'tags'.",
      message: "Could not find a relationship between 'books' and 'tags' in the schema cache",
    });
    const byJunction = await anon.from('books').select('id, tags!book_tags(name)').eq('id', 2);
    expect((byJunction.data![0].tags as Array<{ name: string }>).map((t) => t.name).sort()).toEqual([
      'classic',
      'scifi',
    ]);
  });

  it('a foreign key name is no target for a view; ambiguity is 300 PGRST201 with its details', async () => {
    // The key also links pf_task_list to the view pf_people_names, which its name does not reach.
    const byKey = await anon.from('pf_task_list').select('title, pf_tasks_owner_id_fkey(first_name)').eq('task_id', 1);
    expect(byKey.error).toBeNull();
    expect(byKey.data).toEqual([{ title: 'Build the stage', pf_tasks_owner_id_fkey: { first_name: 'Ada' } }]);
    const ambiguous = await raw('/pf_tasks?select=id,pf_people(first_name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.body).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'pf_tasks with pf_people',
          relationship: 'pf_tasks_owner_id_fkey using pf_tasks(owner_id) and pf_people(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'pf_tasks with pf_people',
          relationship: 'pf_tasks_reviewer_id_fkey using pf_tasks(reviewer_id) and pf_people(id)',
        },
      ],
      hint: "Try changing 'pf_people' to one of the following: 'pf_people!pf_tasks_owner_id_fkey', 'pf_people!pf_tasks_reviewer_id_fkey'. Find the desired relationship in the 'details' key.",
      message: "Could not embed because more than one relationship was found for 'pf_tasks' and 'pf_people'",
    });
  });

  it('no relationship is PGRST200 with "Perhaps you meant" for the table', async () => {
    const res = await raw('/pf_tasks?select=id,pf_peple(first_name)');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'pf_tasks' and 'pf_peple' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'pf_people' instead of 'pf_peple'.",
      message: "Could not find a relationship between 'pf_tasks' and 'pf_peple' in the schema cache",
    });
  });
});
