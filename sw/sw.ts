/**
 * The CrewCamp service worker (built by vite-plugin-pwa, `strategies: 'injectManifest'`).
 *
 * - Precaches the built app (every route's code, styles, icons and the manifest), so each page a
 *   member uses opens offline; its data comes from the device database, not from here.
 * - Answers navigations with the precached app shell (`index.html`), except the backend's paths
 *   when the backend shares the app's origin (a hosted setup behind one domain), and the
 *   prerendered public pages with their own HTML (`login.html`, `join.html` for a join link).
 * - Keeps public storage objects (avatars) in a cache with an expiry, so faces show offline.
 * - Waits with a new version until the page says so (the user pressed Reload).
 * - On the outbox's Background Sync event, sends the outbox, also with no tab open (outbox-sync.ts).
 * - Shows system notifications (Web Push) and opens their page on a tap (push.ts).
 * - Get ready: checks and completes the precache on request, and answers avatars kept for an event (ready.ts).
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { listenForOutboxSync } from './outbox-sync.ts';
import { listenForPush } from './push.ts';
import { listenForReady, readyCacheFallback } from './ready.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** Paths that belong to the backend, never to the app shell. */
export const BACKEND_PATHS = [
  /^\/auth\/v1\//,
  /^\/rest\/v1\//,
  /^\/storage\/v1\//,
  /^\/functions\/v1\//,
  /^\/realtime\/v1\//,
  /^\/_dev(\/|$)/,
];

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// A join link (`/join?id=…`) opens the prerendered join page's shell (scripts/prerender-plugin.ts);
// the precache answers the other prerendered pages by their clean URL (`/login` is login.html).
registerRoute(new NavigationRoute(createHandlerBoundToURL('join.html'), { allowlist: [/^\/join(\?|$)/] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: BACKEND_PATHS }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/storage/v1/object/public/'),
  new StaleWhileRevalidate({
    cacheName: 'crewcamp-public-storage',
    plugins: [
      // Only real pictures. The app loads them with crossOrigin="anonymous" (storage answers with
      // CORS headers), so a failed request is seen as failed; an opaque answer (status 0) could be
      // an error page, kept and shown in place of the picture until it expired.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      // Avatars an event's Get ready kept never expire (sw/ready.ts).
      readyCacheFallback,
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes the open pages over at once (there is no older version to wait for).
clientsClaim();

listenForOutboxSync(self);
listenForPush(self);
listenForReady(self, manifest);
