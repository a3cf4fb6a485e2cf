/** The signed-in shell: header, sidebar and its event section, theme, drawer, offline banner. */
import { MARCO, setSwitches } from './backend.ts';
import { expect, test } from './fixtures.ts';

const EVENT_ID = 'e0000000-0000-4000-8000-000000000001';

test.beforeEach(async ({ app }) => {
  await setSwitches({ waitlist: false });
  await app.signIn(MARCO);
});

test('the header: logo to the dashboard, tier badge, bell, avatar to the profile @desktop', async ({ app, page }) => {
  const header = page.getByRole('banner');
  await expect(header.getByText('Organizer', { exact: true })).toBeVisible();
  await expect(header.getByText('Admin', { exact: true })).toHaveCount(0);
  await header.getByRole('link', { name: 'My profile' }).click();
  await app.expectPath('/profile/details');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('marco@crewcamp.local');
  await header.getByRole('link', { name: 'CrewCamp dashboard' }).click();
  await app.expectPath('/dashboard');
  await header.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('link', { name: 'Manage notification settings' }).click();
  await app.expectPath('/profile/notifications');
});

test('the theme choice is stored and survives a reload @desktop', async ({ page }) => {
  const html = page.locator('html');
  await page.getByRole('button', { name: 'Theme: System' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('crewcamp-theme'))).toBe('dark');
  await page.getByRole('button', { name: 'Theme: Dark' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('an event path shows the event section; Members shares the join link @desktop', async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.visit(`/events/${EVENT_ID}`);
  const nav = await app.sidebar();
  for (const name of ['Overview', 'Group Chat', 'Checklists', 'Expenses', 'Schedule', 'Transport', 'Site Planner']) {
    await expect(nav.getByRole('link', { name })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Checklists' }).click();
  await app.expectPath(`/events/${EVENT_ID}/checklists`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();

  const nav2 = await app.sidebar();
  await nav2.getByRole('button', { name: 'Members' }).click();
  const dialog = page.getByRole('dialog', { name: 'Event Members' });
  await expect(dialog.getByText('Share this link with others to invite them to this event')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Invite link' })).toHaveValue(new RegExp(`/join\\?id=${EVENT_ID}$`));
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/join\\?id=${EVENT_ID}$`));
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4000 });
});

test('the offline banner follows the connection @desktop', async ({ page, context }) => {
  const banner = page.getByText("You're offline. Some features may be limited.");
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

test('the phone drawer closes on navigation', async ({ app, page }) => {
  const nav = await app.sidebar();
  await nav.getByRole('link', { name: 'My Profile' }).click();
  await app.expectPath('/profile/details');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const again = await app.sidebar();
  await again.getByRole('link', { name: 'Dashboard' }).click();
  await app.expectPath('/dashboard');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
