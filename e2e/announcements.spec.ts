/**
 * Issue 19, priority notifications on an organizer event, on two phones (390 × 844): the organizer
 * posts a priority announcement from the overview; the member sees it pinned at the top of theirs,
 * presses Got it and it stays gone after a reload (the seen mark reached the server); the member
 * turns on Follow all activity and the server has the follow. Screenshots under test-results/.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `announcements-${name}-phone.png`), fullPage: true });
}

/** The organizer on a phone of their own. */
async function secondPhone(browser: Browser, page: Page) {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
  });
  const other = await context.newPage();
  return { context, page: other, app: new App(other, true) };
}

test('a priority announcement is pinned until Got it; a member follows all activity', async ({
  page,
  app,
  browser,
}) => {
  // Two phones sign in one after the other: about 20 s on a quiet machine.
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const eva = await newPerson('Eva', 'organizer');
  const finn = await newPerson('Finn');
  const eventId = await seedEvent(eva, 'Gurten Festival', [finn]);

  const organizer = await secondPhone(browser, page);
  await signInAs(organizer.app, eva);
  await organizer.page.goto(`/events/${eventId}`);
  const card = organizer.page.getByRole('region', { name: 'Announcements' });
  await card.getByRole('textbox', { name: 'Announcement' }).fill('Gates open at 9:00, bring your wristband');
  await card.getByRole('checkbox', { name: 'Priority' }).check({ force: true });
  await screenshot(organizer.page, 'compose');
  await card.getByRole('button', { name: 'Post announcement' }).click();
  await expect(card.getByText('Priority announcement posted')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Latest announcements' })).toContainText('Gates open at 9:00');
  // The author has seen their own: nothing pinned on the organizer's overview.
  await expect(organizer.page.getByRole('region', { name: 'Priority announcements' })).toHaveCount(0);
  await expect
    .poll(async () => (await serviceClient().from('announcements').select('id').eq('event_id', eventId)).data?.length, {
      timeout: 15_000,
    })
    .toBe(1);
  await organizer.context.close();

  await signInAs(app, finn);
  await page.goto(`/events/${eventId}`);
  const pinned = page.getByRole('region', { name: 'Priority announcements' });
  await expect(pinned).toContainText('Gates open at 9:00, bring your wristband', { timeout: 15_000 });
  await expect(pinned).toContainText('Eva');
  const gotIt = pinned.getByRole('button', { name: 'Got it' });
  const box = await gotIt.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  // Pinned at the top of the overview: above the event's details.
  const details = await page.getByRole('main').getByRole('heading', { level: 2 }).first().boundingBox();
  expect((await pinned.boundingBox())!.y).toBeLessThan(details!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'pinned');

  await gotIt.click();
  await expect(pinned).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await serviceClient().from('announcement_reads').select('user_id').eq('user_id', finn.id)).data?.length,
      { timeout: 15_000 },
    )
    .toBe(1);
  await page.reload();
  const card2 = page.getByRole('region', { name: 'Announcements' });
  await expect(card2.getByRole('list', { name: 'Latest announcements' })).toContainText('Gates open at 9:00');
  await expect(page.getByRole('region', { name: 'Priority announcements' })).toHaveCount(0);
  // A member posts nothing: the form is the managers'.
  await expect(card2.getByRole('button', { name: 'Post announcement' })).toHaveCount(0);

  const follow = card2.getByRole('checkbox', { name: 'Follow all activity' });
  await expect(follow).not.toBeChecked();
  await follow.check({ force: true });
  await expect(follow).toBeChecked();
  await expect
    .poll(
      async () =>
        (
          await serviceClient()
            .from('event_follows')
            .select('user_id')
            .eq('event_id', eventId)
            .eq('user_id', finn.id)
            .is('deleted_at', null)
        ).data?.length,
      { timeout: 15_000 },
    )
    .toBe(1);
  await card2.scrollIntoViewIfNeeded();
  await screenshot(page, 'following');
});
