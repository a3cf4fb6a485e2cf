/**
 * How the UI writes: `mutate(kind, args)` on the signed-in user's engine. The change shows at once
 * through the live queries; a rule broken before queueing throws MutationValidationError with the
 * message to show (e.g. 'Please enter a valid email address').
 */
import type { Queued } from '../sync/mutate.ts';
import { MutationValidationError } from '../sync/send-errors.ts';
import { getActiveSession } from '../sync/sync-session.ts';

export { MutationValidationError };

export async function mutate<A = unknown>(kind: string, args: unknown): Promise<Queued<A>> {
  const session = getActiveSession();
  if (!session) throw new Error('No authenticated user');
  return session.engine.mutate<A>(kind, args);
}
