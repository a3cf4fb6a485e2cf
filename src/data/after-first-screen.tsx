/**
 * Reads that can wait for the first screen: the live queries under `<AfterFirstScreen>` (the
 * header's bell, the catch-up summary) answer their fallback until the first screen has drawn with
 * its device answers and the engine has started (first-screen.ts), then read as usual. Their rows
 * are not what a user opens the app for; before, they were read, parsed and rendered in the same
 * moments as the home's own answer, and it waited for them.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { SyncSession } from '../sync/sync-session.ts';

const DeferredContext = createContext(false);

export function AfterFirstScreen({ children }: { children: ReactNode }) {
  return <DeferredContext value={true}>{children}</DeferredContext>;
}

/**
 * Whether this component is under `<AfterFirstScreen>` (its reads then do not hold the first
 * screen back), and whether its reads may run for `session`: at once outside it, inside it once
 * the session's engine has started (or failed to).
 */
export function useDeferredReads(session: SyncSession | null): { isDeferred: boolean; mayRead: boolean } {
  const isDeferred = useContext(DeferredContext);
  const [started, setStarted] = useState<SyncSession | null>(null);
  useEffect(() => {
    if (!isDeferred || !session) return;
    let isCurrent = true;
    const open = () => {
      if (isCurrent) setStarted(session);
    };
    session.started.then(open, open);
    return () => {
      isCurrent = false;
    };
  }, [isDeferred, session]);
  return { isDeferred, mayRead: !isDeferred || (session !== null && started === session) };
}
