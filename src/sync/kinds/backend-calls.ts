/**
 * The backend calls the kinds make, with every failure turned into a classified SendFailure:
 * PostgREST errors (status 0 is the network), `{success: false}` answers of the procedures
 * (refusals with the server's message), server-function errors (the `error` field of the body).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { failure, SendFailure } from '../send-errors.ts';

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

/** The data of a PostgREST answer, or a SendFailure. */
export function expectData<T>(answer: PostgrestLike<T>): T {
  if (answer.error) throw failure(answer.status, answer.error.code ?? '', answer.error.message);
  return answer.data as T;
}

/** Calls a `{success, message}` procedure; `success: false` is a refusal. */
export async function callProcedure(
  client: SupabaseClient,
  fn: string,
  args: Record<string, unknown>,
): Promise<Answer> {
  const answer = expectData(await client.rpc(fn, args)) as Answer | null;
  if (!answer || typeof answer !== 'object') throw failure(0, 'client', `${fn} answered nothing`);
  if (answer.success === false)
    throw new SendFailure('refused', { http: 200, code: 'rejected', message: String(answer.message) });
  return answer;
}

/** POSTs to a server function with the session's bearer token. */
export async function callFunction(
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown>,
): Promise<unknown> {
  const { data, error } = await client.functions.invoke(name, { body });
  if (!error) return data;
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    let message = `HTTP ${response.status}: ${name} failed`;
    try {
      const parsed = (await response.json()) as { error?: string; message?: string };
      message = parsed.error ?? parsed.message ?? message;
    } catch {
      // not JSON: keep the HTTP message
    }
    throw failure(response.status, `http_${response.status}`, message);
  }
  if (error instanceof FunctionsRelayError) throw failure(502, 'relay', error.message);
  if (error instanceof FunctionsFetchError) throw failure(0, 'network', error.message);
  throw failure(0, 'network', error instanceof Error ? error.message : String(error));
}
