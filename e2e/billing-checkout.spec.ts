/** Upgrading through the mock checkout, and a checkout the person cancels. */
import { createAccount, setSwitches } from './backend.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';
import { createEventAs, screenshot, signInTo } from './admin-helpers.ts';

const LOCKED = 'Upgrade to Starter to unlock this feature';

test.describe('subscriptions', () => {
  test.beforeEach(async () => setSwitches({ waitlist: false }));

  test('free -> starter through the mock checkout unlocks transport and the site planner at once and raises the limits', async ({
    app,
    page,
  }, testInfo) => {
    const person = await createAccount('Fiona Free');
    const eventId = await createEventAs(person, 'Lake weekend');
    await signInTo(app, person);
    await app.visit(`/events/${eventId}`);
    let nav = await app.sidebar();
    await expect(nav.getByRole('link', { name: `Transport ${LOCKED}` })).toBeVisible();
    await expect(nav.getByRole('link', { name: `Site Planner ${LOCKED}` })).toBeVisible();
    if (app.isPhone) await page.keyboard.press('Escape');

    // Inside the app (no reload): profile, its Subscription tab.
    await page.getByRole('link', { name: 'My profile', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Profile sections' })
      .getByRole('link', { name: 'Subscription' })
      .click();
    const limits = page.getByRole('region', { name: 'Your plan' });
    await expect(limits.getByText('Free', { exact: true })).toBeVisible();
    const eventsAtOnce = limits.locator('dt', { hasText: 'Events at once' }).locator('+ dd');
    await expect(eventsAtOnce).toHaveText('2');
    await expect(page.getByRole('region', { name: 'Starter plan' })).toContainText('CHF 20 / month');
    await expect(page.getByRole('region', { name: 'Starter plan' })).toContainText('or CHF 216 / year');
    await expectAccessible(page, '/profile/subscription');
    await screenshot(page, testInfo, 'subscription-free');

    await page.getByRole('button', { name: 'Upgrade to Starter' }).click();
    await app.expectPath('/checkout/subscription/success');
    await expect(page).toHaveURL(/tier=starter&mock=true/);
    await expect(page.getByText('Your crew now plans on the Starter plan.')).toBeVisible();
    await expectAccessible(page, '/checkout/subscription/success');
    await screenshot(page, testInfo, 'subscription-success', false);

    await page.getByRole('link', { name: 'See your plan' }).click();
    await app.expectPath('/subscription');
    await expect(page.getByRole('banner').getByText('Starter', { exact: true })).toBeVisible();
    await expect(eventsAtOnce).toHaveText('10');
    await expect(limits.locator('dt', { hasText: 'Members per event' }).locator('+ dd')).toHaveText('15');
    await expect(limits.locator('dt', { hasText: 'Status' }).locator('+ dd')).toHaveText('Active');
    await expect(limits.locator('dt', { hasText: 'Period' }).locator('+ dd')).not.toHaveText('No billing period');
    await expect(page.getByRole('region', { name: 'Starter plan' }).getByText('Current plan')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Starter' })).toHaveCount(0);
    await screenshot(page, testInfo, 'subscription-starter');

    // Back to the event inside the same page load: the new tier must show without a reload.
    await page.evaluate(() => history.go(-4));
    await app.expectPath(`/events/${eventId}`);
    nav = await app.sidebar();
    await expect(nav.getByRole('link', { name: 'Transport', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Site Planner', exact: true })).toBeVisible();
  });

  test('a cancelled checkout leaves the plan as it was and says so', async ({ app, page }) => {
    const person = await createAccount('Carl Cancel');
    await signInTo(app, person);
    // The provider's hosted checkout, where the person presses "back": it returns to the cancel path.
    await page.route('**/functions/v1/create-checkout', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({ url: 'https://checkout.provider.test/pay/cs_test_123' }),
      }),
    );
    await page.route('https://checkout.provider.test/**', (route) =>
      route.fulfill({
        status: 302,
        headers: { location: new URL('/subscription?upgrade_cancelled=true', page.url()).href },
      }),
    );
    await app.visit('/subscription');
    await page.getByRole('button', { name: 'Upgrade to Organizer' }).click();
    await expect(page.getByText('The upgrade was cancelled. Your plan has not changed.')).toBeVisible();
    await app.expectPath('/subscription');
    await expect(page.getByRole('region', { name: 'Your plan' }).getByText('Free', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade to Organizer' })).toBeEnabled();
  });
});
