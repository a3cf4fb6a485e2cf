/**
 * A photo that travels through the outbox (a receipt, a chat photo), as an object URL: from the
 * outbox while the upload still waits to be sent (so a photo taken offline shows at once), else
 * downloaded from its private bucket when online. `status` says which, or why there is no picture
 * yet. Downloads are kept for the page's life by path, so a list that mounts its rows again while
 * scrolling (the chat) does not fetch them again. A photo kept on the device by Get ready
 * (`deviceFiles`, issue 24) is shown from there, online or not, and never downloaded again.
 */
import { useEffect, useMemo, useState } from 'react';
import { parseOutbox } from '../db/validated-read.ts';
import { downloadFile } from '../sync/backend.ts';
import { useDeviceQuery } from './use-device-query.ts';

export type QueuedPhoto =
  | { status: 'loading' }
  | { status: 'shown'; url: string; pending: boolean }
  | { status: 'offline' }
  | { status: 'failed' };

export interface QueuedPhotoSource {
  bucket: string;
  /** The outbox kind that uploads the photo, and whether an entry's arguments are this photo's. */
  kind: string;
  matches(args: Record<string, unknown>): boolean;
}

const downloaded = new Map<string, string>();

export function useQueuedPhoto(source: QueuedPhotoSource, path: string | null | undefined): QueuedPhoto {
  const { bucket, kind, matches } = source;
  const pending = useDeviceQuery<Uint8Array | null>(
    async (db) => {
      if (!path) return null;
      const entries = parseOutbox(await db.outbox.where('status').notEqual('acked').toArray());
      const entry = entries.find((e) => e.kind === kind && matches(e.args as Record<string, unknown>));
      return entry ? (entry.args as { bytes: Uint8Array }).bytes : null;
    },
    [kind, path],
    null,
  );
  const pendingUrl = useMemo(
    () => (pending ? URL.createObjectURL(new Blob([pending as Uint8Array<ArrayBuffer>])) : null),
    [pending],
  );
  useEffect(() => () => (pendingUrl ? URL.revokeObjectURL(pendingUrl) : undefined), [pendingUrl]);

  const key = path ? `${bucket}/${path}` : null;
  // undefined while the device database answers, false when the photo is not kept on the device.
  const kept = useDeviceQuery<Blob | false | undefined>(
    async (db) => (key ? ((await db.deviceFiles.get(key))?.blob ?? false) : false),
    [key],
    undefined,
  );
  const keptUrl = useMemo(() => (kept ? URL.createObjectURL(kept) : null), [kept]);
  useEffect(() => () => (keptUrl ? URL.revokeObjectURL(keptUrl) : undefined), [keptUrl]);
  const [fetched, setFetched] = useState<{ key: string; image: QueuedPhoto } | null>(null);
  const known = key ? downloaded.get(key) : undefined;
  const needsDownload = Boolean(path) && !pending && kept === false && !known && navigator.onLine;
  useEffect(() => {
    if (!needsDownload || !path || !key) return;
    let cancelled = false;
    void downloadFile(bucket, path)
      .then((data) => {
        if (cancelled) return;
        if (!data) return setFetched({ key, image: { status: navigator.onLine ? 'failed' : 'offline' } });
        const url = URL.createObjectURL(data);
        downloaded.set(key, url);
        setFetched({ key, image: { status: 'shown', url, pending: false } });
      })
      .catch(() => !cancelled && setFetched({ key, image: { status: 'failed' } }));
    return () => {
      cancelled = true;
    };
  }, [needsDownload, bucket, path, key]);

  if (pendingUrl) return { status: 'shown', url: pendingUrl, pending: true };
  if (keptUrl) return { status: 'shown', url: keptUrl, pending: false };
  if (known) return { status: 'shown', url: known, pending: false };
  if (fetched && fetched.key === key) return fetched.image;
  return needsDownload || (path && kept === undefined) ? { status: 'loading' } : { status: 'offline' };
}
