/**
 * Helpers of the offline specs: the sync banner (role status), what reached the backend (read with
 * the service role, so a duplicate would show), and the device database of a signed-in user.
 */
import { expect, type Page } from '@playwright/test';
import { serviceClient } from './backend.ts';

/** Resolves once the service worker controls the page: the app is precached, reloads work offline. */
export async function waitForOfflineReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

/** The shell's sync line: "You're offline…", "Syncing N changes…", "All changes saved". */
export function syncBanner(page: Page) {
  return page.getByRole('status').filter({ hasText: /offline|Syncing|All changes saved|session has ended|not saved/ });
}

export async function expectWaiting(page: Page, count: number) {
  await expect(syncBanner(page)).toContainText(
    `You're offline. Some features may be limited. ${count === 1 ? '1 change waits' : `${count} changes wait`} to be sent.`,
  );
}

/** The events a user created, as the server has them. */
export async function serverEvents(userId: string) {
  const { data, error } = await serviceClient()
    .from('events')
    .select('id, name, location, status')
    .eq('created_by', userId)
    .order('name');
  if (error) throw error;
  return data as { id: string; name: string; location: string | null; status: string }[];
}

export async function serverInvitations(eventId: string) {
  const { data, error } = await serviceClient()
    .from('event_invitations')
    .select('recipient_email, status')
    .eq('event_id', eventId);
  if (error) throw error;
  return data as { recipient_email: string; status: string }[];
}

export async function serverProfile(userId: string) {
  const { data, error } = await serviceClient().from('profiles').select('name, avatar').eq('id', userId).single();
  if (error) throw error;
  return data as { name: string | null; avatar: string | null };
}

/** The names of the IndexedDB databases of the page's origin. */
export async function deviceDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
