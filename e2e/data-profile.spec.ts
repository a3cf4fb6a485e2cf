/** /profile/details: name splitting, the header following at once, avatar checks, the password change. */
import { setSwitches } from './backend.ts';
import { newPerson, profileOf, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { TINY_PNG, waitForOfflineReady } from './offline-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('profile update splits the name; the avatar is checked; the current password is verified', async ({
  app,
  page,
}) => {
  const mia = await newPerson('Mia Profile');
  await signInAs(app, mia);
  await app.visit('/profile/details');
  await page.getByLabel('Full name').fill('Mia Rose van Berg');
  await page.getByLabel('Country').fill('Switzerland');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('link', { name: 'My profile', exact: true })).toContainText('MB');
  await expect
    .poll(() => profileOf(mia), { timeout: 10_000 })
    .toEqual({
      name: 'Mia Rose van Berg',
      first_name: 'Mia',
      last_name: 'Rose van Berg',
    });

  const upload = page.getByLabel('Upload a profile picture');
  await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText('File size must be less than 5MB')).toBeVisible();
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('File must be an image')).toBeVisible();

  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Confirm new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password').fill(mia.password);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
});

test('a new avatar shows at once after the upload, with the service worker in charge', async ({ app, page }) => {
  const leo = await newPerson('Leo Picture');
  await signInAs(app, leo);
  await app.visit('/profile/details');
  await waitForOfflineReady(page);
  const card = page.getByRole('region', { name: 'Profile picture' });
  await expect(card.getByText('LP', { exact: true })).toBeVisible();

  await page.getByLabel('Upload a profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  // The picture itself, loaded, in place of the initials: no reload.
  const picture = card.locator('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(card.getByText('LP', { exact: true })).toBeHidden();
  await expect(page.getByRole('link', { name: 'My profile', exact: true }).locator('img')).toBeVisible();
});
