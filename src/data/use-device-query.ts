/**
 * A live query on the signed-in user's device database (dexie-react-hooks): the component
 * re-renders whenever the rows it read change, in this tab or another. Answers `fallback` while
 * loading and when no one is signed in. Until its first answer it holds the engine's start back
 * (first-screen.ts), unless it is one of the reads that wait for the first screen themselves
 * (after-first-screen.tsx).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { CrewCampDb } from '../db/crewcamp-db.ts';
import { useDeferredReads } from './after-first-screen.tsx';
import { awaitFirstAnswer } from './first-screen.ts';
import { useSyncSession } from './use-sync-session.ts';

export function useDeviceQuery<T>(
  query: (db: CrewCampDb, userId: string) => Promise<T>,
  deps: unknown[],
  fallback: T,
): T {
  const session = useSyncSession();
  const { isDeferred, mayRead } = useDeferredReads(session);
  const result = useLiveQuery(
    () => (session && mayRead ? query(session.db, session.userId) : Promise.resolve(fallback)),
    // The query is rebuilt when the session or the caller's inputs change.
    [session, mayRead, ...deps],
  );
  const isWaiting = session !== null && result === undefined && !isDeferred;
  useEffect(() => (isWaiting ? awaitFirstAnswer() : undefined), [isWaiting]);
  return result ?? fallback;
}
