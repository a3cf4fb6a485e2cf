/**
 * Helpers of the service-worker specs: wait until the built app's service worker controls the
 * page (it precached the app by then), and until the device database has pulled what the
 * member sees.
 */
import { expect, type Page } from '@playwright/test';

/** Resolves once a service worker controls the page (install, precache and activation done). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

/** The sync tags registered with the service worker (Background Sync). */
export function syncTags(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync: { getTags(): Promise<string[]> };
    };
    return registration.sync.getTags();
  });
}

/** The outbox entries of a user's device database that still wait to be sent (read straight from IndexedDB). */
export function unsentChanges(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('outbox').objectStore('outbox').getAll();
          read.onsuccess = () => {
            db.close();
            const entries = read.result as Array<{ kind: string; status: string }>;
            resolve(entries.filter((e) => e.status !== 'acked').map((e) => `${e.kind} ${e.status}`));
          };
          read.onerror = () => reject(read.error);
        };
      }),
    `crewcamp-${userId}`,
  );
}

/** The build id the page runs (index.html's `crewcamp-build` meta tag). */
export function buildIdOf(page: Page): Promise<string | null> {
  return page.locator('meta[name="crewcamp-build"]').getAttribute('content');
}
