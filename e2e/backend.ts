/**
 * The e2e backend seen from the tests: supabase-js clients (service role, or signed in as a seed
 * account) for setting the stage, such as the site switches, a new account, a waitlist approval.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { ANON_KEY, BACKEND_URL, SERVICE_ROLE_KEY } from './env.ts';

export const ADMIN = { email: 'admin@crewcamp.local', password: 'crewcamp-admin', name: 'Sofia Keller' };
export const DEMO_PASSWORD = 'crewcamp-demo';
export const NOAH = { email: 'noah@crewcamp.local', password: DEMO_PASSWORD, name: 'Noah Fischer' };
export const MARCO = { email: 'marco@crewcamp.local', password: DEMO_PASSWORD, name: 'Marco Rossi' };

function client(key: string): SupabaseClient {
  return createClient(BACKEND_URL, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

export const serviceClient = () => client(SERVICE_ROLE_KEY);

let adminClient: Promise<SupabaseClient> | null = null;

/** A client signed in as the seed's site admin. */
export function signedInAdmin(): Promise<SupabaseClient> {
  adminClient ??= (async () => {
    const c = client(ANON_KEY);
    const { error } = await c.auth.signInWithPassword(ADMIN);
    if (error) throw error;
    return c;
  })();
  return adminClient;
}

async function rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
  const admin = await signedInAdmin();
  const { data, error } = await admin.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as T;
}

/** Turns a site switch on or off through the admin's toggle_feature. */
export async function setFeature(key: 'waitlist_enabled' | 'registration_enabled', enabled: boolean) {
  await rpc('toggle_feature', { p_key: key, p_enabled: enabled });
}

export async function setSwitches(switches: { waitlist: boolean; registration?: boolean }) {
  await setFeature('waitlist_enabled', switches.waitlist);
  await setFeature('registration_enabled', switches.registration ?? true);
}

/** Approves a waitlist entry as the admin does (process_waitlist_entry); answers the /register link. */
export async function approveWaitlistEntry(email: string): Promise<string> {
  const admin = await signedInAdmin();
  const { data: entry, error } = await admin.from('waitlist').select('id').ilike('email', email).single();
  if (error || !entry) throw new Error(`waitlist entry of ${email} not found`);
  const answer = await rpc<{ link: string }>('process_waitlist_entry', {
    p_id: entry.id,
    p_status: 'approved',
    p_notes: 'Approved by the e2e test',
  });
  return answer.link;
}

/** A new confirmed account (through the auth admin API), for tests that change a password. */
export async function createAccount(name: string, password = 'first-password-1') {
  const email = uniqueEmail(name);
  const { error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { name },
  });
  if (error) throw error;
  return { email, password, name };
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${counter++}@e2e.crewcamp.test`;
}

/** The newest mail the backend sent to an address (its dev mail page), waiting for it to arrive. */
export async function latestMailTo(email: string, timeoutMs = 10_000): Promise<{ subject: string; link: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${BACKEND_URL}/_dev/mail?format=json&to=${encodeURIComponent(email)}`);
    const mails = (await response.json()) as { subject: string; link: string | null }[];
    if (mails[0]?.link) return { subject: mails[0].subject, link: mails[0].link };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${email}`);
}
