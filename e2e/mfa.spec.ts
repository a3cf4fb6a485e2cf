/**
 * Two-factor sign-in with an authenticator app, end to end: set up on the profile page (the code
 * computed here from the setup key the page shows, as an app would), a wrong code refused in clear
 * words, sign out, sign in again (the code is asked before the app opens); a site admin without an
 * app is asked by the admin panel to set one up, and once they have one, a password-only session
 * is refused by the database and the panel stays closed until the code is given.
 */
import type { Page, TestInfo } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createAccount, signedInAdmin, serviceClient } from './backend.ts';
import { ANON_KEY, BACKEND_URL } from './env.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';
import { screenshot, signInTo } from './admin-helpers.ts';
import type { App } from './app.ts';

const WRONG_CODE = /That code is not right/;

/** The code an authenticator app shows now for the secret (`periodsAway` to make a wrong one). */
function codeFor(secret: string, periodsAway = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + periodsAway * 30_000 });
}

/** Phones first: the phone project runs at 360 px wide. */
async function phoneWidth(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 780 });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Sets up an authenticator app on /profile/details; answers its secret, read from the page. */
async function enrolOnProfile(page: Page, testInfo: TestInfo, shot: string): Promise<string> {
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const qr = section.getByRole('img', { name: 'QR code to add CrewCamp to your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = (await section.getByLabel('Setup key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSidewaysScroll(page);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, `${shot}-enrol`);

  const form = section.getByRole('form', { name: 'Confirm your authenticator app' });
  await form.getByLabel('6-digit code').fill(codeFor(secret, 10));
  await form.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(form.getByRole('alert')).toContainText(WRONG_CODE);
  await form.getByLabel('6-digit code').fill(codeFor(secret));
  await form.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByText('Two-factor sign-in is on. Each sign-in now asks for a code.')).toBeVisible();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  return secret;
}

/** Signs in with the password; the code page must come before the app. */
async function signInWithCode(app: App, credentials: { email: string; password: string }, secret: string) {
  const { page } = app;
  await app.visit('/login');
  await app.submitSignIn(credentials);
  const codeForm = page.getByRole('form', { name: 'Sign-in code' });
  await expect(codeForm).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toHaveCount(0);
  return {
    codeForm,
    async finish() {
      await codeForm.getByLabel('6-digit code').fill(codeFor(secret));
      await codeForm.getByRole('button', { name: 'Verify' }).click();
      await expect(codeForm).toHaveCount(0);
    },
  };
}

/** The access token of the app's stored session (what its requests carry; src/lib/auth-storage.ts). */
async function storedToken(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('crewcamp-auth');
        open.onerror = () => reject(new Error('no auth database'));
        open.onsuccess = () => {
          const request = open.result.transaction('session').objectStore('session').openCursor();
          request.onsuccess = () => {
            const cursor = request.result;
            if (!cursor) return resolve('');
            if (String(cursor.key).includes('-auth-token')) {
              const value: unknown = cursor.value;
              const session = (typeof value === 'string' ? JSON.parse(value) : value) as { access_token?: string };
              return resolve(session.access_token ?? '');
            }
            cursor.continue();
          };
        };
      }),
  );
}

test.describe('two-factor sign-in', () => {
  // Each journey signs in twice, sets up an app and runs axe: on a busy 2-core machine that takes
  // longer than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test('set up on the profile page, then every sign-in asks for the code', async ({ app, page }, testInfo) => {
    await phoneWidth(page, testInfo);
    const person = await createAccount('Tara Twofactor');
    await signInTo(app, person);
    await app.go('/profile/details');
    const secret = await enrolOnProfile(page, testInfo, 'mfa-profile');
    await screenshot(page, testInfo, 'mfa-profile-on');
    await expectAccessible(page, '/profile/details with two-factor on');

    await app.signOut();
    const signIn = await signInWithCode(app, person, secret);
    await signIn.codeForm.getByLabel('6-digit code').fill('12345');
    await signIn.codeForm.getByRole('button', { name: 'Verify' }).click();
    await expect(signIn.codeForm.getByRole('alert')).toContainText(
      'Enter the 6-digit code from your authenticator app',
    );
    await signIn.codeForm.getByLabel('6-digit code').fill(codeFor(secret, 10));
    await signIn.codeForm.getByRole('button', { name: 'Verify' }).click();
    await expect(signIn.codeForm.getByRole('alert')).toContainText(WRONG_CODE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, 'mfa-sign-in-code');
    await expectAccessible(page, 'the sign-in code page');
    await signIn.finish();
    await app.expectPath('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

    // The password changes on the two-factor session, which stays open (no code asked again).
    await page.goto('/profile/details');
    await page.getByLabel('Current password').fill(person.password);
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByLabel('Confirm new password').fill('second-password-2');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    await expect(page.getByText('Enter your sign-in code')).toHaveCount(0);
    person.password = 'second-password-2';

    // Turned off again: the next sign-in asks only for the password.
    await page.goto('/profile/details');
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
    await expect(section.getByText('Off', { exact: true })).toBeVisible();
    await app.signOut();
    await signInTo(app, person);
  });

  test('a site admin sets it up from the panel, and the panel stays shut until the code', async ({
    app,
    page,
  }, testInfo) => {
    await phoneWidth(page, testInfo);
    const person = await createAccount('Abe Admin');
    const { data: listed } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
    const userId = listed.users.find((user) => user.email === person.email)!.id;
    const { error } = await (await signedInAdmin()).rpc('add_admin_user', { p_user_id: userId, p_email: null });
    expect(error).toBeNull();

    // No app yet: the panel works and asks for one.
    await signInTo(app, person);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Site settings' })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'Set up two-factor sign-in' });
    await expect(notice).toBeVisible();
    await expectNoSidewaysScroll(page);
    await screenshot(page, testInfo, 'mfa-admin-enrol-notice');
    await notice.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    await app.expectPath('/profile/details');
    const secret = await enrolOnProfile(page, testInfo, 'mfa-admin');
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Site settings' })).toBeVisible();
    await expect(page.getByText('Your account has admin rights but no authenticator app.')).toHaveCount(0);

    // A password-only session: the database refuses its admin calls, the panel asks for the code.
    await app.signOut();
    const signIn = await signInWithCode(app, person, secret);
    const token = await storedToken(page);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())).toMatchObject({ aal: 'aal1' });
    const refused = await fetch(`${BACKEND_URL}/rest/v1/rpc/toggle_feature`, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_key: 'registration_enabled', p_enabled: true }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: '42501', message: 'Two-factor verification required' });
    await page.goto('/admin/settings');
    await expect(signIn.codeForm).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Site settings' })).toHaveCount(0);
    await signIn.finish();
    await expect(page.getByRole('heading', { level: 2, name: 'Site settings' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Waitlist' })).toBeVisible();
    await screenshot(page, testInfo, 'mfa-admin-panel-after-code');
  });
});
