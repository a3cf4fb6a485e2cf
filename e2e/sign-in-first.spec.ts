/**
 * Returning members sign in every day: with the waitlist on, the landing page's "Sign in" opens the
 * waitlist page with the sign-in form first (in view at 360 px), the join form below it, and "Join
 * the waitlist" scrolls to that one. The profile's tabs fit 360 px ("Friends" not cut).
 */
import { setSwitches } from './backend.ts';
import { newPerson, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

test("the landing page's Sign in opens the sign-in form first; Join the waitlist scrolls to its form", async ({
  page,
}) => {
  await setSwitches({ waitlist: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/landing');
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/waitlist$/);
  const signIn = page.getByRole('region', { name: 'Already have an account?' });
  const join = page.getByRole('region', { name: 'Join the waitlist' });
  await expect(signIn.getByRole('button', { name: 'Sign in' })).toBeInViewport();
  const [signInBox, joinBox] = [(await signIn.boundingBox())!, (await join.boundingBox())!];
  expect(signInBox.y).toBeLessThan(joinBox.y);

  await page.goto('/landing');
  await page.getByRole('link', { name: 'Join the waitlist' }).first().click();
  await expect(page).toHaveURL(/\/waitlist#join$/);
  await expect(join.getByRole('button', { name: 'Join the waitlist' })).toBeInViewport();
});

test('the profile tabs fit 360 px', async ({ app, page }) => {
  await setSwitches({ waitlist: false });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(app, await newPerson('Tia Tabs'));
  await page.goto('/profile/details');
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  for (const name of ['Details', 'Notifications', 'Subscription', 'Friends']) {
    const box = (await tabs.getByRole('link', { name }).boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(360);
    expect(box.height, name).toBeGreaterThanOrEqual(44);
  }
  expect(await tabs.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBe(0);
});
