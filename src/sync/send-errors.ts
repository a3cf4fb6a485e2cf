/**
 * How a failed backend call is classified, the one decision push makes per attempt:
 * - `retry`: the network, a 5xx, 408 or 429; the entry is tried again later, in order;
 * - `auth`: a 401; the queue pauses until the session is refreshed;
 * - `refused`: the backend said no (RLS 42501, constraints 23xxx, bad data 22xxx, a rule raised
 *   by a function P0001, `success: false`, any other 4xx); retrying cannot help, so the entry is
 *   rejected and rolled back with this reason kept for the user.
 */
import type { OutboxError } from '../db/outbox-schema.ts';

export type FailureCategory = 'retry' | 'auth' | 'refused';

export class SendFailure extends Error {
  constructor(
    readonly category: FailureCategory,
    readonly reason: OutboxError,
  ) {
    super(reason.message);
    this.name = 'SendFailure';
  }
}

/** Thrown by `mutate` when the arguments break a rule checked before anything is queued. */
export class MutationValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MutationValidationError';
  }
}

/** Classifies an HTTP status (0: no response) with the backend's error code. */
function classify(http: number, code: string): FailureCategory {
  if (http === 0 || http === 408 || http === 429 || http >= 500) return 'retry';
  if (http === 401) return 'auth';
  if (code === 'PGRST301' || code === 'PGRST303') return 'auth';
  return 'refused';
}

export function failure(http: number, code: string, message: string): SendFailure {
  return new SendFailure(classify(http, code), { http, code, message });
}

/** A failure that is not a SendFailure (a bug, a thrown TypeError from fetch) as one. */
export function asSendFailure(error: unknown): SendFailure {
  if (error instanceof SendFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  // fetch rejects with a TypeError when the connection fails: the network.
  if (error instanceof TypeError || /fetch failed|network|ECONNRE|socket/i.test(message)) {
    return new SendFailure('retry', { http: 0, code: 'network', message });
  }
  return new SendFailure('refused', { http: 0, code: 'client', message });
}
