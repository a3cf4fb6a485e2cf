/** Every redirect of the route table (spec section 2), signed out and in, waitlist on and off. */
import { NOAH, ADMIN, setSwitches } from './backend.ts';
import { expect, test } from './fixtures.ts';

const EVENT_ID = 'e0000000-0000-4000-8000-000000000001';

/**
 * One test per table, each route a step visited in the same page: a context and a sign-in per
 * route cost more than the routes themselves.
 */
function routeTable(routes: ReadonlyArray<readonly [from: string, to: string]>) {
  test('every route of the table leads where the spec says', async ({ app }) => {
    for (const [from, to] of routes) {
      await test.step(`${from} leads to ${to}`, async () => {
        await app.visit(from);
        await app.expectPath(to);
      });
    }
  });
}

test.describe('signed out, waitlist on', () => {
  test.beforeEach(async () => setSwitches({ waitlist: true }));

  routeTable([
    ['/', '/landing'],
    ['/landing', '/landing'],
    ['/waitlist', '/waitlist'],
    ['/login', '/waitlist'],
    ['/register', '/waitlist'],
    ['/dashboard', '/waitlist'],
    ['/admin', '/waitlist'],
    ['/profile', '/waitlist'],
    [`/events/${EVENT_ID}`, '/waitlist'],
    ['/no/such/page', '/waitlist'],
  ]);

  test('the waitlist page offers joining and signing in', async ({ app, page }) => {
    await app.visit('/waitlist');
    await expect(page.getByRole('form', { name: 'Join the waitlist' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('signed out, waitlist off', () => {
  test.beforeEach(async () => setSwitches({ waitlist: false }));

  routeTable([
    ['/', '/landing'],
    ['/login', '/login'],
    ['/waitlist', '/login'],
    ['/register', '/register'],
    ['/dashboard', '/login'],
    ['/subscription', '/login'],
    ['/no/such/page', '/login'],
  ]);

  test('the login page shows logo, name, tagline, the form and this year @desktop', async ({ app, page }) => {
    await app.visit('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'CrewCamp' })).toBeVisible();
    await expect(page.getByText('Your event crew, connected.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'CrewCamp home' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()} CrewCamp`)).toBeVisible();
  });

  test('/register leads to /login while registration is off', async ({ app }) => {
    await setSwitches({ waitlist: false, registration: false });
    await app.visit('/register');
    await app.expectPath('/login');
  });
});

test.describe('signed in as a user', () => {
  test.beforeEach(async ({ app }) => {
    await setSwitches({ waitlist: false });
    await app.signIn(NOAH);
  });

  routeTable([
    ['/', '/dashboard'],
    ['/login', '/dashboard'],
    ['/register', '/dashboard'],
    ['/forgot-password', '/dashboard'],
    ['/admin', '/dashboard'],
    ['/admin/waitlist', '/dashboard'],
    ['/profile', '/profile/details'],
    ['/no/such/page', '/dashboard'],
    ['/landing', '/landing'],
    ['/subscription', '/subscription'],
    [`/events/${EVENT_ID}/camp-planner`, `/events/${EVENT_ID}/camp-planner`],
  ]);

  test('/waitlist and /login lead to the dashboard while the waitlist is on', async ({ app }) => {
    await setSwitches({ waitlist: true });
    await app.visit('/waitlist');
    await app.expectPath('/dashboard');
    await app.visit('/login');
    await app.expectPath('/dashboard');
  });

  test('the dashboard greets the user with their plan, without the Admin Panel @desktop', async ({ app, page }) => {
    await expect(page.getByRole('heading', { name: /^Welcome( back| to CrewCamp)?, Noah$/ })).toBeVisible();
    await expect(page.getByText('Free plan')).toBeVisible();
    const nav = await app.sidebar();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
  });
});

test.describe('signed in as a site admin', () => {
  test.beforeEach(async ({ app }) => {
    await setSwitches({ waitlist: true });
    await app.signIn(ADMIN);
  });

  test('/admin opens its settings tab, with the Admin badge and the Admin Panel link', async ({ app, page }) => {
    await app.visit('/admin');
    await app.expectPath('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Organizer', { exact: true })).toBeVisible();
    const nav = await app.sidebar();
    await nav.getByRole('link', { name: 'Admin Panel' }).click();
    await app.expectPath('/admin/settings');
  });

  test('every admin tab has its route', async ({ app, page }) => {
    for (const tab of ['waitlist', 'accounts', 'admins', 'activity', 'settings']) {
      await app.visit(`/admin/${tab}`);
      await app.expectPath(`/admin/${tab}`);
      await expect(
        page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: new RegExp(tab, 'i') }),
      ).toHaveAttribute('aria-current', 'page');
    }
  });
});
