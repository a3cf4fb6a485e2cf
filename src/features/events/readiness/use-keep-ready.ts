/**
 * Keeps the events this device was made ready for ready by itself while it has a signal: after
 * each pull (which the Realtime doorbell rings for new receipts and photos) the leader tab fetches
 * the photos and avatars not yet kept, and tells the crew again when the copy now holds a newer
 * change than its last report (or the app was updated).
 */
import { useEffect } from 'react';
import type { CrewCampDb } from '../../../db/crewcamp-db.ts';
import { useSyncSession, useSyncStatus } from '../../../data/index.ts';
import { useIsOnline } from '../../../data/use-is-online.ts';
import { fetchMissing, reportReady } from './get-ready.ts';
import { latestChange } from './latest-change.ts';
import { appVersion, readyEventIds, readyState, saveReadyState } from './ready-state.ts';

let running: Promise<void> | null = null;

async function keepReady(db: CrewCampDb): Promise<void> {
  for (const eventId of await readyEventIds(db)) {
    const state = await readyState(db, eventId);
    if (!state || !(await db.events.get(eventId))) continue;
    const { failed } = await fetchMissing(db, eventId);
    if (failed !== 0) continue; // not all kept (offline again, or the device is full): not ready
    const isNewer = (await latestChange(db, eventId)) > state.readyAt;
    if (!isNewer && state.reported && state.version === appVersion()) continue;
    const readyAt = await reportReady(db, eventId);
    if (!readyAt) continue;
    await saveReadyState(db, eventId, {
      ...state,
      readyAt: Date.parse(readyAt),
      reported: true,
      version: appVersion(),
    });
  }
}

function useKeepReady(): void {
  const session = useSyncSession();
  const isOnline = useIsOnline();
  const isLeader = useSyncStatus((status) => status.isLeader);
  const lastSyncedAt = useSyncStatus((status) => status.lastSyncedAt);
  useEffect(() => {
    if (!session || !isOnline || !isLeader || lastSyncedAt === null || running) return;
    running = keepReady(session.db)
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  }, [session, isOnline, isLeader, lastSyncedAt]);
}

/** Mounted once by the app shell. */
export function KeepEventsReady(): null {
  useKeepReady();
  return null;
}
