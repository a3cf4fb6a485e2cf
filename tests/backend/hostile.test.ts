/**
 * Hostile input: well over 100 malformed or malicious requests (injection in filters, column
 * names, order, embeds, RPC names and arguments; broken and forged JWTs; bad API keys; oversized and
 * malformed bodies; path traversal) against every HTTP family. Each must get a 4xx, none may change
 * anything, and the process must keep serving.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
let userToken: string;
let userId: string;
let snapshot: string;

interface Attack {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Blob;
  /** Who sends it: the signed-in user (default), anon, or exactly the headers given. */
  as?: 'user' | 'anon' | 'raw';
}

/** Everything an attack could have changed, as the database owner sees it. */
async function state(): Promise<string> {
  const tables = await backend.db.query<{ t: string }>(
    `select string_agg(table_schema || '.' || table_name, ',' order by table_schema, table_name) as t
     from information_schema.tables where table_schema in ('public', 'auth', 'storage')`,
  );
  const roles = await backend.db.query<{ r: string }>(
    `select string_agg(rolname || ':' || rolsuper || rolbypassrls, ',' order by rolname) as r from pg_roles`,
  );
  const vault = await backend.db.query<{ v: string }>(
    `select string_agg(id || '=' || secret, ',' order by id) as v from public.vault`,
  );
  const notes = await backend.db.query<{ v: string }>(
    `select coalesce(string_agg(id || ':' || owner_id || ':' || body || ':' || amount, ',' order by id), '') as v from public.notes`,
  );
  const users = await backend.db.query<{ v: string }>(
    `select string_agg(id || ':' || email || ':' || coalesce(role, '') || ':' || coalesce(encrypted_password, ''), ',' order by id) as v from auth.users`,
  );
  const objects = await backend.db.query<{ v: string }>(
    `select coalesce(string_agg(bucket_id || '/' || name, ',' order by name), '') as v from storage.objects`,
  );
  const buckets = await backend.db.query<{ v: string }>(
    `select coalesce(string_agg(id || ':' || public, ',' order by id), '') as v from storage.buckets`,
  );
  const grants = await backend.db.query<{ v: string }>(
    `select count(*)::text as v from information_schema.role_table_grants`,
  );
  return JSON.stringify([
    tables.rows,
    roles.rows,
    vault.rows,
    notes.rows,
    users.rows,
    objects.rows,
    buckets.rows,
    grants.rows,
  ]);
}

const secret = new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long');
const wrongSecret = new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function brokenTokens(): Promise<Array<[string, string]>> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, role: 'authenticated', aud: 'authenticated', exp: now + 3600 };
  return [
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    [
      'alg none with signature',
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${Buffer.from('x').toString('base64url')}`,
    ],
    ['wrong secret', await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(wrongSecret)],
    ['expired', await new SignJWT({ ...claims, exp: now - 60 }).setProtectedHeader({ alg: 'HS256' }).sign(secret)],
    [
      'HS512 with the secret',
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new Uint8Array(64).fill(7)),
    ],
    [
      'role postgres',
      await new SignJWT({ ...claims, role: 'postgres' }).setProtectedHeader({ alg: 'HS256' }).sign(secret),
    ],
    [
      'role supabase_admin',
      await new SignJWT({ ...claims, role: 'supabase_admin' }).setProtectedHeader({ alg: 'HS256' }).sign(secret),
    ],
    ['garbage', 'not-a-token'],
    ['three dots', 'a.b.c'],
    [
      'tampered payload',
      (() => {
        const [h, , s] = userToken.split('.');
        return `${h}.${b64({ sub: userId, role: 'service_role', exp: now + 3600 })}.${s}`;
      })(),
    ],
  ];
}

beforeAll(async () => {
  backend = await startTestBackend();
  const user = await backend.signUp('hostile-user@example.com', 'a-fine-password');
  userId = user.userId;
  userToken = (await user.client.auth.getSession()).data.session!.access_token;
  const { error } = await user.client.rpc('add_note', { p_body: 'my own note', p_amount: 3 });
  expect(error).toBeNull();
  await backend.service().storage.createBucket('avatars', { public: true, fileSizeLimit: 1024 });
  snapshot = await state();
});

afterAll(async () => {
  await backend?.stop();
});

function attacks(tokens: Array<[string, string]>): Attack[] {
  const list: Attack[] = [];
  const rest = (name: string, path: string, extra: Partial<Attack> = {}) =>
    list.push({ name, path: `/rest/v1/${path}`, ...extra });
  const json = { 'content-type': 'application/json' };

  // Values that cannot be integers, in every operator that takes one.
  const badInts = [
    '1;drop table public.vault',
    "1' or '1'='1",
    '1)or(1=1',
    '1 union select secret from public.vault',
    '(select 1)',
    '1--',
    "0'; delete from public.notes; --",
    '1e999x',
  ];
  for (const value of badInts) {
    rest(`int filter eq ${value}`, `notes?amount=eq.${encodeURIComponent(value)}`);
    rest(`int filter gt ${value}`, `notes?id=gt.${encodeURIComponent(value)}`);
  }
  rest('int filter in', `notes?id=in.(1,${encodeURIComponent('2); drop table public.vault; --')})`);
  // Column names, casts and embeds that are not in the schema.
  for (const select of [
    'secret from public.vault--',
    'id);drop table public.notes;--',
    '*,(select secret from public.vault)',
    'id::text;drop table public.vault',
    'pg_sleep(5)',
    'id,body)',
    '"id""; drop table public.vault; --"',
    'body::regclass;--',
    'id::int;select 1',
    '*,vault(*)',
    '*,notes!inner(secret)',
    'owner:auth.users(*)',
    'count(*) over ()',
  ]) {
    rest(`select ${select}`, `notes?select=${encodeURIComponent(select)}`);
  }
  // Filter columns and operators.
  for (const query of [
    `${encodeURIComponent('1=1')}=eq.1`,
    `${encodeURIComponent('id;drop table public.vault')}=eq.1`,
    `${encodeURIComponent('(select 1)')}=eq.1`,
    'id=foo.1',
    'id=eq',
    'id=in.(1,2',
    'or=(id.eq.1',
    'or=(id.eq.1,secret.eq.x)',
    'and=(id.eq.1))',
    'id=not.',
    `body=${encodeURIComponent("like.*'; drop table public.vault; --")}&id=eq.x`,
    'limit=-1',
    'limit=abc',
    'offset=x',
    `order=${encodeURIComponent('id;drop table public.vault')}`,
    `order=${encodeURIComponent('id.desc;select 1')}`,
    `order=${encodeURIComponent('(select 1)')}`,
    'order=id.sideways',
    `order=${encodeURIComponent('random()')}`,
    'order=secret.desc',
  ]) {
    rest(`query ${decodeURIComponent(query)}`, `notes?${query}`);
  }
  // Tables and schemas that are not exposed.
  for (const table of [
    'vault;drop%20table%20public.notes',
    'pg_authid',
    'auth.users',
    '..%2fauth%2fusers',
    'users',
    'schema_migrations',
    'pg_catalog.pg_roles',
    '%00',
  ]) {
    rest(`table ${table}`, `${table}?select=*`);
  }
  rest('profile auth', 'notes?select=*', { headers: { 'accept-profile': 'auth' } });
  rest('profile pg_catalog', 'notes?select=*', { headers: { 'accept-profile': 'pg_catalog' } });
  // Writes that break the rules or the types.
  const insert = (name: string, body: string, path = 'notes', headers: Record<string, string> = {}) =>
    rest(name, path, { method: 'POST', body, headers: { ...json, ...headers } });
  insert('insert into a generated identity', JSON.stringify({ id: 99, body: 'x' }));
  insert('insert as another owner', JSON.stringify({ owner_id: '00000000-0000-0000-0000-000000000001', body: 'x' }));
  insert('insert over the length check', JSON.stringify({ body: 'x'.repeat(600) }));
  insert('insert null into not null', JSON.stringify({ body: null }));
  insert('insert an unknown column', JSON.stringify({ body: 'x', nonexistent: 1 }));
  insert('insert bad int', JSON.stringify({ body: 'x', amount: '1; drop table public.vault' }));
  insert(
    'insert columns injection',
    JSON.stringify({ body: 'x' }),
    `notes?columns=${encodeURIComponent('body;drop table public.vault')}`,
  );
  insert(
    'insert on_conflict injection',
    JSON.stringify({ body: 'x' }),
    `notes?on_conflict=${encodeURIComponent('id);drop table public.vault;--')}`,
    { prefer: 'resolution=merge-duplicates' },
  );
  insert('insert malformed JSON', '{"body": "x"');
  insert('insert JSON of the wrong kind', '"just a string"');
  insert('insert into the vault', JSON.stringify({ id: 2, secret: 'mine now' }), 'vault');
  insert('insert mixed keys array', JSON.stringify([{ body: 'a' }, { body: 'b', amount: 'x' }]));
  rest('update other column type', `notes?id=gt.0`, {
    method: 'PATCH',
    body: JSON.stringify({ amount: 'lots' }),
    headers: json,
  });
  rest('update unknown column', `notes?id=gt.0`, {
    method: 'PATCH',
    body: JSON.stringify({ secret: 'x' }),
    headers: json,
  });
  rest('update malformed JSON', `notes?id=gt.0`, { method: 'PATCH', body: '{', headers: json });
  rest('delete with injected filter', `notes?id=eq.${encodeURIComponent('1 or 1=1')}`, { method: 'DELETE' });
  rest('anon insert into owned notes', 'notes', {
    method: 'POST',
    body: JSON.stringify({ body: 'x' }),
    headers: json,
    as: 'anon',
  });
  // RPC names and arguments.
  const rpc = (name: string, fn: string, body: string) =>
    rest(name, `rpc/${fn}`, { method: 'POST', body, headers: json });
  rpc('rpc bad int argument', 'add_note', JSON.stringify({ p_body: 'x', p_amount: '1; drop table public.vault' }));
  rpc('rpc argument name injection', 'add_note', JSON.stringify({ 'p_body); drop table public.vault; --': 'x' }));
  rpc('rpc unknown argument', 'add_note', JSON.stringify({ p_body: 'x', p_bogus: 1 }));
  rpc('rpc over the length check', 'add_note', JSON.stringify({ p_body: 'x'.repeat(600) }));
  rpc('rpc name injection', encodeURIComponent('add_note;drop table public.vault'), '{}');
  rpc('rpc system function', 'pg_sleep', JSON.stringify({ seconds: 5 }));
  rpc('rpc catalog function', 'pg_read_file', JSON.stringify({ filename: '/etc/passwd' }));
  rpc(
    'rpc set_config',
    'set_config',
    JSON.stringify({ setting_name: 'role', new_value: 'service_role', is_local: false }),
  );
  rpc('rpc malformed JSON', 'add_note', '{"p_body":');
  rpc('rpc array body', 'add_note', '[1,2,3]');
  rest('rpc GET on a volatile function', `rpc/add_note?p_body=x`);
  // Broken or forged tokens on every family, and bad API keys.
  for (const [name, token] of tokens) {
    const headers = { apikey: backend.anonKey, authorization: `Bearer ${token}` };
    list.push({ name: `rest token ${name}`, path: '/rest/v1/notes?select=*', headers, as: 'raw' });
    list.push({ name: `storage token ${name}`, path: '/storage/v1/bucket', headers, as: 'raw' });
    // GoTrue and the functions gateway check the signature and expiry, not the role claim: a
    // token truly signed with the project's secret passes there on a hosted project too.
    if (name.startsWith('role ')) continue;
    list.push({ name: `auth token ${name}`, path: '/auth/v1/user', headers, as: 'raw' });
    list.push({
      name: `functions token ${name}`,
      method: 'POST',
      path: '/functions/v1/echo',
      headers,
      body: '{}',
      as: 'raw',
    });
  }
  for (const [name, headers] of [
    ['no apikey', {}],
    ['wrong apikey', { apikey: 'wrong' }],
    ['apikey signed with another secret', { apikey: tokens[2][1] }],
  ] as Array<[string, Record<string, string>]>) {
    list.push({ name: `rest ${name}`, path: '/rest/v1/notes?select=*', headers, as: 'raw' });
    list.push({ name: `auth ${name}`, path: '/auth/v1/settings', headers, as: 'raw' });
    list.push({ name: `storage ${name}`, path: '/storage/v1/bucket', headers, as: 'raw' });
  }
  // Oversized and malformed bodies.
  const huge = new Blob([new Uint8Array(11 * 1024 * 1024).fill(97)]);
  list.push({ name: 'oversized insert', method: 'POST', path: '/rest/v1/notes', body: huge, headers: json });
  list.push({ name: 'oversized rpc', method: 'POST', path: '/rest/v1/rpc/add_note', body: huge, headers: json });
  list.push({
    name: 'oversized signup',
    method: 'POST',
    path: '/auth/v1/signup',
    body: huge,
    headers: json,
    as: 'anon',
  });
  list.push({
    name: 'oversized upload',
    method: 'POST',
    path: '/storage/v1/object/avatars/big.png',
    body: huge,
    headers: { 'content-type': 'image/png' },
  });
  for (const [name, path, body] of [
    ['auth signup malformed', '/auth/v1/signup', '{"email":'],
    ['auth signup email object', '/auth/v1/signup', JSON.stringify({ email: { $ne: null }, password: 'abcdefgh' })],
    ['auth signup email array', '/auth/v1/signup', JSON.stringify({ email: ['a@b.c'], password: 'abcdefgh' })],
    [
      'auth signup password object',
      '/auth/v1/signup',
      JSON.stringify({ email: 'new@example.com', password: { length: 9 } }),
    ],
    [
      'auth signup injection email',
      '/auth/v1/signup',
      JSON.stringify({ email: "x'; drop table auth.users; --", password: 'abcdefgh' }),
    ],
    [
      'auth token injection',
      '/auth/v1/token?grant_type=password',
      JSON.stringify({ email: "' or 1=1 --", password: "' or 1=1 --" }),
    ],
    ['auth token malformed', '/auth/v1/token?grant_type=password', '{'],
    [
      'auth token unknown grant',
      '/auth/v1/token?grant_type=god_mode',
      JSON.stringify({ email: 'hostile-user@example.com' }),
    ],
    [
      'auth refresh injection',
      '/auth/v1/token?grant_type=refresh_token',
      JSON.stringify({ refresh_token: "'; delete from auth.users; --" }),
    ],
    ['auth recover malformed', '/auth/v1/recover', '[['],
  ] as Array<[string, string, string]>) {
    list.push({ name, method: 'POST', path, body, headers: json, as: 'anon' });
  }
  list.push({ name: 'auth admin list as a user', path: '/auth/v1/admin/users' });
  list.push({
    name: 'auth admin create as a user',
    method: 'POST',
    path: '/auth/v1/admin/users',
    body: JSON.stringify({ email: 'x@example.com', password: 'abcdefgh' }),
    headers: json,
  });
  list.push({
    name: 'auth admin ban as a user',
    method: 'PUT',
    path: `/auth/v1/admin/users/${'00000000-0000-0000-0000-000000000000'}`,
    body: JSON.stringify({ ban_duration: '24h' }),
    headers: json,
  });
  list.push({
    name: 'auth update user without a session',
    method: 'PUT',
    path: '/auth/v1/user',
    body: JSON.stringify({ password: 'hijacked1' }),
    headers: json,
    as: 'anon',
  });
  // Storage paths that try to leave their folder, and forbidden buckets.
  for (const name of [
    '..%2F..%2Fetc%2Fpasswd',
    '../../outside.png',
    'a/../../b.png',
    'a%00b.png',
    'a%5C..%5Cb.png',
    '%2Fabsolute.png',
  ]) {
    list.push({
      name: `storage path ${name}`,
      method: 'POST',
      path: `/storage/v1/object/avatars/${name}`,
      body: 'x',
      headers: { 'content-type': 'image/png' },
    });
  }
  list.push({
    name: 'storage bucket traversal',
    method: 'POST',
    path: '/storage/v1/object/..%2F..%2Fx/y.png',
    body: 'x',
    headers: { 'content-type': 'image/png' },
  });
  list.push({
    name: 'storage create bucket as a user',
    method: 'POST',
    path: '/storage/v1/bucket',
    body: JSON.stringify({ id: 'mine', name: 'mine', public: true }),
    headers: json,
  });
  list.push({ name: 'storage bucket malformed', method: 'POST', path: '/storage/v1/bucket', body: '{', headers: json });
  list.push({
    name: 'storage wrong type',
    method: 'POST',
    path: '/storage/v1/object/avatars/x.txt',
    body: 'hello',
    headers: { 'content-type': 'text/plain' },
  });
  list.push({ name: 'storage missing object', path: '/storage/v1/object/avatars/none.png' });
  // Function names that are not functions.
  for (const name of ['..%2F..%2Frest%2Fv1%2Fvault', '_shared', 'does-not-exist', 'echo.ts', '%2E%2E']) {
    list.push({ name: `function ${name}`, method: 'POST', path: `/functions/v1/${name}`, body: '{}', headers: json });
  }
  return list;
}

describe('hostile input', () => {
  it('answers every malformed or malicious request with a 4xx and changes nothing', async () => {
    const list = attacks(await brokenTokens());
    expect(list.length).toBeGreaterThanOrEqual(100);
    const failures: string[] = [];
    for (const attack of list) {
      const headers: Record<string, string> =
        attack.as === 'raw'
          ? { ...attack.headers }
          : {
              apikey: backend.anonKey,
              authorization: `Bearer ${attack.as === 'anon' ? backend.anonKey : userToken}`,
              ...attack.headers,
            };
      const res = await fetch(`${backend.url}${attack.path}`, {
        method: attack.method ?? 'GET',
        headers,
        body: attack.body,
      }).catch((error: unknown) => ({ status: -1, error }) as const);
      if (!('ok' in res)) {
        failures.push(`${attack.name}: request failed (${String(res.error)})`);
        continue;
      }
      await res.arrayBuffer();
      if (res.status < 400 || res.status >= 500) failures.push(`${attack.name}: HTTP ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(await state()).toBe(snapshot);
  });

  it('keeps serving afterwards', async () => {
    const { data, error } = await backend
      .anon()
      .auth.signInWithPassword({ email: 'hostile-user@example.com', password: 'a-fine-password' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    const res = await fetch(`${backend.url}/rest/v1/notes?select=body`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ body: 'my own note' }]);
  });
});
