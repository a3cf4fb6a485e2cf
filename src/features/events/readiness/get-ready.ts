/**
 * Get ready (issue 24): everything of one event on this device, for days without a signal. In
 * order: the app's own files (the service worker's precache, completed if a file is missing), a
 * full pull of the rows (the engine's), every receipt and chat photo of the event (private buckets,
 * kept as blobs in `deviceFiles`, which the photo viewers read first), every member's avatar
 * (public URLs, kept in the `crewcamp-ready` cache the service worker answers from offline),
 * persistent storage, then the report to the crew (report_device_ready). What is already kept is
 * not fetched again, so a cut-short run resumes; a full device stops it with the count kept.
 */
import type { CrewCampDb } from '../../../db/crewcamp-db.ts';
import { isQuotaError } from '../../../sync/storage-errors.ts';
import { callRpc, downloadFile } from '../../../sync/backend.ts';
import { getActiveSession } from '../../../sync/sync-session.ts';
import { getSyncStatus } from '../../../data/index.ts';
import { appVersion, deviceId, deviceLabel, saveReadyState, type ReadyState } from './ready-state.ts';

/** The buckets of the photos that travel through the outbox (receipts, chat photos). */
const RECEIPTS_BUCKET = 'receipts';
const CHAT_PHOTOS_BUCKET = 'chat-photos';
/** Get ready's cache of public pictures (sw/ready.ts answers from it offline). */
const READY_CACHE = 'crewcamp-ready';
/** Downloads at once: enough to fill a slow link with a long round trip, few enough for a phone. */
const PARALLEL = 6;

type ReadyStep = 'app' | 'rows' | 'photos' | 'avatars' | 'report';
export interface ReadyProgress {
  step: ReadyStep;
  done: number;
  total: number;
}

export type ReadyOutcome =
  | { status: 'ready'; state: ReadyState }
  | { status: 'full'; kept: number; total: number }
  | { status: 'failed'; message: string };

interface EventFiles {
  photos: { key: string; bucket: string; path: string }[];
  avatars: string[];
}

/** The private photos and public avatars an event's rows on this device point to. */
async function eventFiles(db: CrewCampDb, eventId: string): Promise<EventFiles> {
  const [expenses, messages, members] = await Promise.all([
    db.expenses.where('event_id').equals(eventId).toArray(),
    db.chatMessages.where('event_id').equals(eventId).toArray(),
    db.members.where('event_id').equals(eventId).toArray(),
  ]);
  const photos = [
    ...expenses.flatMap((e) => (e.receipt_path ? [{ bucket: RECEIPTS_BUCKET, path: e.receipt_path }] : [])),
    ...messages.flatMap((m) => (m.photo_path ? [{ bucket: CHAT_PHOTOS_BUCKET, path: m.photo_path }] : [])),
  ].map((p) => ({ ...p, key: `${p.bucket}/${p.path}` }));
  const avatars = [...new Set(members.flatMap((m) => (m.avatar ? [m.avatar] : [])))];
  return { photos, avatars };
}

/** Whether every photo and avatar of the event is on the device. */
async function missingFiles(db: CrewCampDb, eventId: string): Promise<EventFiles> {
  const files = await eventFiles(db, eventId);
  const kept = new Set(await db.deviceFiles.where('event_id').equals(eventId).primaryKeys());
  const cache = typeof caches === 'undefined' ? null : await caches.open(READY_CACHE);
  const avatars: string[] = [];
  for (const url of files.avatars) if (!cache || !(await cache.match(url))) avatars.push(url);
  return { photos: files.photos.filter((p) => !kept.has(p.key)), avatars };
}

class DeviceFull extends Error {}

/** Runs `work` on every item, `PARALLEL` at a time, counting what is done. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, onDone: () => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** Fetches the photos and avatars not yet kept; answers how many could not be fetched. */
export async function fetchMissing(
  db: CrewCampDb,
  eventId: string,
  onProgress: (progress: ReadyProgress) => void = () => undefined,
): Promise<{ failed: number; kept: number; total: number }> {
  const all = await eventFiles(db, eventId);
  const missing = await missingFiles(db, eventId);
  let failed = 0;
  let done = all.photos.length - missing.photos.length;
  onProgress({ step: 'photos', done, total: all.photos.length });
  const keep = async (photo: EventFiles['photos'][number]) => {
    const blob = await downloadFile(photo.bucket, photo.path).catch(() => null);
    if (!blob) {
      failed++;
      return;
    }
    try {
      await db.deviceFiles.put({ key: photo.key, event_id: eventId, blob, size: blob.size, saved_at: Date.now() });
    } catch (error) {
      if (isQuotaError(error)) throw new DeviceFull();
      throw error;
    }
  };
  try {
    await inParallel(missing.photos, keep, () =>
      onProgress({ step: 'photos', done: ++done, total: all.photos.length }),
    );
  } catch (error) {
    if (error instanceof DeviceFull) return { failed: -1, kept: done, total: all.photos.length };
    throw error;
  }

  let avatarsDone = all.avatars.length - missing.avatars.length;
  onProgress({ step: 'avatars', done: avatarsDone, total: all.avatars.length });
  const cache = await caches.open(READY_CACHE);
  const keepAvatar = async (url: string) => {
    const response = await fetch(url, { mode: 'cors', credentials: 'omit' }).catch(() => null);
    if (!response?.ok) {
      failed++;
      return;
    }
    try {
      await cache.put(url, response);
    } catch (error) {
      if (isQuotaError(error)) throw new DeviceFull();
      throw error;
    }
  };
  try {
    await inParallel(missing.avatars, keepAvatar, () =>
      onProgress({ step: 'avatars', done: ++avatarsDone, total: all.avatars.length }),
    );
  } catch (error) {
    if (error instanceof DeviceFull) return { failed: -1, kept: done, total: all.photos.length };
    throw error;
  }
  return { failed, kept: done, total: all.photos.length };
}

/** Asks the service worker whether the app's own files are all cached (it fetches what is missing). */
async function appFilesReady(): Promise<boolean> {
  if (import.meta.env.DEV) return true; // `vite dev` has no service worker.
  if (!('serviceWorker' in navigator)) return false;
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
  ]);
  const worker = registration?.active;
  if (!worker) return false;
  const answer = await new Promise<{ total: number; cached: number } | null>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), 60_000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data as { total: number; cached: number });
    };
    worker.postMessage({ type: 'READY_PRECACHE' }, [channel.port2]);
  });
  return answer !== null && answer.total > 0 && answer.cached === answer.total;
}

/** Asks the engine for a full pull and waits until one has finished after this moment. */
async function fullPull(timeoutMs = 120_000): Promise<boolean> {
  const session = getActiveSession();
  if (!session) return false;
  const since = Date.now();
  session.engine.requestPull(true, true);
  const deadline = since + timeoutMs;
  if (getSyncStatus().isLeader) {
    await Promise.race([session.engine.whenIdle(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  }
  // A follower tab sees the leader's pulls through the published status.
  while (Date.now() < deadline) {
    const status = getSyncStatus();
    if ((status.lastSyncedAt ?? 0) >= since && !status.lastError) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** How often the pictures the pull has brought so far are looked for while it runs. */
const EARLY_LOOK_MS = 500;

/**
 * Runs `fetch` again and again until `pull` has ended (or the device is full): a new device learns
 * of the event's receipts only from the pull, and their download need not wait for its last page.
 */
function whilePulling(
  pull: Promise<boolean>,
  fetch: () => ReturnType<typeof fetchMissing>,
): [Promise<boolean>, ReturnType<typeof fetchMissing>] {
  let isPulling = true;
  const pulled = pull.finally(() => (isPulling = false));
  const early = (async () => {
    for (;;) {
      const result = await fetch();
      if (result.failed === -1 || !isPulling) return result;
      await Promise.race([pulled, new Promise((resolve) => setTimeout(resolve, EARLY_LOOK_MS))]);
    }
  })();
  return [pulled, early];
}

/** Tells the crew this device holds everything of the event now; answers the server's time. */
export async function reportReady(db: CrewCampDb, eventId: string): Promise<string | null> {
  const answer = await callRpc('report_device_ready', {
    p_event_id: eventId,
    p_device_id: await deviceId(db),
    p_app_version: appVersion(),
    p_device_label: deviceLabel(),
  });
  const result = answer.data as { success?: boolean; ready_at?: string } | null;
  return result?.success && result.ready_at ? result.ready_at : null;
}

export async function getReady(eventId: string, onProgress: (progress: ReadyProgress) => void): Promise<ReadyOutcome> {
  const session = getActiveSession();
  if (!session) return { status: 'failed', message: 'Sign in again to get this event ready.' };
  if (!navigator.onLine) return { status: 'failed', message: 'You are offline. Get ready needs a signal.' };
  const { db } = session;
  onProgress({ step: 'app', done: 0, total: 1 });
  if (!(await appFilesReady()))
    return { status: 'failed', message: 'The app’s own files could not all be saved. Reload the app and try again.' };
  onProgress({ step: 'rows', done: 0, total: 1 });
  // The pictures download while the rows do (the link stays full): those the device knows of at
  // once, and those the pulls bring as their rows arrive; whatever is still missing comes after.
  const [pulled, early] = await Promise.all(whilePulling(fullPull(), () => fetchMissing(db, eventId, onProgress)));
  if (early.failed === -1) return { status: 'full', kept: early.kept, total: early.total };
  if (!pulled)
    return { status: 'failed', message: 'The event’s latest changes could not be downloaded. Check your signal.' };
  const files = await fetchMissing(db, eventId, onProgress);
  if (files.failed === -1) return { status: 'full', kept: files.kept, total: files.total };
  if (files.failed > 0)
    return {
      status: 'failed',
      message: `${files.failed} ${files.failed === 1 ? 'picture' : 'pictures'} could not be downloaded. Press Get ready again.`,
    };
  onProgress({ step: 'report', done: 0, total: 1 });
  await navigator.storage?.persist?.().catch(() => false);
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const readyAt = await reportReady(db, eventId);
  const state: ReadyState = {
    readyAt: readyAt ? Date.parse(readyAt) : Date.now(),
    usage: estimate?.usage ?? null,
    reported: readyAt !== null,
    version: appVersion(),
  };
  await saveReadyState(db, eventId, state);
  return { status: 'ready', state };
}
