/**
 * PostgREST 13 fidelity of `/rest/v1/rpc` and of write statuses, driven by the real supabase-js
 * (raw fetch where it cannot express the request): tx=rollback and max-affected on functions,
 * counts of scalar functions, overload resolution with a single unnamed parameter, PGRST202 and
 * PGRST203 word for word, upsert and HEAD statuses, planned and estimated counts.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  anon = backend.anon();
  service = backend.service();
});

afterAll(async () => {
  await backend?.stop();
});

async function raw(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', backend.serviceRoleKey);
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const res = await fetch(`${backend.url}/rest/v1${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as unknown) : null };
}

/** supabase-js types `maxAffected` only for clients declared to talk to PostgREST 13. */
interface Strict {
  maxAffected(rows: number): PromiseLike<{ data: unknown; error: PostgrestError | null; status: number }>;
}
const strict = (query: unknown, rows: number) => (query as Strict).maxAffected(rows);

async function logCount(msg: string): Promise<number> {
  const { rows } = await backend.db.query<{ n: string }>(
    'select count(*)::text as n from public.pf_log where msg = $1',
    [msg],
  );
  return Number(rows[0].n);
}

describe('functions and transactions', () => {
  it('Prefer: tx=rollback on a function replies with its result and keeps nothing', async () => {
    const rolled = await service.rpc('pf_log_many', { msg: 'rolled', n: 2 }).rollback();
    expect(rolled.error).toBeNull();
    expect((rolled.data as Array<{ msg: string }>).map((r) => r.msg)).toEqual(['rolled', 'rolled']);
    expect(await logCount('rolled')).toBe(0);
    const scalar = await service.rpc('pf_log_count', { msg: 'rolled-scalar' }).rollback();
    expect(typeof scalar.data).toBe('number');
    expect(await logCount('rolled-scalar')).toBe(0);
    const kept = await service.rpc('pf_log_many', { msg: 'kept', n: 2 });
    expect(kept.error).toBeNull();
    expect(await logCount('kept')).toBe(2);
  });

  it('max-affected with handling=strict refuses a call that returns more rows, and rolls it back', async () => {
    const over = await strict(service.rpc('pf_log_many', { msg: 'too-many', n: 3 }), 2);
    expect(over.status).toBe(400);
    expect(over.error).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 3 rows',
    });
    expect(await logCount('too-many')).toBe(0);
    const within = await strict(service.rpc('pf_log_many', { msg: 'within', n: 2 }), 2);
    expect(within.error).toBeNull();
    expect(await logCount('within')).toBe(2);
  });

  it('max-affected on a function that does not return a set is PGRST128 and runs nothing', async () => {
    const single = await strict(service.rpc('pf_log_count', { msg: 'single' }), 1);
    expect(single.status).toBe(400);
    expect(single.error).toEqual({
      code: 'PGRST128',
      details: null,
      hint: null,
      message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    });
    expect(await logCount('single')).toBe(0);
  });
});

describe('counts and statuses of calls', () => {
  it("RAISE SQLSTATE 'PGRST' sets the reply's status, body and headers", async () => {
    const res = await raw('/rpc/pf_teapot', { method: 'POST', body: '{}' });
    expect(res.status).toBe(418);
    expect(res.headers.get('x-brew')).toBe('green');
    expect(res.body).toEqual({ code: 'TEA01', details: null, hint: 'Try coffee', message: 'I am a teapot' });
  });

  it('response.status and response.headers set by a function shape the reply', async () => {
    const res = await raw('/rpc/pf_accepted', {
      method: 'POST',
      body: JSON.stringify({ header_json: '[{"Location": "/jobs/7"}, {"X-Queue": "slow"}]' }),
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe('/jobs/7');
    expect(res.headers.get('x-queue')).toBe('slow');
    expect(res.body).toBe('queued');
    const bad = await raw('/rpc/pf_accepted', { method: 'POST', body: JSON.stringify({ header_json: '{"a": 1}' }) });
    expect(bad.status).toBe(500);
    expect(bad.body).toEqual({
      code: 'PGRST111',
      details: null,
      hint: null,
      message: 'response.headers guc must be a JSON array composed of objects with a single key and a string value',
    });
  });

  it('count=exact on a scalar function counts its one row', async () => {
    const counted = await anon.rpc('add_them', { a: 1, b: 2 }, { count: 'exact' });
    expect(counted.error).toBeNull();
    expect(counted.data).toBe(3);
    expect(counted.count).toBe(1);
    const res = await raw('/rpc/add_them', {
      method: 'POST',
      body: '{"a":1,"b":2}',
      headers: { Prefer: 'count=exact' },
    });
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
    const plain = await raw('/rpc/add_them?a=1&b=2');
    expect(plain.headers.get('content-range')).toBe('0-0/*');
  });

  it('sets of scalars count their rows; void answers 204 with its range', async () => {
    const numbers = await anon.rpc('numbers', { n: 3 }, { count: 'exact' });
    expect(numbers.data).toEqual([1, 2, 3]);
    expect(numbers.count).toBe(3);
    const voided = await raw('/rpc/noop', { method: 'POST', body: '{}' });
    expect(voided.status).toBe(204);
    expect(voided.headers.get('content-range')).toBe('0-0/*');
    expect(voided.text).toBe('');
  });

  it('a GET call filters and embeds its rows; a value with an operator is a filter, not an argument', async () => {
    const res = await anon
      .rpc('books_by', { author_name: 'Terry' }, { get: true })
      .select('title, author:authors!books_author_id_fkey(name)')
      .gt('year', 1990);
    expect(res.error).toBeNull();
    expect(res.data).toEqual([{ title: 'Small Gods', author: { name: 'Terry' } }]);
    const filtered = await raw('/rpc/books_by?author_name=eq.Terry');
    expect(filtered.status).toBe(404);
    expect((filtered.body as { message: string }).message).toBe(
      'Could not find the function public.books_by without parameters in the schema cache',
    );
  });
});

describe('overloaded functions', () => {
  it('chooses the overload by the argument names, falling back to a single unnamed jsonb parameter', async () => {
    expect((await anon.rpc('pf_echo', { x: 1 })).data).toBe('int:1');
    expect((await anon.rpc('pf_echo', { x: 1, y: 2 })).data).toBe('pair:1,2');
    expect((await anon.rpc('pf_echo', { x: 5 }, { get: true })).data).toBe('int:5');
    const whole = await anon.rpc('pf_echo', { anything: [1, 2], z: 'x' });
    expect(whole.error).toBeNull();
    expect(JSON.parse((whole.data as string).slice('json:'.length))).toEqual({ anything: [1, 2], z: 'x' });
    // A text/plain body goes whole to the overload with a single unnamed text parameter.
    const text = await raw('/rpc/pf_echo', {
      method: 'POST',
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(200);
    expect(text.body).toBe('text:hello');
  });

  it('an unknown function or argument list is 404 PGRST202 with "Perhaps you meant"; ambiguity is PGRST203', async () => {
    const typo = await anon.rpc('pf_ech', { a: 1 });
    expect(typo.status).toBe(404);
    expect(typo.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.pf_ech with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.pf_echo',
      message: 'Could not find the function public.pf_ech(a) in the schema cache',
    });
    const args = await anon.rpc('add_them', { c: 2, a: 1 });
    expect(args.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.add_them with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_them(a, b)',
      message: 'Could not find the function public.add_them(a, c) in the schema cache',
    });
    const viaGet = await raw('/rpc/add_them?a=1');
    expect((viaGet.body as { details: string }).details).toBe(
      'Searched for the function public.add_them with parameter a, but no matches were found in the schema cache.',
    );
    // Two overloads no request can tell apart are 300 PGRST203.
    const pick = await anon.rpc('pf_pick', { a: 1 });
    expect(pick.status).toBe(300);
    expect(pick.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.pf_pick(a => integer), public.pf_pick(a => text)',
    });
  });

  it('a variadic parameter takes repeated query values', async () => {
    const res = await raw('/rpc/pf_variadic?xs=1&xs=2&xs=5');
    expect(res.body).toBe(8);
  });
});

describe('statuses of writes and reads', () => {
  it('an upsert that only updates answers 200; one that inserts answers 201', async () => {
    const updated = await service.from('pf_teams').upsert({ id: 1, name: 'Main stage' }).select();
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ id: 1, name: 'Main stage' }]);
    const inserted = await service.from('pf_teams').upsert({ id: 10, name: 'Bar' });
    expect(inserted.status).toBe(201);
    const mixed = await service.from('pf_teams').upsert([
      { id: 10, name: 'Bar' },
      { id: 11, name: 'Gate' },
    ]);
    expect(mixed.status).toBe(201);
    const ignored = await service.from('pf_teams').upsert({ id: 11, name: 'x' }, { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
  });

  it('PUT upserts the one row its primary key names', async () => {
    const put = (query: string, body: object, prefer = 'return=representation') =>
      raw(`/pf_teams?${query}`, { method: 'PUT', body: JSON.stringify(body), headers: { Prefer: prefer } });
    const created = await put('id=eq.20', { id: 20, name: 'Info' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual([{ id: 20, name: 'Info' }]);
    const replaced = await put('id=eq.20', { id: 20, name: 'Info desk' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual([{ id: 20, name: 'Info desk' }]);
    expect((await put('id=eq.20', { id: 20, name: 'Info point' }, 'return=minimal')).status).toBe(204);
    const mismatch = await put('id=eq.21', { id: 22, name: 'Elsewhere' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      code: 'PGRST115',
      details: null,
      hint: null,
      message: 'Payload values do not match URL in primary key column(s)',
    });
    const notKey = await put('name=eq.Info', { id: 20, name: 'x' });
    expect(notKey.status).toBe(405);
    expect((notKey.body as { code: string }).code).toBe('PGRST105');
    const { rows } = await backend.db.query<{ name: string }>(
      'select name from public.pf_teams where id in (20, 21, 22)',
    );
    expect(rows).toEqual([{ name: 'Info point' }]);
  });

  it('return=headers-only gives the Location of the inserted row; delete ranges are */n', async () => {
    const res = await raw('/pf_teams', {
      method: 'POST',
      body: '{"id":12,"name":"Camp"}',
      headers: { Prefer: 'return=headers-only' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/pf_teams?id=eq.12');
    expect(res.headers.get('preference-applied')).toBe('return=headers-only');
    const deleted = await raw('/pf_teams?id=in.(10,11,12)', { method: 'DELETE', headers: { Prefer: 'count=exact' } });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('content-range')).toBe('*/3');
  });

  it('HEAD with count=planned gives the planner estimate and 206 when it exceeds the rows', async () => {
    const head = await anon.from('pf_estimates').select('*', { count: 'planned', head: true });
    expect(head.error).toBeNull();
    expect(head.count).toBe(10);
    expect(head.status).toBe(206);
    const res = await raw('/pf_estimates', { method: 'HEAD', headers: { Prefer: 'count=planned' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-6/10');
    const exact = await anon.from('pf_estimates').select('*', { count: 'exact', head: true });
    expect(exact.count).toBe(7);
    expect(exact.status).toBe(200);
    const estimated = await anon.from('pf_estimates').select('id', { count: 'estimated' });
    expect(estimated.count).toBe(7);
  });

  it('Prefer: timezone sets the time zone timestamps are written in', async () => {
    const res = await raw('/books?select=created_at&id=eq.1', { headers: { Prefer: 'timezone=Asia/Kolkata' } });
    expect(res.headers.get('preference-applied')).toBe('timezone=Asia/Kolkata');
    expect((res.body as Array<{ created_at: string }>)[0].created_at).toMatch(/\+05:30$/);
    const plain = await raw('/books?select=created_at&id=eq.1');
    const unknown = await raw('/books?select=created_at&id=eq.1', { headers: { Prefer: 'timezone=Mars/Base' } });
    expect(unknown.headers.get('preference-applied')).toBeNull();
    expect(unknown.body).toEqual(plain.body);
  });

  it('handling=strict refuses unknown preferences with PGRST122', async () => {
    const res = await raw('/pf_teams', { headers: { Prefer: 'handling=strict, count=exact, foo=bar' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'PGRST122',
      details: 'Invalid preferences: foo=bar',
      hint: null,
      message: 'Invalid preferences given with handling=strict',
    });
    const lenient = await raw('/pf_teams?select=id', { headers: { Prefer: 'count=exact, foo=bar' } });
    expect(lenient.status).toBe(200);
    expect(lenient.headers.get('preference-applied')).toBe('count=exact');
  });
});
