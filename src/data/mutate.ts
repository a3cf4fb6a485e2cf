/**
 * How the UI writes: `mutate(kind, args)` on the signed-in user's engine, typed by the kinds the
 * features declare (`MutationKinds`): a wrong kind name or argument shape does not compile, and
 * the answer carries the prepared arguments (the local ids and times `prepare` filled in). The
 * change shows at once through the live queries; a rule broken before queueing throws
 * MutationValidationError with the message to show (e.g. 'Please enter a valid email address').
 */
import type { KindName, PreparedArgs, RawArgs } from '../sync/kind-registry.ts';
import type { Queued } from '../sync/mutate.ts';
import { MutationValidationError } from '../sync/send-errors.ts';
import { getActiveSession, settledSession } from '../sync/sync-session.ts';

export { MutationValidationError };

export async function mutate<K extends KindName>(kind: K, args: RawArgs<K>): Promise<Queued<PreparedArgs<K>>> {
  return (await mutateAll([[kind, args]] as Change[]))[0] as Queued<PreparedArgs<K>>;
}

/** One change of `mutateAll`: a kind and its arguments. */
export type Change = { [K in KindName]: readonly [K, RawArgs<K>] }[KindName];

/**
 * Several changes (a list and its items) applied and queued in one transaction, in order: all show
 * at once, or none when one breaks a rule (MutationValidationError, nothing is queued).
 */
export async function mutateAll(changes: readonly Change[]): Promise<Queued[]> {
  // Right after a page load or a sign-in the device database may still be opening: wait for it.
  const session = getActiveSession() ?? (await settledSession());
  if (!session) throw new Error('No authenticated user');
  await session.ready;
  return session.engine.mutateAll(changes);
}
