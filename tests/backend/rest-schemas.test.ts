/**
 * PostgREST 13 fidelity of exposed schemas and of aggregates, driven by the real supabase-js:
 * config.toml's `[api] schemas` with the Accept-Profile / Content-Profile headers (PGRST106
 * otherwise), the request's search_path, and aggregate functions behind the same switch a hosted
 * project uses (`pgrst.db_aggregates_enabled` of the authenticator role; PGRST123 when off).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSettingsFrom, DEFAULT_API } from '../../supabase/local/rest/config.ts';
import { repoRoot } from '../../supabase/local/config.ts';
import { fixturesDir, startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend({ configFile: path.join(fixturesDir, 'api-config.toml') });
  anon = backend.anon();
  service = backend.service();
});

afterAll(async () => {
  await backend?.stop();
});

async function raw(urlPath: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${backend.url}/rest/v1${urlPath}`, { headers: { apikey: backend.anonKey, ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('configuration', () => {
  it("supabase/config.toml's [api] section is what the local API exposes", async () => {
    const text = await readFile(path.join(repoRoot, 'supabase', 'config.toml'), 'utf8');
    expect(apiSettingsFrom(text)).toEqual({
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
    });
    expect(apiSettingsFrom('project_id = "x"\n')).toEqual(DEFAULT_API);
    expect(apiSettingsFrom('[api]\nschemas = ["api"]\nmax_rows = 5\n')).toEqual({
      schemas: ['api'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 5,
    });
  });
});

describe('exposed schemas', () => {
  it('reads the second schema with Accept-Profile, and says which schema answered', async () => {
    const crew = anon.schema('crew_api');
    const { data, error } = await crew.from('pf_boards').select('title, pf_cards(body)').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Backstage', pf_cards: [{ body: 'Tune guitars' }, { body: 'Sound check' }] }]);
    const same = await crew.from('pf_teams').select('motto');
    expect(same.data).toEqual([{ motto: 'Loud and clear' }]);
    const pub = await anon.from('pf_teams').select('name').eq('id', 2);
    expect(pub.data).toEqual([{ name: 'Kitchen' }]);
    const res = await raw('/pf_boards?select=id', { 'Accept-Profile': 'crew_api' });
    expect(res.headers.get('content-profile')).toBe('crew_api');
    const byDefault = await raw('/pf_teams?select=id&limit=1');
    expect(byDefault.headers.get('content-profile')).toBe('public');
  });

  it('writes and calls go to the schema of Content-Profile', async () => {
    const crew = service.schema('crew_api');
    const inserted = await crew.from('pf_boards').insert({ id: 3, title: 'Gate' }).select();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toEqual([{ id: 3, title: 'Gate' }]);
    expect((await crew.rpc('pf_board_count')).data).toBe(3);
    const wrongSchema = await service.rpc('pf_board_count');
    expect(wrongSchema.error!.code).toBe('PGRST202');
    const { rows } = await backend.db.query<{ n: string }>('select count(*)::text as n from crew_api.pf_boards');
    expect(rows[0].n).toBe('3');
  });

  it('a table of another schema is not embeddable, and not found by name', async () => {
    const cross = await anon.schema('crew_api').from('pf_cards').select('body, pf_people(first_name)');
    expect(cross.status).toBe(400);
    expect(cross.error!.code).toBe('PGRST200');
    const missing = await anon.schema('crew_api').from('pf_people').select();
    expect(missing.status).toBe(404);
    expect(missing.error!.message).toBe("Could not find the table 'crew_api.pf_people' in the schema cache");
  });

  it('a schema that is not exposed is 406 PGRST106', async () => {
    const res = await raw('/users', { 'Accept-Profile': 'auth' });
    expect(res.status).toBe(406);
    expect(res.body).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, graphql_public, crew_api',
      message: 'Invalid schema: auth',
    });
    const write = await anon.schema('storage').from('objects').insert({});
    expect(write.status).toBe(406);
    expect(write.error!.code).toBe('PGRST106');
  });

  it("each request's search_path is its schema, then the extra search path", async () => {
    expect((await anon.rpc('pf_search_path')).data).toBe('"public", "public", "extensions"');
    expect((await anon.schema('crew_api').rpc('pf_search_path')).data).toBe('"crew_api", "public", "extensions"');
  });
});

describe('aggregates', () => {
  async function setAggregates(on: boolean): Promise<void> {
    const { rows } = await backend.db.query<{ db: string }>('select quote_ident(current_database()) as db');
    await backend.db.exec(
      on
        ? `alter role authenticator in database ${rows[0].db} set pgrst.db_aggregates_enabled = 'true'`
        : `alter role authenticator in database ${rows[0].db} reset pgrst.db_aggregates_enabled`,
    );
  }

  it('are refused with PGRST123 while the switch is off, as by default', async () => {
    const res = await anon.from('pf_tasks').select('hours.sum()');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({
      code: 'PGRST123',
      details: null,
      hint: null,
      message: 'Use of aggregate functions is not allowed',
    });
    const count = await anon.from('pf_tasks').select('count()');
    expect(count.error!.code).toBe('PGRST123');
    // The legacy `count` of an embed is PostgreSQL's count(row), not an aggregate PostgREST knows.
    const legacy = await anon
      .from('pf_people')
      .select('first_name, pf_tasks!pf_tasks_owner_id_fkey(count)')
      .eq('id', 1);
    expect(legacy.data).toEqual([{ first_name: 'Ada', pf_tasks: [{ count: 2 }] }]);
  });

  it('once switched on: sums, averages and counts, grouped by the other columns', async () => {
    await setAggregates(true);
    try {
      const total = await anon.from('pf_tasks').select('hours.sum(), count()');
      expect(total.error).toBeNull();
      expect(total.data).toEqual([{ sum: 12, count: 5 }]);
      const grouped = await anon
        .from('pf_tasks')
        .select('owner_id, total:hours.sum(), longest:hours.max(), tasks:count()')
        .not('owner_id', 'is', null)
        .order('owner_id');
      expect(grouped.data).toEqual([
        { owner_id: 1, total: 7.5, longest: 5.5, tasks: 2 },
        { owner_id: 2, total: 0.5, longest: 0.5, tasks: 1 },
        { owner_id: 3, total: 3, longest: 3, tasks: 1 },
      ]);
      const cast = await anon.from('pf_tasks').select('hours.avg()::int');
      expect(cast.data).toEqual([{ avg: 2 }]);
      const embedded = await anon
        .from('pf_people')
        .select('first_name, pf_tasks!pf_tasks_owner_id_fkey(hours.sum())')
        .eq('id', 1);
      expect(embedded.data).toEqual([{ first_name: 'Ada', pf_tasks: [{ sum: 7.5 }] }]);
      // An aggregate inside a to-one spread applies at the parent, grouped by the parent's columns.
      const hoisted = await anon
        .from('pf_tasks')
        .select('done, ...pf_people!pf_tasks_owner_id_fkey(people:id.count())')
        .order('done');
      expect(hoisted.error).toBeNull();
      expect(hoisted.data).toEqual([
        { done: false, people: 3 },
        { done: true, people: 1 },
      ]);
      const toManySpread = await anon
        .from('pf_people')
        .select('first_name, ...pf_tasks!pf_tasks_owner_id_fkey(hours.sum())');
      expect(toManySpread.status).toBe(400);
      expect(toManySpread.error).toEqual({
        code: 'PGRST127',
        details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        hint: null,
        message: 'Feature not implemented',
      });
    } finally {
      await setAggregates(false);
    }
    const off = await anon.from('pf_tasks').select('hours.sum()');
    expect(off.error!.code).toBe('PGRST123');
  });
});
