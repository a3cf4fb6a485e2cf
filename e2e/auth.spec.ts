/** Sign-in, sign-up, sign-out and password recovery through the real auth service. */
import { createAccount, latestMailTo, NOAH, setSwitches, uniqueEmail } from './backend.ts';
import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** The keys of the stored auth sessions (IndexedDB `crewcamp-auth`, store `session`). */
function storedSessionKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('crewcamp-auth');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('session')) return resolve([]);
          const request = db.transaction('session').objectStore('session').getAllKeys();
          request.onsuccess = () => resolve(request.result.map(String));
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

test.describe('sign in and out', () => {
  test.beforeEach(async () => setSwitches({ waitlist: false }));

  test('a wrong password is refused, the right one opens the dashboard', async ({ app, page }) => {
    await app.visit('/login');
    await app.submitSignIn({ email: NOAH.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await app.expectPath('/login');
    await app.submitSignIn(NOAH);
    await app.expectPath('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome( back| to CrewCamp)?, Noah$/ })).toBeVisible();
  });

  test('an address without @ is refused before sending', async ({ app, page }) => {
    await app.visit('/login');
    await app.submitSignIn({ email: 'noah', password: 'whatever' });
    await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  });

  test('signing in from the waitlist page', async ({ app, page }) => {
    await setSwitches({ waitlist: true });
    await app.visit('/login');
    await app.expectPath('/waitlist');
    await app.submitSignIn(NOAH);
    await app.expectPath('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome( back| to CrewCamp)?, Noah$/ })).toBeVisible();
  });

  test('sign-out clears the session and lands on /login', async ({ app, page }) => {
    await app.signIn(NOAH);
    await app.signOut();
    await app.expectPath('/login');
    // The session lives in IndexedDB (crewcamp-auth), where the service worker can read it too.
    await expect.poll(() => storedSessionKeys(page)).toEqual([]);
    await app.visit('/dashboard');
    await app.expectPath('/login');
  });

  test('sign-out while the auth service cannot be reached still signs out', async ({ app, page, context }) => {
    await app.signIn(NOAH);
    await context.route('**/auth/v1/logout**', (route) => route.abort('connectionfailed'));
    await app.signOut();
    await app.expectPath('/login');
    await context.unroute('**/auth/v1/logout**');
    await app.visit('/dashboard');
    await app.expectPath('/login');
    expect(await page.evaluate(() => localStorage.getItem('crewcamp-profile'))).toBeNull();
  });
});

test.describe('open registration', () => {
  test.beforeEach(async () => setSwitches({ waitlist: false }));

  test('says the password rule before sending and creates the account', async ({ app, page }) => {
    const email = uniqueEmail('open-signup');
    await app.visit('/register');
    await expect(page.getByText('Use at least 6 characters.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Name').fill('Mia Open');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('12345');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password must be at least 6 characters.');
    await form.getByLabel('Password').fill('campfire-123');
    await form.getByRole('button', { name: 'Create account' }).click();
    await app.expectPath('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome( back| to CrewCamp)?, Mia$/ })).toBeVisible();
  });

  test('the auth server refuses a sign-up once the waitlist is on, and the form says why', async ({ app, page }) => {
    const email = uniqueEmail('late-signup');
    await app.visit('/register');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Name').fill('Lena Late');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('campfire-123');
    // The admin turns the waitlist on while the page is open: the page still offers sign-up,
    // the auth server's sign-up gate refuses it.
    await setSwitches({ waitlist: true });
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'New accounts need an approved waitlist request while the waitlist is on. Join the waitlist and we will email you a link when your spot is ready.',
    );
    await app.expectPath('/register');
    await page.screenshot({ path: `test-results/register-refused-by-sign-up-gate-${test.info().project.name}.png` });
  });
});

test.describe('password recovery', () => {
  test.beforeEach(async () => setSwitches({ waitlist: false }));

  test('Forgot password? mails a link that sets a new password', async ({ app, page }) => {
    const account = await createAccount('Rita Recover');
    await app.visit('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await app.expectPath('/forgot-password');
    // The URL changes before the lazy page replaces the sign-in form (which has an Email field too).
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: account.email })).toBeVisible();

    const mail = await latestMailTo(account.email);
    expect(mail.subject).toBe('Reset Your Password');
    await page.goto(mail.link);
    await app.expectPath('/reset-password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password-2');
    await page.getByLabel('Repeat the new password').fill('second-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await app.expectPath('/dashboard');

    await app.signOut();
    await app.submitSignIn({ email: account.email, password: account.password });
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await app.submitSignIn({ email: account.email, password: 'second-password-2' });
    await app.expectPath('/dashboard');
  });

  test('a used or broken link says so', async ({ app, page }) => {
    await app.visit('/reset-password');
    await expect(page.getByText('This password reset link is not valid or has expired.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});
