/**
 * White label (issue 21): the creator of an organizer event sets an accent colour and uploads a
 * logo; a member sees both above the event's pages, on the join page and when printing; a starter
 * event's manager meets the upgrade prompt instead.
 */
import { App } from './app.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

// A 1×1 PNG: the bucket checks that a logo is an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a branded organizer event: the manager sets colour and logo, a member sees them on its pages, join page and printout @desktop', async ({
  app,
  page,
  browser,
  isMobile,
}, testInfo) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const olga = await newPerson('Olga Organizer', 'organizer');
  const max = await newPerson('Max Member');
  const eventId = await seedEvent(olga, 'Open Air crew', [max]);

  await signInAs(app, olga);
  await app.visit(`/events/${eventId}`);
  const card = page.getByRole('region', { name: 'Branding' });
  await card.getByLabel('Accent colour code').fill('not a colour');
  await card.getByRole('button', { name: 'Save branding' }).click();
  await expect(card.getByRole('alert')).toHaveText('The accent colour must be a colour like #e4572e');
  await card.getByLabel('Accent colour code').fill('#e4572e');
  await card.getByLabel(/^Logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await card.getByRole('button', { name: 'Save branding' }).click();
  await expect(card.getByText('Branding saved')).toBeVisible({ timeout: 15_000 });
  const bar = page.getByRole('region', { name: 'Open Air crew branding' });
  await expect(bar).toHaveAttribute('data-accent', '#e4572e');

  // Max, another member, in his own browser.
  const maxContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
  });
  const maxPage = await maxContext.newPage();
  await signInAs(new App(maxPage, isMobile), max);
  await maxPage.goto(`/events/${eventId}/checklists`);
  const maxBar = maxPage.getByRole('region', { name: 'Open Air crew branding' });
  await expect(maxBar).toHaveAttribute('data-accent', '#e4572e', { timeout: 20_000 });
  const logo = maxBar.getByRole('img', { name: 'Open Air crew logo' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await maxPage.screenshot({ path: screenshotPath(`white-label-member-${isMobile ? 'phone' : 'desktop'}.png`) });
  // members may not change it
  await maxPage.goto(`/events/${eventId}`);
  await expect(maxPage.getByRole('region', { name: 'Branding' })).toBeHidden();
  // the printout carries it
  await maxPage.emulateMedia({ media: 'print' });
  await expect(maxBar).toBeVisible();
  await expect(maxBar.getByRole('img', { name: 'Open Air crew logo' })).toBeVisible();
  await maxPage.emulateMedia({ media: 'screen' });
  // and the join page
  await maxPage.goto(`/join?id=${eventId}`);
  await expect(
    maxPage.getByRole('group', { name: 'Event Open Air crew' }).getByRole('img', { name: 'Open Air crew logo' }),
  ).toBeVisible();
  await maxContext.close();
});

test('a starter event offers branding only as the upgrade prompt', async ({ app, page }) => {
  const sam = await newPerson('Sam Starter', 'starter');
  const eventId = await seedEvent(sam, 'Starter camp');
  await signInAs(app, sam);
  await app.visit(`/events/${eventId}`);
  const card = page.getByRole('region', { name: 'Branding' });
  await expect(card).toContainText('Upgrade to Organizer to unlock this feature');
  await expect(card.getByRole('button', { name: 'Save branding' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Starter camp branding' })).toBeHidden();
});
