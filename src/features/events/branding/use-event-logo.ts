/**
 * An event's logo (white label) as an image URL. The bucket is private (members read), so the file
 * is downloaded with the session once and kept in the device database (`eventLogos`, by its key in
 * the bucket), so a branded event shows its logo offline too; the device database goes with
 * sign-out, and a logo replaced by another is dropped when the new one is stored.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CrewCampDb } from '../../../db/crewcamp-db.ts';
import { useSyncSession } from '../../../data/index.ts';
import { useDeviceQuery } from '../../../data/use-device-query.ts';
import { downloadFile } from '../../../sync/backend.ts';

interface StoredLogo {
  /** The logo's key in the event-logos bucket (`{event id}/{file}`). */
  key: string;
  event_id: string;
  bytes: Uint8Array;
  type: string;
  stored_at: string;
}

const logosOf = (db: CrewCampDb) => db.table<StoredLogo, string>('eventLogos');

/** Downloads in flight, by key, so several components showing one logo fetch it once. */
const downloading = new Map<string, Promise<void>>();

async function keepLogo(db: CrewCampDb, path: string): Promise<void> {
  const blob = await downloadFile('event-logos', path);
  if (!blob) return;
  const eventId = path.split('/')[0];
  const row: StoredLogo = {
    key: path,
    event_id: eventId,
    bytes: new Uint8Array(await blob.arrayBuffer()),
    type: blob.type || 'image/png',
    stored_at: new Date().toISOString(),
  };
  await db.transaction('rw', logosOf(db), async () => {
    await logosOf(db).where('event_id').equals(eventId).delete();
    await logosOf(db).put(row);
  });
}

export function useEventLogo(path: string | null | undefined): string | null {
  const session = useSyncSession();
  const stored = useDeviceQuery<StoredLogo | null>(
    async (db) => (path ? ((await logosOf(db).get(path)) ?? null) : null),
    [path],
    null,
  );
  const [failed, setFailed] = useState<string | null>(null);
  const isMissing = Boolean(path && session && !stored && failed !== path);
  useEffect(() => {
    if (!isMissing || !path || !session || !navigator.onLine) return;
    const key = `${session.userId}|${path}`;
    let pending = downloading.get(key);
    if (!pending) {
      pending = keepLogo(session.db, path).finally(() => downloading.delete(key));
      downloading.set(key, pending);
    }
    let live = true;
    pending.catch(() => live && setFailed(path));
    return () => {
      live = false;
    };
  }, [isMissing, path, session]);
  const url = useMemo(
    () =>
      stored ? URL.createObjectURL(new Blob([stored.bytes as Uint8Array<ArrayBuffer>], { type: stored.type })) : null,
    [stored],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return path ? url : null;
}
