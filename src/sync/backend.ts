/**
 * What screens reach the backend with, besides the sync engine: the auth client (sign-in, sign-up,
 * the session's events), server functions, procedures and reads that only make sense online (the
 * admin panel, joining the waitlist, the profile at sign-in), and private files. One helper per
 * kind of call, each answering failures as values the screen can word.
 *
 * supabase-js (with auth, realtime and storage, ~65 KB gzipped) stays out of the first load: a
 * visitor without a stored session sees /login or the landing page without it. Each call loads
 * the client on first use (this module imports supabase-js's types only); `whenAuthLoaded` lets
 * first-load code (the auth store) follow it, whoever loaded it first.
 */
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { Tables } from '../db/database.types.ts';
import type { FunctionAnswer } from './backend-calls.ts';
import { openChatChannel, type ChatChannel, type ChatLiveState, type ChatPerson } from './chat-channel.ts';
import {
  untyped,
  type AppClient,
  type FunctionArgs,
  type FunctionName,
  type ProcedureResult,
  type TableName,
} from './client.ts';
import type { Embed } from './pull-source.ts';

export type { AuthChangeEvent, ChatChannel, ChatLiveState, FunctionAnswer, Session, User };
export { embed, one } from './pull-source.ts';
export { object } from './server-values.ts';

/** The auth client (GoTrue): sign-in, sign-up, sign-out, the session and its events. */
export type AuthClient = AppClient['auth'];

type Listener = (auth: AuthClient) => void;

let loaded: AppClient | null = null;
const listeners: Listener[] = [];

/** The client, loading supabase-js first if needed. */
async function client(): Promise<AppClient> {
  if (loaded) return loaded;
  const { supabase } = await import('./supabase-client.ts');
  if (!loaded) {
    loaded = supabase;
    for (const listener of listeners.splice(0)) listener(supabase.auth);
  }
  return loaded;
}

/** Calls `listener` with the auth client once supabase-js is loaded (at once if it is). */
export function whenAuthLoaded(listener: Listener): void {
  if (loaded) listener(loaded.auth);
  else listeners.push(listener);
}

/** The auth client, loading supabase-js first if needed. */
export async function loadAuth(): Promise<AuthClient> {
  return (await client()).auth;
}

/** Whether `password` is the account's current one, without touching the app's session. */
export async function checkPassword(email: string, password: string): Promise<Error | null> {
  await client();
  const { checkPassword: check } = await import('./supabase-client.ts');
  return check(email, password);
}

/** The signed-in session, or null (signed out, or the stored one could not be read). */
export async function currentSession(): Promise<Session | null> {
  return (await (await client()).auth.getSession()).data.session;
}

/**
 * Calls a server function with the session's token (the anon key when signed out): its HTTP
 * status and JSON body, status 0 when the network failed.
 */
export async function callFunction(
  name: string,
  body?: Record<string, unknown>,
  method: 'GET' | 'POST' = body ? 'POST' : 'GET',
): Promise<FunctionAnswer> {
  // Loaded with the client: backend-calls.ts holds supabase-js's error classes.
  const { invokeFunction } = await import('./backend-calls.ts');
  return invokeFunction(await client(), name, body, method);
}

/** A procedure's answer as supabase-js gives it, typed by the generated types. */
export interface ProcedureAnswer<F extends FunctionName> {
  data: ProcedureResult<F> | null;
  error: { code: string; message: string } | null;
}

/** Calls a procedure (the admin panel's, the waitlist's, the friend invite codes'). */
export async function callRpc<F extends FunctionName>(fn: F, args?: FunctionArgs<F>): Promise<ProcedureAnswer<F>> {
  try {
    // supabase-js types an answer only for a literal procedure name: this is the generated type of `fn`'s.
    const { data, error } = await untyped(await client()).rpc(fn, args);
    return { data: data as ProcedureResult<F> | null, error: error && { code: error.code, message: error.message } };
  } catch (error) {
    return { data: null, error: { code: 'network', message: error instanceof Error ? error.message : String(error) } };
  }
}

/** An online read of a table: the columns (and embedded resources) it reads, filters, order and limit. */
export interface RowsQuery<T extends TableName, C extends keyof Tables<T>, M extends Record<string, Embed<unknown>>> {
  columns: readonly C[];
  embeds?: M;
  /** Columns that must equal a value. */
  equals?: { [K in keyof Tables<T> & string]?: string | number | boolean };
  /** A column whose value is one of these. */
  oneOf?: { column: keyof Tables<T> & string; values: readonly string[] };
  /** A column's range: from (inclusive) and before (exclusive). */
  range?: { column: keyof Tables<T> & string; from: string; before: string };
  orderBy?: { column: keyof Tables<T> & string; ascending?: boolean };
  limit?: number;
}

/** The rows of an online read (row-level security decides which), typed by the generated types. */
export type ReadRow<T extends TableName, C extends keyof Tables<T>, M> = Pick<Tables<T>, C> & {
  [K in keyof M]: M[K] extends Embed<infer E> ? E | E[] | null : never;
};

/** Reads rows of a table online; a failure answers its message. */
export async function readRows<
  T extends TableName,
  C extends keyof Tables<T> & string,
  M extends Record<string, Embed<unknown>> = Record<never, never>,
>(table: T, query: RowsQuery<T, C, M>): Promise<{ rows: ReadRow<T, C, M>[]; error: string | null }> {
  try {
    const embeds = Object.entries<Embed<unknown>>(query.embeds ?? {}).map(([alias, e]) => `${alias}:${e.select}`);
    let request = untyped(await client())
      .from(table)
      .select([...query.columns, ...embeds].join(','));
    for (const [column, value] of Object.entries(query.equals ?? {})) request = request.eq(column, value);
    if (query.oneOf) request = request.in(String(query.oneOf.column), [...query.oneOf.values]);
    if (query.range)
      request = request.gte(query.range.column, query.range.from).lt(query.range.column, query.range.before);
    if (query.orderBy) request = request.order(query.orderBy.column, { ascending: query.orderBy.ascending ?? true });
    if (query.limit) request = request.limit(query.limit);
    // The select names exactly the columns and embeds of `ReadRow` (supabase-js cannot parse a built one).
    const { data, error } = await request.overrideTypes<ReadRow<T, C, M>[], { merge: false }>();
    if (error) return { rows: [], error: error.message };
    return { rows: data ?? [], error: null };
  } catch (error) {
    return { rows: [], error: error instanceof Error ? error.message : String(error) };
  }
}

/** Downloads a private file (a receipt photo); null when it cannot be read now. */
export async function downloadFile(bucket: string, path: string): Promise<Blob | null> {
  const { data, error } = await (await client()).storage.from(bucket).download(path);
  return error ? null : data;
}

/** Uploads a file online (an event's logo); null when stored, else the storage service's reason. */
export async function uploadFile(bucket: string, path: string, file: Blob): Promise<string | null> {
  try {
    const { error } = await (await client()).storage.from(bucket).upload(path, file, {
      contentType: file.type,
      upsert: false,
    });
    return error ? error.message || 'The file could not be stored' : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Joins an event's live chat channel (presence, typing): see chat-channel.ts. */
export async function joinChat(
  eventId: string,
  me: ChatPerson,
  onChange: (state: ChatLiveState) => void,
): Promise<ChatChannel> {
  return openChatChannel(await client(), eventId, me, onChange);
}
