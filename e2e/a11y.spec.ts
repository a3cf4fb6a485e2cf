/** axe-core on every page of this part, in the light and the dark theme: no serious or critical violation. */
import { expectAccessible } from './accessibility.ts';
import { ADMIN, setSwitches } from './backend.ts';
import { expect, test } from './fixtures.ts';

const EVENT_ID = 'e0000000-0000-4000-8000-000000000001';
/** The seed's event that the site admin created ('Open Air Kino'). */
const ADMIN_EVENT_ID = 'e0000000-0000-4000-8000-000000000006';

for (const theme of ['light', 'dark'] as const) {
  // Contrast is what the theme changes, layout what the size changes: the dark theme is checked at
  // the phone size only, the light one at both.
  test.describe(`${theme} theme${theme === 'light' ? ' @desktop' : ''}`, () => {
    test.use({ theme });
    // axe walks every node of every page: this takes a while on a small machine.
    test.setTimeout(120_000);

    test('signed-out pages', async ({ app, page }) => {
      await setSwitches({ waitlist: true });
      await app.visit('/waitlist');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByRole('form', { name: 'Join the waitlist' })).toBeVisible();
      await expectAccessible(page, '/waitlist');

      await setSwitches({ waitlist: false });
      for (const [path, ready] of [
        ['/landing', 'Your event crew, connected.'],
        ['/login', 'Sign in to your crew'],
        ['/register', 'Create your account'],
        ['/forgot-password', 'Reset your password'],
        ['/reset-password', 'This password reset link is not valid or has expired.'],
        [`/join?id=${EVENT_ID}`, 'Join an event'],
      ] as const) {
        await app.visit(path);
        await expect(page.getByText(ready).first()).toBeVisible();
        await expectAccessible(page, path);
      }
      await app.visit('/login');
      await app.submitSignIn({ email: 'noah@crewcamp.local', password: 'wrong-password' });
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page, '/login with an error');
    });

    test('signed-in pages', async ({ app, page }) => {
      await setSwitches({ waitlist: false });
      await app.signIn(ADMIN);
      for (const [path, heading] of [
        ['/dashboard', /^Welcome( back| to CrewCamp)?, Sofia$/],
        ['/admin/settings', 'Admin Panel'],
        ['/profile/details', 'My Profile'],
        ['/subscription', 'Subscription'],
        [`/events/${ADMIN_EVENT_ID}`, 'Open Air Kino'],
        [`/events/${ADMIN_EVENT_ID}/chat`, 'Group Chat'],
      ] as const) {
        // Signed in, the pages are reached inside the app, as a member moves between them.
        await app.go(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectAccessible(page, path);
      }
      const nav = await app.sidebar();
      await nav.getByRole('button', { name: 'Members' }).click();
      await expect(page.getByRole('dialog', { name: 'Event Members' })).toBeVisible();
      await expectAccessible(page, 'Event Members dialog');
    });
  });
}
