/**
 * The local backend as a process: start-up on a new and an existing data folder, migrations
 * applied once and in order, the seed only on a new database, CORS, the request log, the dev mail
 * page, and body limits.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBackend, type BackendOptions } from '../../supabase/local/server.ts';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.stop();
});

describe('routing, CORS and limits', () => {
  it('answers the root with its name', async () => {
    const res = await fetch(`${backend.url}/`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'CrewCamp local Supabase backend' });
  });

  it('answers an unknown path with 404 in the gateway shape', async () => {
    const res = await fetch(`${backend.url}/nope/v1/x`, { headers: { apikey: backend.anonKey } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('answers a CORS preflight on every family', async () => {
    for (const family of ['rest/v1/x', 'auth/v1/token', 'storage/v1/object/b/x', 'functions/v1/echo']) {
      const res = await fetch(`${backend.url}/${family}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:5173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
      expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    }
  });

  it('sends CORS headers on ordinary replies and exposes Content-Range', async () => {
    const res = await fetch(`${backend.url}/auth/v1/health`, { headers: { apikey: backend.anonKey } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('content-range');
  });

  it('refuses a body over the limit with 413 and keeps serving', async () => {
    const huge = 'x'.repeat(backend.app.config.maxBodyBytes + 10);
    const res = await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: huge,
    });
    expect(res.status).toBe(413);
    const after = await fetch(`${backend.url}/`);
    expect(after.status).toBe(200);
  });
});

describe('the dev mail page', () => {
  it('lists mails as a page and as JSON, newest first, escaped', async () => {
    await backend.app.sendMail({ to: 'a@example.com', subject: 'First', body: 'one' });
    await backend.app.sendMail({
      to: 'b@example.com',
      subject: '<b>Second</b>',
      body: 'two',
      link: 'http://x/y?a=1&b=2',
    });
    const json = (await (await fetch(`${backend.url}/_dev/mail?format=json`)).json()) as Array<{ subject: string }>;
    expect(json.map((m) => m.subject).slice(0, 2)).toEqual(['<b>Second</b>', 'First']);
    const filtered = (await (await fetch(`${backend.url}/_dev/mail?format=json&to=A@example.com`)).json()) as unknown[];
    expect(filtered).toHaveLength(1);
    const html = await (await fetch(`${backend.url}/_dev/mail`)).text();
    expect(html).toContain('&lt;b&gt;Second&lt;/b&gt;');
    expect(html).toContain('href="http://x/y?a=1&amp;b=2"');
  });
});

describe('start-up, migrations and seed', () => {
  let dir: string;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-server-'));
    await mkdir(path.join(dir, 'migrations'));
    await writeFile(
      path.join(dir, 'migrations', '20240101000000_first.sql'),
      'create table public.things (id int primary key, label text);',
    );
    await writeFile(
      path.join(dir, 'migrations', '20240102000000_second.sql'),
      "alter table public.things add column note text default 'n';",
    );
    await writeFile(path.join(dir, 'seed.sql'), "insert into public.things (id, label) values (1, 'seeded');");
    if (process.env.DATABASE_URL) {
      const name = `server_test_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
  });
  afterAll(async () => {
    await dropDatabase();
    await rm(dir, { recursive: true, force: true });
  });

  const options = (): BackendOptions => ({
    port: 0,
    quiet: true,
    dataDir: path.join(dir, 'data'),
    databaseUrl,
    migrationsDir: path.join(dir, 'migrations'),
    seedFile: path.join(dir, 'seed.sql'),
    maintenanceIntervalMs: 0,
  });

  it('applies the migrations in order and the seed on a new database, once', async () => {
    const first = await startBackend(options());
    expect(first.startup.isNew).toBe(true);
    expect(first.startup.applied).toEqual(['20240101000000_first.sql', '20240102000000_second.sql']);
    await first.db.query("insert into public.things (id, label) values (2, 'added')");
    await first.close();

    await writeFile(path.join(dir, 'migrations', '20240103000000_third.sql'), 'create index on public.things (label);');
    const second = await startBackend(options());
    expect(second.startup.isNew).toBe(false);
    expect(second.startup.applied).toEqual(['20240103000000_third.sql']);
    const { rows } = await second.db.query<{ id: number; label: string; note: string }>(
      'select id, label, note from public.things order by id',
    );
    expect(rows).toEqual([
      { id: 1, label: 'seeded', note: 'n' },
      { id: 2, label: 'added', note: 'n' },
    ]);
    const recorded = await second.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(recorded.rows).toEqual([
      { version: '20240101000000', name: 'first' },
      { version: '20240102000000', name: 'second' },
      { version: '20240103000000', name: 'third' },
    ]);
    await second.close();
  });

  it('refuses to start on a failing migration, names it, and leaves nothing of it behind', async () => {
    await writeFile(
      path.join(dir, 'migrations', '20240104000000_broken.sql'),
      'create table public.half_done (id int); select * from public.does_not_exist;',
    );
    await expect(startBackend(options())).rejects.toThrow(/20240104000000_broken\.sql/);
    await rm(path.join(dir, 'migrations', '20240104000000_broken.sql'));
    const again = await startBackend(options());
    const { rows } = await again.db.query<{ exists: boolean }>(
      "select to_regclass('public.half_done') is not null as exists",
    );
    expect(rows[0].exists).toBe(false);
    await again.close();
  });

  it('logs one line per request with method, path, status and milliseconds unless quiet', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const loud = await startBackend({ ...options(), quiet: false });
    try {
      await fetch(`${loud.url}/nothing-here?secret=1`);
      const lines = log.mock.calls.map((call) => String(call[0]));
      expect(lines.some((line) => /^GET \/nothing-here 404 \d+(\.\d+)?ms$/.test(line))).toBe(true);
    } finally {
      await loud.close();
      log.mockRestore();
    }
  });

  it('leaves the notification deliveries alone on a project without their outboxes', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const other = await startBackend(options());
    try {
      await other.deliveries.runMaintenance();
      other.deliveries.wake();
      await other.deliveries.idle();
      expect(error).not.toHaveBeenCalled();
    } finally {
      await other.close();
      error.mockRestore();
    }
  });
});
