/**
 * How the UI writes: `mutate(kind, args)` on the signed-in user's engine. The change shows at once
 * through the live queries; a rule broken before queueing throws MutationValidationError with the
 * message to show (e.g. 'Please enter a valid email address').
 */
import type { Queued } from '../sync/mutate.ts';
import { MutationValidationError } from '../sync/send-errors.ts';
import { getActiveSession, settledSession } from '../sync/sync-session.ts';

export { MutationValidationError };

export async function mutate<A = unknown>(kind: string, args: unknown): Promise<Queued<A>> {
  // Right after a page load or a sign-in the device database may still be opening: wait for it.
  const session = getActiveSession() ?? (await settledSession());
  if (!session) throw new Error('No authenticated user');
  return session.engine.mutate<A>(kind, args);
}
