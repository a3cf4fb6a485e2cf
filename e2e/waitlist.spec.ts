/** Joining the waitlist, its messages, and an admin's approval leading to an account. */
import { approveWaitlistEntry, setSwitches, uniqueEmail } from './backend.ts';
import { expect, test } from './fixtures.ts';

test.describe('the waitlist', () => {
  test.beforeEach(async () => setSwitches({ waitlist: true }));

  test('join, then the same email again (in other letters) is refused', async ({ app, page }) => {
    const email = uniqueEmail('waiting');
    await app.visit('/waitlist');
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');

    await form.getByLabel('Name').fill('Wanda Waiting');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('status').filter({ hasText: "You're on the list!" })).toBeVisible();

    await page.reload();
    const again = page.getByRole('form', { name: 'Join the waitlist' });
    await again.getByLabel('Email').fill(email.toUpperCase());
    await again.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(again.getByRole('alert')).toHaveText('This email is already on the waitlist.');
  });

  test('a failing server gives the retry message', async ({ app, page, context }) => {
    await context.route('**/rest/v1/rpc/add_to_waitlist', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await app.visit('/waitlist');
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByLabel('Email').fill(uniqueEmail('unlucky'));
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to add to waitlist. Please try again.');
  });

  test('an approved entry registers through the approval link, its email locked', async ({ app, page }) => {
    const email = uniqueEmail('approved');
    await app.visit('/waitlist');
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByLabel('Name').fill('Ada Approved');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page.getByRole('status').filter({ hasText: "You're on the list!" })).toBeVisible();

    const link = await approveWaitlistEntry(email);
    expect(link).toMatch(/^\/register\?token=/);
    await app.visit(link);
    await app.expectPath('/register');
    const register = page.getByRole('form', { name: 'Create account' });
    await expect(register.getByLabel('Email')).toHaveValue(email);
    await expect(register.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(register.getByLabel('Name')).toHaveValue('Ada Approved');
    await register.getByLabel('Password').fill('approved-pass-1');
    await register.getByRole('button', { name: 'Create account' }).click();
    await app.expectPath('/dashboard');
    await expect(page.getByRole('heading', { name: /^Welcome( back| to CrewCamp)?, Ada$/ })).toBeVisible();
  });

  test('a made-up approval link is refused', async ({ app, page }) => {
    const forged = `${Buffer.from('someone@example.com').toString('base64url')}.not-a-signature`;
    await app.visit(`/register?token=${forged}`);
    await expect(page.getByText('This approval link is not valid or has expired.')).toBeVisible();
  });
});
