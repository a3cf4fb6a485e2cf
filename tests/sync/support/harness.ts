/**
 * Builders for the sync engine's unit tests: a fresh device database per test (fake-indexeddb),
 * a real supabase-js client whose HTTP is answered by a script, and small test kinds whose send
 * is scripted, so push, rejection and rebase are tested apart from any real backend.
 */
import 'fake-indexeddb/auto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { z } from 'zod';
import { openUserDb, type CrewCampDb } from '../../../src/db/crewcamp-db.ts';
import { defineKind, KindRegistry } from '../../../src/sync/kind-registry.ts';
import { failure } from '../../../src/sync/send-errors.ts';

export const BASE_URL = 'http://backend.test';

export async function freshDb(userId: string = crypto.randomUUID()): Promise<CrewCampDb> {
  return openUserDb(userId);
}

export interface ScriptedRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}
export type Script = (
  req: ScriptedRequest,
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** A real supabase-js client whose requests are answered by `script` (throw to simulate the network). */
export function scriptedClient(script: Script): SupabaseClient {
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const text = typeof init?.body === 'string' ? init.body : null;
    const answer = await script({
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : null,
      headers: new Headers(init?.headers),
    });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return createClient(BASE_URL, 'test-anon-key', {
    global: { fetch: fetchImpl },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** What a scripted test kind's send does for one attempt. */
export type Outcome = 'ok' | 'network' | '503' | '429' | '401' | 'refuse';

export interface TestKindScript {
  sent: Array<{ kind: string; id: string; value?: string }>;
  /** Outcomes by id, consumed one per attempt; 'ok' when none left. */
  outcomes: Map<string, Outcome[]>;
}

function outcomeFor(script: TestKindScript, id: string): void {
  const next = script.outcomes.get(id)?.shift() ?? 'ok';
  if (next === 'network') throw new TypeError('fetch failed');
  if (next === '503') throw failure(503, '', 'Service Unavailable');
  if (next === '429') throw failure(429, '', 'Too Many Requests');
  if (next === '401') throw failure(401, 'PGRST303', 'JWT expired');
  if (next === 'refuse') throw failure(400, '23514', `new row violates check constraint for ${id}`);
}

const setArgs = z.object({ id: z.string(), value: z.string() });
const useArgs = z.object({ id: z.string(), thing: z.string() });

/**
 * Test kinds over the settings mirror: `test.set` sets row `id` to `value`; `test.create` makes
 * thing `id` (row `thing-{id}`); `test.use` refers to a thing (row `use-{id}`).
 */
export function testKinds(script: TestKindScript): KindRegistry {
  const set = defineKind({
    name: 'test.set',
    args: setArgs,
    refs: () => [],
    async applyLocal(w, args) {
      await w.put('settings', { key: args.id, value: args.value, updated_at: 'local' });
    },
    async send(_ctx, args) {
      outcomeFor(script, args.id);
      script.sent.push({ kind: 'test.set', id: args.id, value: args.value });
      return null;
    },
    describe: (args) => `Set ${args.id}`,
  });
  const create = defineKind({
    name: 'test.create',
    args: setArgs,
    refs: () => [],
    creates: (args) => [`thing:${args.id}`],
    async applyLocal(w, args) {
      await w.put('settings', { key: `thing-${args.id}`, value: args.value, updated_at: 'local' });
    },
    async send(_ctx, args) {
      outcomeFor(script, args.id);
      script.sent.push({ kind: 'test.create', id: args.id, value: args.value });
      return null;
    },
    describe: (args) => `Make thing ${args.id}`,
  });
  const use = defineKind({
    name: 'test.use',
    args: useArgs,
    refs: (args) => [`thing:${args.thing}`],
    async applyLocal(w, args) {
      await w.put('settings', { key: `use-${args.id}`, value: args.thing, updated_at: 'local' });
    },
    async send(_ctx, args) {
      outcomeFor(script, args.id);
      script.sent.push({ kind: 'test.use', id: args.id });
      return null;
    },
    describe: (args) => `Use thing ${args.thing}`,
  });
  return new KindRegistry().register(set).register(create).register(use);
}

export function newScript(): TestKindScript {
  return { sent: [], outcomes: new Map() };
}

/** A settings row as the server would have it. */
export function serverSetting(key: string, value: string) {
  return { key, value, updated_at: '2026-01-01T00:00:00.000000+00:00' };
}
