/**
 * Get ready (issue 24), the service worker's part:
 * - `READY_PRECACHE` (a message with a port): checks that every file of the app's precache is in
 *   its cache, fetches any that is missing (an install cut short, a cache the browser evicted), and
 *   answers `{total, cached}` through the port.
 * - Public storage objects (avatars) that Get ready kept in `READY_CACHE` answer when the network
 *   and the expiring avatar cache cannot (the `handlerDidError` plugin of the avatar route).
 */
/// <reference lib="webworker" />
import { cacheNames } from 'workbox-core';
import { getCacheKeyForURL } from 'workbox-precaching';

/** The Cache Storage cache Get ready keeps public pictures (avatars) in; the page writes it. */
const READY_CACHE = 'crewcamp-ready';

type ManifestEntry = string | { url: string; revision: string | null };

async function checkPrecache(manifest: ManifestEntry[]): Promise<{ total: number; cached: number }> {
  const cache = await caches.open(cacheNames.precache);
  let cached = 0;
  for (const entry of manifest) {
    const url = typeof entry === 'string' ? entry : entry.url;
    const cacheKey = getCacheKeyForURL(url) ?? url;
    if (await cache.match(cacheKey)) {
      cached++;
      continue;
    }
    try {
      const response = await fetch(url, { cache: 'reload' });
      if (response.ok) {
        await cache.put(cacheKey, response);
        cached++;
      }
    } catch {
      // Offline or refused: counted as missing, the page says so.
    }
  }
  return { total: manifest.length, cached };
}

export function listenForReady(sw: ServiceWorkerGlobalScope, manifest: ManifestEntry[]): void {
  sw.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type !== 'READY_PRECACHE') return;
    const port = event.ports[0];
    if (!port) return;
    event.waitUntil(
      checkPrecache(manifest).then(
        (answer) => port.postMessage(answer),
        () => port.postMessage({ total: manifest.length, cached: 0 }),
      ),
    );
  });
}

/** A Workbox plugin: when the network fails and the route's own cache has nothing, Get ready's copy. */
export const readyCacheFallback = {
  handlerDidError: async ({ request }: { request: Request }): Promise<Response | undefined> =>
    (await caches.open(READY_CACHE)).match(request.url, { ignoreVary: true }),
};
