/**
 * Domain helpers for the procedure and server-function tests: a signed-in user with a given name,
 * site role and tier (role and tier set as the owner, since no client may write them), and an
 * expectation helper for `{success, message}` answers.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { TestBackend } from './backend.ts';

export interface Account {
  client: SupabaseClient;
  userId: string;
  email: string;
  name: string;
  accessToken: string;
}

let seq = 0;

export async function account(
  backend: TestBackend,
  name: string,
  options: { role?: 'user' | 'admin'; tier?: 'free' | 'starter' | 'organizer' } = {},
): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${Date.now()}.${seq++}@example.com`;
  const { client, userId } = await backend.signUp(email, 'correct-horse-battery', { name });
  // The profile comes from the sign-up trigger; the insert only covers a database without it.
  await backend.db.query(
    `insert into public.profiles (id, email, name) values ($1, $2, $3) on conflict (id) do nothing`,
    [userId, email, name],
  );
  if (options.role)
    await backend.db.query(`update public.profiles set role = $2 where id = $1`, [userId, options.role]);
  if (options.tier)
    await backend.db.query(`update public.profiles set subscription_tier = $2 where id = $1`, [userId, options.tier]);
  const { data } = await client.auth.getSession();
  return { client, userId, email, name, accessToken: data.session?.access_token ?? '' };
}

/** Calls a procedure and expects it to succeed at the HTTP level; answers its data. */
export async function rpc<T = Record<string, unknown>>(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown> = {},
): Promise<T> {
  const { data, error } = await client.rpc(fn, args);
  if (error) throw new Error(`${fn} failed: ${error.code} ${error.message}`);
  return data as T;
}

/** Calls a procedure and expects a database error with that code and message. */
export async function rpcError(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
  code: string,
  message?: string,
) {
  const { data, error } = await client.rpc(fn, args);
  expect(data).toBeNull();
  expect(error?.code).toBe(code);
  if (message !== undefined) expect(error?.message).toBe(message);
}

export function expectAnswer(answer: unknown, success: boolean, message: string) {
  expect(answer).toMatchObject({ success, message });
}

export async function activity(backend: TestBackend, action: string, targetId: string) {
  const { rows } = await backend.db.query<{ actor_id: string; details: Record<string, unknown> }>(
    `select actor_id, details from public.admin_activity where action = $1 and target_id = $2 order by created_at`,
    [action, targetId],
  );
  return rows;
}
