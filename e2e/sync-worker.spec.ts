/**
 * The sync engine's leader runs in a Web Worker: the pull, the pushes and the Realtime socket leave
 * from the worker, not from the page, while a tap still shows its change at once (the page's own
 * transaction) and what the worker pulls reaches the page's live screens.
 */
import { setSwitches } from './backend.ts';
import { createEventInUi, newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

/** The REST requests a context made, by path (resource timing of the page or of a worker; WebSockets are not listed). */
function backendPaths(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => path.startsWith('/rest/v1/') || path.startsWith('/realtime/'));
}

test('pull, push and Realtime run in the sync worker; the page draws what it pulls', async ({ app, page }) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const ada = await newPerson('Ada Worker', 'organizer');
  await seedEvent(ada, 'Seeded in the worker test');
  await signInAs(app, ada);

  // What the worker pulled shows on the page's live screen.
  await expect(page.getByText('Seeded in the worker test').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.workers().some((w) => w.url().includes('sync-worker')), { timeout: 20_000 }).toBe(true);
  const worker = page.workers().find((w) => w.url().includes('sync-worker'))!;

  // A change made on the page reaches the server through the worker's push.
  await createEventInUi(page, 'Made on the page');
  await expect
    .poll(async () => {
      const { data } = await ada.client.from('events').select('name').eq('name', 'Made on the page');
      return data?.length ?? 0;
    })
    .toBe(1);

  // The page sent neither the pull nor the push: the event's reads and writes left from the worker.
  expect(await worker.evaluate(backendPaths)).toContain('/rest/v1/events');
  const fromPage = await page.evaluate(backendPaths);
  expect(fromPage.filter((path) => path === '/rest/v1/events' || path.startsWith('/rest/v1/rpc/'))).toEqual([]);

  // The worker's Realtime doorbell: a change made elsewhere shows without a reload.
  await seedEvent(ada, 'Made on another device');
  await expect(page.getByText('Made on another device').first()).toBeVisible({ timeout: 20_000 });
});
