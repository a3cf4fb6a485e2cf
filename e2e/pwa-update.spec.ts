/**
 * A new version deployed while the app is open: the app says so, Reload brings the new build,
 * and a change queued before the update is still sent afterwards. Runs on the phone project only
 * (no @desktop tag): it deploys a build into the folder the whole run is served from.
 */
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { BACKEND_URL } from './env.ts';
import { expect, test } from './fixtures.ts';
import { buildIdOf, unsentChanges, waitForServiceWorker } from './pwa-helpers.ts';
import { deployNewBuild } from './stack.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('a deployed update is announced, applied on Reload, and the outbox survives it', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const ada = await newPerson('Ada Update');
  const eventId = await seedEvent(ada, 'Update camp');
  await signInAs(app, ada);
  await waitForServiceWorker(page);
  const oldBuild = await buildIdOf(page);

  // The backend is out of reach (the app's own server is not): the change waits in the outbox.
  await context.route(`${BACKEND_URL}/**`, (route) => route.abort('internetdisconnected'));
  await app.visit(`/events/${eventId}`);
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Location').fill('Upper meadow');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Upper meadow')).toBeVisible();
  await expect.poll(() => unsentChanges(page, ada.id)).toEqual([expect.stringMatching(/^event\.update /)]);

  const newBuild = await deployNewBuild();
  // What the app's periodic check does (hourly, and on returning to the tab), now.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  const prompt = page.getByRole('status').filter({ hasText: 'A new version of CrewCamp is available' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  expect(await buildIdOf(page)).toBe(oldBuild);

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => buildIdOf(page), { timeout: 15_000 }).toBe(newBuild);
  await expect(page.getByText('Upper meadow')).toBeVisible();
  await expect(prompt).toBeHidden();
  expect(await unsentChanges(page, ada.id)).toEqual([expect.stringMatching(/^event\.update /)]);

  // The backend is back, and the connection drops and returns once: the change is sent.
  await context.unroute(`${BACKEND_URL}/**`);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const { data } = await serviceClient().from('events').select('location').eq('id', eventId).single();
        return (data as { location: string } | null)?.location;
      },
      { timeout: 20_000 },
    )
    .toBe('Upper meadow');
});
