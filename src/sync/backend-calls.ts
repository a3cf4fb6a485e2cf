/**
 * The backend calls the kinds make, with every failure turned into a classified SendFailure:
 * PostgREST errors (status 0 is the network), `{success: false}` answers of the procedures
 * (refusals with the server's message), server-function errors (the `error` field of the body).
 */
import { untyped, type AppClient, type FunctionArgs, type FunctionName, type ProcedureResult } from './client.ts';
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { failure, SendFailure } from './send-errors.ts';

export interface Answer {
  success: boolean;
  message: string;
  [key: string]: unknown;
}

interface PostgrestLike<T> {
  data: T | null;
  error: { code?: string; message: string } | null;
  status: number;
}

/** The data of a PostgREST answer, or a SendFailure (its message prefixed with `what` when given). */
export function expectData<T>(answer: PostgrestLike<T>, what?: string): T {
  if (answer.error)
    throw failure(
      answer.status,
      answer.error.code ?? '',
      what ? `${what}: ${answer.error.message}` : answer.error.message,
    );
  return answer.data as T;
}

/**
 * The rows of a read whose select list a pull source made (the engine's reads of a table named by
 * a variable, which supabase-js cannot type): of the source's server row type `S`, as that select
 * names exactly the columns of `S`.
 */
export function expectRows<S>(answer: PostgrestLike<unknown>, what?: string): S[] {
  return (expectData(answer, what) ?? []) as S[];
}

/**
 * Calls a procedure that reads (a list, a row) and answers what it returns, typed by the
 * generated types.
 */
export async function readProcedure<F extends FunctionName>(
  client: AppClient,
  fn: F,
  args?: FunctionArgs<F>,
): Promise<ProcedureResult<F>> {
  // supabase-js types an answer only for a literal procedure name: this is the generated type of `fn`'s.
  return expectData(await untyped(client).rpc(fn, args), fn) as ProcedureResult<F>;
}

/** Calls a `{success, message}` procedure; `success: false` is a refusal. */
export async function callProcedure<F extends FunctionName>(
  client: AppClient,
  fn: F,
  args: FunctionArgs<F>,
): Promise<Answer> {
  const answer = expectData(await untyped(client).rpc(fn, args)) as Answer | null;
  if (!answer || typeof answer !== 'object') throw failure(0, 'client', `${fn} answered nothing`);
  if (answer.success === false)
    throw new SendFailure('refused', { http: 200, code: 'rejected', message: String(answer.message) });
  return answer;
}

/** A server function's answer: its HTTP status (0: the network failed) and its JSON body (null if none). */
export interface FunctionAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls a server function through the client (the session's bearer token, or the anon key when
 * signed out): the one way the app calls functions, for kinds and screens alike.
 */
export async function invokeFunction(
  client: AppClient,
  name: string,
  body: Record<string, unknown> | undefined,
  method: 'GET' | 'POST' = 'POST',
): Promise<FunctionAnswer> {
  try {
    const { data, error } = await client.functions.invoke(name, { body, method });
    if (!error) return { status: 200, body: data ?? null };
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response;
      return { status: response.status, body: await response.json().catch(() => null) };
    }
    if (error instanceof FunctionsRelayError) return { status: 502, body: { error: error.message } };
    return { status: 0, body: { error: error instanceof FunctionsFetchError ? error.message : String(error) } };
  } catch (error) {
    return { status: 0, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}

/** The text a function's error body gives (`error`, else `message`), if any. */
function functionError(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  return typeof error === 'string' && error ? error : typeof message === 'string' && message ? message : null;
}

/** Calls a server function for a kind: a failure is a classified SendFailure. */
export async function callFunction(client: AppClient, name: string, body: Record<string, unknown>): Promise<unknown> {
  const answer = await invokeFunction(client, name, body);
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const message = functionError(answer.body);
  if (answer.status === 0) throw failure(0, 'network', message ?? `${name} could not be reached`);
  if (answer.status === 502 && message) throw failure(502, 'relay', message);
  throw failure(answer.status, `http_${answer.status}`, message ?? `HTTP ${answer.status}: ${name} failed`);
}
