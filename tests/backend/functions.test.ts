/**
 * /functions/v1 driven by supabase-js `functions.invoke` and plain fetch: the fixture functions of
 * tests/fixtures/functions run on the real Deno runtime, see the caller's request and the
 * platform's environment, act as the caller, and the gateway's JWT check (config.toml's
 * verify_jwt), unknown names, a throwing function and one that does not boot answer as hosted.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { functionSecrets, type FunctionSecrets } from '../support/function-secrets.ts';

let backend: TestBackend;
let alice: { client: SupabaseClient; userId: string; email: string };

function call(name: string, init: RequestInit = {}, token: string | null = backend.anonKey) {
  const headers = new Headers(init.headers);
  if (token !== null && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  return fetch(`${backend.url}/functions/v1/${name}`, { ...init, headers });
}

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await backend.signUp();
});

afterAll(async () => {
  await backend?.stop();
});

describe('calling a function', () => {
  it('passes method, path, query, headers and body, and the platform environment', async () => {
    const res = await call('echo/sub/path?x=1', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'hello', apikey: backend.anonKey },
      body: JSON.stringify({ ping: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-echo')).toBe('yes');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const echoed = await res.json();
    expect(echoed).toMatchObject({
      method: 'POST',
      path: '/echo/sub/path',
      query: '?x=1',
      body: '{"ping":true}',
      env: { SUPABASE_URL: true, SUPABASE_ANON_KEY: true, SUPABASE_SERVICE_ROLE_KEY: true },
      url: backend.url,
      // The pinned Deno of the npm package, in a process of the function's own.
      runtime: { deno: '2.9.6' },
    });
    expect(echoed.runtime.pid).not.toBe(process.pid);
    expect(backend.functions.pids()).toContain(echoed.runtime.pid);
    expect(echoed.headers).toMatchObject({
      'x-custom': 'hello',
      apikey: backend.anonKey,
      authorization: `Bearer ${backend.anonKey}`,
      'content-type': 'application/json',
    });
  });

  it('works through supabase-js functions.invoke with every method', async () => {
    const client = backend.anon();
    const posted = await client.functions.invoke('echo', { body: { hello: 'world' } });
    expect(posted.error).toBeNull();
    expect(posted.data).toMatchObject({ method: 'POST', body: '{"hello":"world"}' });
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const { data, error } = await client.functions.invoke('echo', { method });
      expect(error).toBeNull();
      expect(data.method).toBe(method);
    }
  });

  it("passes the function's own status through", async () => {
    const res = await call('echo?status=418');
    expect(res.status).toBe(418);
    expect((await res.json()).method).toBe('GET');
  });

  it('lets a function act as its caller (auth and storage RLS)', async () => {
    await alice.client.storage
      .from('docs')
      .upload(`${alice.userId}/note.txt`, new Blob(['hi'], { type: 'text/plain' }));
    const { data, error } = await alice.client.functions.invoke('whoami');
    expect(error).toBeNull();
    expect(data).toEqual({ user: { id: alice.userId, email: alice.email }, files: ['note.txt'], filesError: null });
    const bob = await backend.signUp();
    const asBob = await bob.client.functions.invoke('whoami');
    expect(asBob.data).toMatchObject({ user: { id: bob.userId }, files: [] });
  });

  it('gives the anon caller no user', async () => {
    const res = await call('whoami');
    expect(res.status).toBe(401);
    expect((await res.json()).user).toBeNull();
  });
});

describe('gateway answers', () => {
  it('answers an unknown function or a hostile name with 404 NOT_FOUND', async () => {
    for (const name of [
      'nope',
      '_shared',
      '_shared%2fx',
      '..%2f..%2fpackage.json',
      'echo.ts',
      '..%2fecho',
      'ec%00ho',
      '.hidden',
      'echo%2fhandler.ts',
      '',
    ]) {
      const res = await call(name);
      expect(res.status, name).toBe(404);
      expect(await res.json(), name).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    const invoked = await backend.anon().functions.invoke('does-not-exist');
    expect(invoked.error?.name).toBe('FunctionsHttpError');
  });

  it('refuses a missing, forged or expired JWT with 401', async () => {
    const missing = await call('echo', {}, null);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'Missing authorization header' });
    const forged = await call('echo', {}, `${backend.anonKey.slice(0, -3)}abc`);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 401, message: 'Invalid JWT' });
    const garbage = await call('echo', {}, 'not-a-jwt');
    expect(garbage.status).toBe(401);
    const expired = await backend.app.jwt.sign({
      sub: alice.userId,
      role: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    expect((await call('echo', {}, expired)).status).toBe(401);
    const otherSecret = await call('echo', {}, 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.');
    expect(otherSecret.status).toBe(401);
  });

  it('answers a throwing function with 500 WORKER_ERROR and keeps serving', async () => {
    const res = await call('boom', { method: 'POST', body: 'x' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    });
    const invoked = await backend.anon().functions.invoke('boom');
    expect(invoked.error?.name).toBe('FunctionsHttpError');
    const next = await call('echo');
    expect(next.status).toBe(200);
    expect(res.headers.get('sb-error-code')).toBe('EDGE_FUNCTION_ERROR');
  });
});

describe('a project of its own: verify_jwt, entry points, secrets, reloads', () => {
  let dir: string;
  let open: TestBackend;
  let secrets: FunctionSecrets;
  const fn = (name: string) => path.join(dir, 'functions', name);
  const get = (name: string, init: RequestInit = {}) => fetch(`${open.url}/functions/v1/${name}`, init);

  async function writeFunction(name: string, source: string) {
    await mkdir(fn(name), { recursive: true });
    await writeFile(path.join(fn(name), 'index.ts'), source);
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'functions-config-'));
    secrets = await functionSecrets();
    const hook = `Deno.serve((req: Request) =>
  new Response(\`hook saw \${req.method} \${Deno.env.get('GREETING') ?? 'no greeting'} at \${Deno.env.get('SUPABASE_URL')}\`, {
    headers: { 'content-type': 'text/plain' },
  }),
);
`;
    await writeFunction('hook', hook);
    await writeFunction('locked', hook);
    await writeFunction(
      'fetcher',
      'export default { fetch: (req: Request) => new Response(`default export saw ${req.method}`) };\n',
    );
    await mkdir(path.join(dir, 'functions', 'moved', 'src'), { recursive: true });
    await writeFile(
      path.join(dir, 'functions', 'moved', 'src', 'main.ts'),
      "Deno.serve(() => new Response('from main.ts'));\n",
    );
    await writeFile(
      path.join(dir, 'config.toml'),
      [
        '[functions.hook]',
        'verify_jwt = false # a webhook',
        '[functions.locked]',
        'verify_jwt = true',
        '[functions.fetcher]',
        'verify_jwt = false',
        '[functions.moved]',
        'verify_jwt = false',
        'entrypoint = "./functions/moved/src/main.ts"',
        '',
      ].join('\n'),
    );
    open = await startTestBackend({
      fixtures: false,
      functionsDir: path.join(dir, 'functions'),
      functionsEnvFile: secrets.file,
    });
  });

  afterAll(async () => {
    await open?.stop();
    await secrets?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it("honours config.toml's verify_jwt, entrypoint and export default { fetch }", async () => {
    const res = await get('hook', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(`hook saw POST no greeting at ${open.url}`);
    const locked = await get('locked', { method: 'POST' });
    expect(locked.status).toBe(401);
    expect(await locked.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const signed = await get('locked', { headers: { authorization: `Bearer ${open.anonKey}` } });
    expect(await signed.text()).toBe(`hook saw GET no greeting at ${open.url}`);
    expect(await (await get('fetcher', { method: 'PUT' })).text()).toBe('default export saw PUT');
    expect(await (await get('moved')).text()).toBe('from main.ts');
  });

  it("gives the function the env file's secrets, a change on the next call, never the platform's names", async () => {
    await secrets.set({ GREETING: 'hello crew', SUPABASE_URL: 'http://evil.example' });
    expect(await (await get('hook')).text()).toBe(`hook saw GET hello crew at ${open.url}`);
    await secrets.set({ GREETING: 'good night' });
    expect(await (await get('hook')).text()).toBe(`hook saw GET good night at ${open.url}`);
    await secrets.clear();
    expect(await (await get('hook')).text()).toBe(`hook saw GET no greeting at ${open.url}`);
  });

  it('serves an edited function without a restart', async () => {
    const file = path.join(fn('hook'), 'index.ts');
    await writeFile(file, "Deno.serve(() => new Response('edited'));\n");
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await (await get('hook')).text()).toBe('edited');
  });

  it('answers a function that does not boot with 503 BOOT_ERROR and keeps serving', async () => {
    await writeFunction('broken', 'export const handler = ;\n');
    await writeFunction('idle', 'export const nothing = 1;\n');
    await writeFile(
      path.join(dir, 'config.toml'),
      '[functions.broken]\nverify_jwt = false\n[functions.idle]\nverify_jwt = false\n[functions.hook]\nverify_jwt = false\n',
    );
    for (const name of ['broken', 'idle']) {
      const res = await get(name);
      expect(res.status, name).toBe(503);
      expect(res.headers.get('sb-error-code')).toBe('BOOT_ERROR');
      expect(await res.json(), name).toEqual({
        code: 'BOOT_ERROR',
        message: 'Worker failed to boot (please check logs)',
      });
    }
    expect((await get('hook')).status).toBe(200);
  });
});
