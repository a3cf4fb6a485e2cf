/**
 * Asks the sync engine for a pull now (after a change the server made on its own, such as a
 * subscription upgrade raising the tier of the user's events), and resolves when it has run (or after
 * a few seconds at most).
 */
import { getActiveSession } from '../sync/sync-session.ts';

export async function requestSync(): Promise<void> {
  const session = getActiveSession();
  if (!session) return;
  session.engine.requestPull();
  // A follower tab's engine never runs the pull itself (the leader does): do not wait for ever.
  await Promise.race([session.engine.whenIdle(), new Promise((resolve) => setTimeout(resolve, 5000))]);
}
