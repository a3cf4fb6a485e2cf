/** axe-core on the data screens (dashboard, create dialog, event overview, members dialog, bell, profile) in light and dark. */
import { setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, openMembersDialog, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

for (const theme of ['light', 'dark'] as const) {
  // Contrast is what the theme changes, layout what the size changes: the dark theme is checked at
  // the phone size only, the light one at both.
  test.describe(`${theme} theme${theme === 'light' ? ' @desktop' : ''}`, () => {
    test.use({ theme });
    test.setTimeout(120_000);

    test('data screens', async ({ app, page }) => {
      await setSwitches({ waitlist: false });
      const nia = await newPerson('Nia Access', 'starter');
      const otto = await newPerson('Otto Guest');
      const eventId = await seedEvent(nia, 'Harbour festival', [otto]);
      const other = await newPerson('Pia Sender');
      const otherEvent = await seedEvent(other, 'Mountain hut');
      await other.client
        .from('event_invitations')
        .insert({ event_id: otherEvent, recipient_email: nia.email, message: 'Join us!' });

      await signInAs(app, nia);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      // The seeded event comes with the first pull after the sign-in: over 7.5 s on a busy runner.
      await expect(page.getByRole('article', { name: 'Harbour festival' })).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, '/dashboard');
      await page.getByRole('button', { name: /^Create (event|your first event)$/ }).click();
      await expectAccessible(page, 'create event dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /Notifications, 1 unread/ }).click({ timeout: 15_000 });
      // The popover is a dialog named by its title.
      const popover = page.getByRole('dialog', { name: 'Notifications' });
      await expect(popover.getByRole('listitem', { name: 'Invitation to Mountain hut' })).toBeVisible();
      await expectAccessible(page, 'notifications');
      await page.keyboard.press('Escape');

      const dialog = await openMembersDialog(page, eventId);
      await expect(dialog.getByRole('listitem', { name: 'Otto Guest' })).toBeVisible();
      await expectAccessible(page, 'members dialog');
      await dialog.getByRole('tab', { name: 'Invitations' }).click();
      await expectAccessible(page, 'members dialog, invitations');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('heading', { level: 1, name: 'Harbour festival' })).toBeVisible();
      await expectAccessible(page, '/events/{id}');

      await app.go('/profile/details');
      await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();
      await expectAccessible(page, '/profile/details');
    });
  });
}
