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
