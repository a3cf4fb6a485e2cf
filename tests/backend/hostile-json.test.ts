/**
 * Hostile JSON and a full disk in the database: bodies nested thousands of levels deep once sent
 * the backend into a stack overflow (500) in JSON.stringify or jsonb. Each API family must refuse
 * them with a clear 400 and change nothing, and still take JSON nested as deep as the limit. A
 * database write that fails for want of disk space (PostgreSQL's 53100, raised here by a trigger,
 * as filling the real disk under the database is not something a test can do) is a 507.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../supabase/local/json-depth.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let userToken: string;

const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

function post(path: string, body: string, token: string | null = null, extra: Record<string, string> = {}) {
  const key = backend.serviceRoleKey;
  return fetch(`${backend.url}${path}`, {
    method: 'POST',
    headers: {
      apikey: token ? backend.anonKey : key,
      authorization: `Bearer ${token ?? key}`,
      'content-type': 'application/json',
      ...extra,
    },
    body,
  });
}

async function counts() {
  const { rows } = await backend.db.query<{ books: number; users: number; objects: number }>(
    `select (select count(*)::int from public.books) as books, (select count(*)::int from auth.users) as users,
            (select count(*)::int from storage.objects) as objects`,
  );
  return rows[0];
}

beforeAll(async () => {
  backend = await startTestBackend();
  const user = await backend.signUp();
  userToken = (await user.client.auth.getSession()).data.session!.access_token;
});

afterAll(async () => {
  await backend?.stop();
});

describe('JSON nested too deep', () => {
  it('is a 400 on REST inserts, RPC arguments, auth, storage and functions, and changes nothing', async () => {
    const before = await counts();
    const deep = deepObject(5000);
    const cases: Array<[string, Response]> = [
      ['REST insert', await post('/rest/v1/books', `{"title":"deep","data":${deep}}`)],
      ['REST insert (arrays)', await post('/rest/v1/books', deepArray(5000))],
      ['RPC', await post('/rest/v1/rpc/echo', deep)],
      ['RPC argument', await post('/rest/v1/rpc/json_keys', `{"payload":${deep}}`)],
      [
        'auth sign-up data',
        await post('/auth/v1/signup', `{"email":"deep@example.com","password":"a-fine-password","data":${deep}}`, ''),
      ],
      [
        'auth user update',
        await fetch(`${backend.url}/auth/v1/user`, {
          method: 'PUT',
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${userToken}`,
            'content-type': 'application/json',
          },
          body: `{"data":${deep}}`,
        }),
      ],
      ['storage list', await post('/storage/v1/object/list/avatars', `{"prefix":"","x":${deep}}`)],
      [
        'storage metadata',
        await fetch(`${backend.url}/storage/v1/object/docs/deep.txt`, {
          method: 'POST',
          headers: {
            apikey: backend.serviceRoleKey,
            authorization: `Bearer ${backend.serviceRoleKey}`,
            'content-type': 'text/plain',
            // A header holds less than the bodies: 1000 levels, still far past the limit.
            'x-metadata': Buffer.from(deepObject(1000)).toString('base64'),
          },
          body: 'deep',
        }),
      ],
      ['function', await post('/functions/v1/echo', deep)],
    ];
    for (const [name, res] of cases) {
      expect(res.status, name).toBe(400);
      expect(await res.text(), name).toMatch(/JSON|json/);
    }
    expect(await counts()).toEqual(before);
  });

  it('says why: PostgREST, storage and functions name the limit', async () => {
    const rest = await post('/rest/v1/rpc/echo', deepArray(MAX_JSON_DEPTH + 1));
    expect(await rest.json()).toMatchObject({
      code: 'PGRST102',
      details: `JSON nested more than ${MAX_JSON_DEPTH} levels deep is not accepted`,
    });
    const storage = await post('/storage/v1/object/list/avatars', deepArray(MAX_JSON_DEPTH + 1));
    expect(await storage.json()).toMatchObject({ statusCode: '400', message: expect.stringMatching(/levels deep/) });
  });

  it(`still takes JSON nested ${MAX_JSON_DEPTH} levels deep, and brackets inside strings do not count`, async () => {
    const atLimit = deepObject(MAX_JSON_DEPTH - 1);
    const echoed = await post('/rest/v1/rpc/echo', `{"a":${atLimit}}`);
    expect(echoed.status).toBe(200);
    expect(await echoed.json()).toEqual(JSON.parse(`{"a":${atLimit}}`));
    const inserted = await post('/rest/v1/books', `{"title":"deep enough","data":${atLimit}}`, null, {
      prefer: 'return=representation',
    });
    expect(inserted.status).toBe(201);
    const brackets = JSON.stringify({ title: '['.repeat(1000) + '{'.repeat(1000) + '\\"[', data: {} });
    expect((await post('/rest/v1/books', brackets)).status).toBe(201);
  });
});

describe('a full disk under the database', () => {
  it('answers a REST write that PostgreSQL could not store for want of space with 507', async () => {
    await backend.db.query(`
      create function public.pretend_disk_full() returns trigger language plpgsql as $$
      begin
        raise exception 'could not extend file "base/5/16384": No space left on device' using errcode = '53100';
      end $$`);
    await backend.db.query(`
      create trigger pretend_disk_full before insert on public.books
        for each row when (new.title = 'no room') execute function public.pretend_disk_full();`);
    const before = await counts();
    const res = await post('/rest/v1/books', '{"title":"no room"}');
    expect(res.status).toBe(507);
    expect(await res.json()).toMatchObject({ code: '53100', message: expect.stringMatching(/No space left/) });
    expect(await counts()).toEqual(before);
    expect((await post('/rest/v1/books', '{"title":"room enough"}')).status).toBe(201);
  });
});
