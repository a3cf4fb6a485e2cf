/**
 * A device for the integration tests: a signed-in user (real supabase-js against the in-process
 * local backend) with their own device database and, when started, a sync engine.
 */
import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { openUserDb, type CrewCampDb } from '../../../src/db/crewcamp-db.ts';
import { syncRegistry } from '../../../src/app/sync-registry.ts';
import type { KindRegistry } from '../../../src/sync/kind-registry.ts';
import { SyncEngine, type SyncEngineOptions } from '../../../src/sync/sync-engine.ts';
import { newSyncStatusStore } from '../../../src/sync/sync-status-store.ts';
import type { LockManagerLike } from '../../../src/sync/leader.ts';
import type { TestBackend } from '../../support/backend.ts';

export interface Device {
  userId: string;
  email: string;
  client: SupabaseClient;
  db: CrewCampDb;
  registry: KindRegistry;
  engine: SyncEngine | null;
  start(options?: Partial<SyncEngineOptions>): Promise<SyncEngine>;
  stop(): Promise<void>;
}

let counter = 0;

/** A signed-in client talking to `url` (the backend, or a proxy in front of it). */
export async function signIn(
  backend: TestBackend,
  url: string,
  email: string,
  password: string,
): Promise<SupabaseClient> {
  const client = createClient(url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

export async function newUser(
  backend: TestBackend,
  name: string,
  tier: 'free' | 'starter' | 'organizer' = 'organizer',
) {
  const email = `${name}.${process.pid}.${Date.now()}.${counter++}@example.com`;
  const { userId } = await backend.signUp(email, 'correct-horse-battery', { name });
  await backend.db.query(`update public.profiles set subscription_tier = $2 where id = $1`, [userId, tier]);
  return { userId, email, password: 'correct-horse-battery' };
}

export async function device(
  backend: TestBackend,
  user: { userId: string; email: string; password: string },
  options: { url?: string; locks?: LockManagerLike | null; dbUserKey?: string; client?: SupabaseClient } = {},
): Promise<Device> {
  const client = options.client ?? (await signIn(backend, options.url ?? backend.url, user.email, user.password));
  const db = await openUserDb(options.dbUserKey ?? user.userId);
  const registry = syncRegistry({ supabaseUrl: backend.url });
  const d: Device = {
    userId: user.userId,
    email: user.email,
    client,
    db,
    registry,
    engine: null,
    async start(extra = {}) {
      const store = newSyncStatusStore();
      d.engine = new SyncEngine({
        db,
        registry,
        client,
        userId: user.userId,
        store,
        realtime: false,
        locks: options.locks ?? null,
        backoff: { baseMs: 20, maxMs: 400 },
        pullIntervalMs: 60_000,
        ...extra,
      });
      await d.engine.start();
      return d.engine;
    },
    async stop() {
      await d.engine?.stop();
      d.engine = null;
    },
  };
  return d;
}
