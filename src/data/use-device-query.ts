/**
 * A live query on the signed-in user's device database (dexie-react-hooks): the component
 * re-renders whenever the rows it read change, in this tab or another. Answers `fallback` while
 * loading and when no one is signed in. Until its first answer it holds the engine's start back
 * (first-screen.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import { awaitFirstAnswer } from './first-screen.ts';
import { useSyncSession } from './use-sync-session.ts';

export function useDeviceQuery<T>(
  query: (db: CrewCampDb, userId: string) => Promise<T>,
  deps: unknown[],
  fallback: T,
): T {
  const session = useSyncSession();
  const result = useLiveQuery(
    () => (session ? query(session.db, session.userId) : Promise.resolve(fallback)),
    // The query is rebuilt when the session or the caller's inputs change.
    [session, ...deps],
  );
  const isWaiting = session !== null && result === undefined;
  useEffect(() => (isWaiting ? awaitFirstAnswer() : undefined), [isWaiting]);
  return result ?? fallback;
}
