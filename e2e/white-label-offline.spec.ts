/**
 * A branded event's logo on the device and on the join page (issue 21): a member who has seen the
 * event once sees its logo again offline after a reload (kept in the device database), and a
 * signed-out visitor holding the join link sees the logo in the preview (a signed URL for that one
 * object, from the event-logo server function).
 */
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { waitForOfflineReady } from './offline-helpers.ts';
import { screenshot } from './admin-helpers.ts';

// A 1×1 PNG: the bucket checks that a logo is an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the logo shows offline after a visit, and to a signed-out link holder', async ({
  app,
  page,
  context,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const olga = await newPerson('Olga Brand', 'organizer');
  const max = await newPerson('Max Offline');
  const eventId = await seedEvent(olga, 'Forest Beats', [max]);
  const key = `${eventId}/logo.png`;
  const uploaded = await olga.client.storage
    .from('event-logos')
    .upload(key, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
  expect(uploaded.error).toBeNull();
  const branded = await olga.client
    .from('events')
    .update({ accent_color: '#e4572e', logo_path: key })
    .eq('id', eventId);
  expect(branded.error).toBeNull();

  await signInAs(app, max);
  await page.goto(`/events/${eventId}/checklists`);
  const logo = page
    .getByRole('region', { name: 'Forest Beats branding' })
    .getByRole('img', { name: 'Forest Beats logo' });
  await expect(logo).toBeVisible({ timeout: 20_000 });

  await waitForOfflineReady(page);
  // Days later at the campsite the browser's HTTP cache may hold nothing of it any more: only
  // what the app kept on the device counts.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.setOffline(true);
  await page.reload();
  await expect(logo).toBeVisible({ timeout: 20_000 });
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await screenshot(page, testInfo, 'white-label-offline', false);
  await context.setOffline(false);

  // Someone with the link, not signed in.
  const visitor = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize() ?? undefined,
  });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/join?id=${eventId}`);
  const previewLogo = visitorPage
    .getByRole('group', { name: 'Event Forest Beats' })
    .getByRole('img', { name: 'Forest Beats logo' });
  await expect(previewLogo).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => previewLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await screenshot(visitorPage, testInfo, 'join-preview-logo-signed-out', false);
  await visitor.close();
});
