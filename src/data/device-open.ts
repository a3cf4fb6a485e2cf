/**
 * A screen's first read started the moment the signed-in user's device database opens, before
 * React renders the session and before the engine and the other screens start their own work
 * (the home does: use-home-needs.ts). Called at once for a database already open. The read it
 * returns holds the session back from the screens until it is in (sync-session.ts, capped).
 */
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import { onDeviceOpen as onSessionOpen } from '../sync/sync-session.ts';

export function onDeviceOpen(listener: (db: CrewCampDb, userId: string) => void | Promise<unknown>): () => void {
  return onSessionOpen((session) => listener(session.db, session.userId));
}
