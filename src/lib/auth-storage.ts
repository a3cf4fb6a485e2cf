/**
 * Where supabase-js keeps the auth session: IndexedDB (database `crewcamp-auth`), so that the
 * service worker, which has no localStorage, can read it to send the outbox after the last tab
 * closed (Background Sync). Page and worker use this same adapter.
 *
 * Sessions stored in localStorage by earlier versions move here on their first read, so nobody is
 * signed out by the update. A sign-out that could not reach the server forgets the session
 * (`forgetStoredSessions`); it also leaves a synchronous mark in localStorage, because the page
 * reloads right after and an IndexedDB delete may not have finished by then: the next read sees
 * the mark and finishes the job.
 *
 * Whether a session is stored is also kept as a synchronous hint in localStorage
 * (`SESSION_HINT_KEY`), so the first load can decide without supabase-js or IndexedDB whether a
 * returning user needs the auth client at once (stored-session.ts); other tabs see it change
 * through the storage event.
 */
import { createStore, del, get, keys, set } from 'idb-keyval';
import { z } from 'zod/mini';

const store = createStore('crewcamp-auth', 'session');
const SIGNED_OUT_MARK = 'crewcamp-signed-out';
/** '1' while a session is stored here (a hint read synchronously at start; IndexedDB decides). */
export const SESSION_HINT_KEY = 'crewcamp-session-stored';

/** What supabase-js writes under its storage key (the parts read here; the rest passes through). */
const storedSession = z.looseObject({ access_token: z.string(), refresh_token: z.string() });

/** The parts of localStorage used here (a service worker has none). */
interface LegacyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function legacy(): LegacyStorage | null {
  try {
    return (globalThis as { localStorage?: LegacyStorage }).localStorage ?? null;
  } catch {
    return null;
  }
}

export function isAuthKey(key: string): boolean {
  return key.startsWith('sb-') && key.includes('-auth-token');
}

function setSessionHint(isStored: boolean): void {
  try {
    if (isStored) legacy()?.setItem(SESSION_HINT_KEY, '1');
    else legacy()?.removeItem(SESSION_HINT_KEY);
  } catch {
    // storage unavailable: the hint is only an optimisation of the first load
  }
}

async function honourSignOutMark(): Promise<void> {
  const local = legacy();
  if (local?.getItem(SIGNED_OUT_MARK) !== '1') return;
  for (const key of await keys<string>(store)) await del(key, store);
  local.removeItem(SIGNED_OUT_MARK);
  setSessionHint(false);
}

/** The async storage adapter supabase-js's auth client is given (`auth.storage`). */
export const authStorage = {
  async getItem(key: string): Promise<string | null> {
    await honourSignOutMark();
    const stored = await get<string>(key, store);
    if (typeof stored === 'string') {
      if (isAuthKey(key)) setSessionHint(true);
      return stored;
    }
    // A session from the localStorage era: move it over once.
    const local = legacy();
    const old = local?.getItem(key) ?? null;
    if (old === null) return null;
    local?.removeItem(key);
    if (!isAuthKey(key) || !storedSession.safeParse(safeJson(old)).success) return old;
    await set(key, old, store);
    setSessionHint(true);
    return old;
  },
  async setItem(key: string, value: string): Promise<void> {
    legacy()?.removeItem(SIGNED_OUT_MARK);
    await set(key, value, store);
    if (isAuthKey(key)) setSessionHint(true);
  },
  async removeItem(key: string): Promise<void> {
    legacy()?.removeItem(key);
    await del(key, store);
    if (isAuthKey(key)) setSessionHint(false);
  },
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The session supabase-js stored, read without supabase-js (the app starts from it at once, see
 * the auth store): the parsed JSON under its key, or null when there is none (the caller checks
 * what it reads).
 */
export async function readStoredSession(): Promise<unknown> {
  try {
    await honourSignOutMark();
    const key = (await keys<string>(store)).find((name) => isAuthKey(name) && name.endsWith('-auth-token'));
    const stored = key === undefined ? undefined : await get<string>(key, store);
    return typeof stored === 'string' ? safeJson(stored) : null;
  } catch {
    return null;
  }
}

/** Forgets every stored session (a sign-out the auth service could not be told of). */
export async function forgetStoredSessions(): Promise<void> {
  const local = legacy();
  local?.setItem(SIGNED_OUT_MARK, '1');
  setSessionHint(false);
  for (const key of Object.keys(local ?? {})) if (isAuthKey(key)) local?.removeItem(key);
  await honourSignOutMark();
}
