/**
 * Background Sync (Chromium): a change made offline is sent by the service worker once the
 * network is back, although no tab of the app is open any more.
 */
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { syncTags, waitForServiceWorker } from './pwa-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('a change queued offline reaches the server after the tab closed', async ({ app, page, context }) => {
  const ada = await newPerson('Ada Background');
  const eventId = await seedEvent(ada, 'Sync camp');
  await signInAs(app, ada);
  await waitForServiceWorker(page);
  await app.visit(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sync camp' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Location').fill('Valley meadow');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Valley meadow')).toBeVisible();
  await expect.poll(() => syncTags(page)).toContain('crewcamp-outbox');

  // No tab is left: only the service worker can send it now. Chromium fires the 'sync' event by
  // itself when the emulated network comes back (Playwright's offline emulation covers the
  // service worker, and Background Sync follows it), so no CDP ServiceWorker.dispatchSyncEvent.
  await page.close();
  expect(context.pages()).toHaveLength(0);
  await context.setOffline(false);

  const location = async () => {
    const { data } = await serviceClient().from('events').select('location').eq('id', eventId).single();
    return (data as { location: string } | null)?.location;
  };
  await expect.poll(location, { timeout: 20_000 }).toBe('Valley meadow');
});
