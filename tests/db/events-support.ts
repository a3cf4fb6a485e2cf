/**
 * Builders shared by the database tests of events, members and invitations: a backend per test
 * file, users on a given tier or site role (set as the owner, the way the billing webhook and the
 * admin procedures do), events made through the REST API as their creator, and SQL run as the
 * owner for setup and for checking what really changed.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestBackend, type TestBackend } from '../support/backend.ts';

export type Tier = 'free' | 'starter' | 'organizer';

export interface TestUser {
  client: SupabaseClient;
  id: string;
  email: string;
  name: string;
}

let sequence = 0;

export function uniqueEmail(label: string): string {
  return `${label}.${process.pid}.${Date.now()}.${sequence++}@example.com`;
}

export async function startDb(): Promise<TestBackend> {
  return startTestBackend({ fixtures: false });
}

export async function makeUser(
  backend: TestBackend,
  label: string,
  options: { tier?: Tier; role?: 'user' | 'admin' } = {},
): Promise<TestUser> {
  const name = `${label[0].toUpperCase()}${label.slice(1)} Tester`;
  const { client, userId, email } = await backend.signUp(uniqueEmail(label), 'correct-horse-battery', { name });
  if (options.tier || options.role) {
    await backend.db.query(`update public.profiles set subscription_tier = $2, role = $3 where id = $1`, [
      userId,
      options.tier ?? 'free',
      options.role ?? 'user',
    ]);
  }
  return { client, id: userId, email, name };
}

/** An event inserted through REST by its creator; returns the row. */
export async function makeEvent(
  user: TestUser,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; access_tier: string; status: string; created_by: string }> {
  const { data, error } = await user.client
    .from('events')
    .insert({ name: `Camp ${sequence++}`, ...fields })
    .select('id, access_tier, status, created_by')
    .single();
  if (error) throw new Error(`makeEvent: ${error.message}`);
  return data;
}

/** Adds members directly as the owner (setup only; the rules are tested through the API). */
export async function addMembers(backend: TestBackend, eventId: string, members: { id: string; role?: string }[]) {
  for (const m of members) {
    await backend.db.query(
      `insert into public.event_members (event_id, user_id, role) values ($1, $2, $3)
       on conflict (event_id, user_id) do update set deleted_at = null, role = excluded.role`,
      [eventId, m.id, m.role ?? 'member'],
    );
  }
}

export async function activeMembers(
  backend: TestBackend,
  eventId: string,
): Promise<{ user_id: string; role: string }[]> {
  const { rows } = await backend.db.query<{ user_id: string; role: string }>(
    `select user_id, role from public.event_members where event_id = $1 and deleted_at is null order by created_at`,
    [eventId],
  );
  return rows;
}

/** Calls a procedure and returns its data, failing the test on a transport or SQL error. */
export async function rpc<T = { success: boolean; message: string } & Record<string, unknown>>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.code} ${error.message}`);
  return data as T;
}
