/**
 * Starts the real local backend in-process for an integration test file: PGlite in a temporary
 * folder, or, when DATABASE_URL names a PostgreSQL server (as CI's second run does), a new
 * database on it made for this file and dropped afterwards. The fixture schema of
 * tests/fixtures/migrations is applied after the product's migrations. Either way the database
 * starts as a copy of a template made once per migration set (supabase/local/template.ts).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { configFromEnv } from '../../supabase/local/config.ts';
import { startBackend, type Backend, type BackendOptions } from '../../supabase/local/server.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../../supabase/local/template.ts';

export const fixturesDir = path.resolve(import.meta.dirname, '..', 'fixtures');

export interface TestBackend extends Backend {
  dataDir: string;
  /** A supabase-js client with the anon key and no stored session. */
  anon(): SupabaseClient;
  /** A supabase-js client with the service_role key. */
  service(): SupabaseClient;
  /** A new user (email confirmed) and a client signed in as them. */
  signUp(
    email?: string,
    password?: string,
    data?: Record<string, unknown>,
  ): Promise<{ client: SupabaseClient; userId: string; email: string }>;
  stop(): Promise<void>;
}

export interface TestBackendOptions extends BackendOptions {
  /** Apply tests/fixtures/migrations (the query-language fixture schema). Default true. */
  fixtures?: boolean;
}

let counter = 0;

export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crewcamp-backend-'));
  const { fixtures = true, ...rest } = options;
  const settings: BackendOptions = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    seedFile: null,
    quiet: true,
    maintenanceIntervalMs: 0,
    functionsDir: path.join(fixturesDir, 'functions'),
    // A developer's supabase/functions/.env (real provider keys) never reaches a test.
    functionsEnvFile: null,
    extraMigrationsDirs: fixtures ? [path.join(fixturesDir, 'migrations')] : [],
    // Suites make their users by open sign-up, many from one address: no sign-up gate (the auth
    // hook of supabase/config.toml) and no sign-up limit unless a suite asks for them.
    configFile: null,
    authRateLimits: { signUp: 1_000_000 },
    ...rest,
  };
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase = async () => {};
  if (adminUrl) {
    // A copy of the template database for these migrations (made once per server), not a fresh
    // bootstrap and every migration for each file.
    const name = `test_${process.pid}_${Date.now()}_${counter++}`;
    settings.databaseUrl = await createPostgresDatabase(adminUrl, name, {
      migrationsDirs: [
        settings.migrationsDir ?? configFromEnv().migrationsDir,
        ...(settings.extraMigrationsDirs ?? []),
      ],
      seedFile: settings.seedFile ?? null,
    });
    dropDatabase = () => dropPostgresDatabase(adminUrl, name);
  } else {
    settings.databaseUrl = null;
  }
  const backend = await startBackend(settings);

  const client = (key: string) =>
    createClient(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });

  return {
    ...backend,
    dataDir,
    anon: () => client(backend.anonKey),
    service: () => client(backend.serviceRoleKey),
    async signUp(email = `user${Date.now()}${counter++}@example.com`, password = 'correct-horse-battery', data = {}) {
      const c = client(backend.anonKey);
      const { data: signed, error } = await c.auth.signUp({ email, password, options: { data } });
      if (error || !signed.user) throw error ?? new Error('sign-up returned no user');
      return { client: c, userId: signed.user.id, email };
    },
    async stop() {
      await backend.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
