/**
 * The two error screens of spec section 2, reached the way users reach them: a page's code that
 * cannot be loaded (a dropped connection, or a deploy that removed the old files). Inside the
 * shell the page's error fallback shows and the shell stays usable; outside it the router's error
 * page shows. "Refresh Page" loads the app again.
 *
 * The service worker is blocked here: it would serve the page's code from its cache, which is the
 * point of it, but these tests need the request to reach the network and fail.
 */
import { NOAH } from './backend.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.use({ serviceWorkers: 'block' });

test('a page whose code cannot load shows the error fallback inside the shell @desktop', async ({ app, page }) => {
  await app.signIn(NOAH);
  await page.route(/\/assets\/profile-layout-[\w-]+\.js$/, (route) => route.abort('connectionfailed'));
  const nav = await app.sidebar();
  await nav.getByRole('link', { name: 'My Profile' }).click();
  const fallback = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('We apologize for the inconvenience. Please try refreshing the page.');
  await page.screenshot({ path: screenshotPath(`error-fallback-${app.isPhone ? 'phone' : 'desktop'}.png`) });
  // The shell around it still works: back to the dashboard.
  const again = await app.sidebar();
  await again.getByRole('link', { name: 'Dashboard' }).click();
  await app.expectPath('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
});

test('a public page whose code cannot load shows the router error page, and Refresh Page recovers', async ({
  app,
  page,
}) => {
  await page.route(/\/assets\/landing-page-[\w-]+\.js$/, (route) => route.abort('connectionfailed'));
  await app.visit('/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('We apologize for the inconvenience. Please try refreshing the page.')).toBeVisible();
  await page.screenshot({ path: screenshotPath(`router-error-${app.isPhone ? 'phone' : 'desktop'}.png`) });
  await page.unroute(/\/assets\/landing-page-[\w-]+\.js$/);
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeHidden();
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
});
