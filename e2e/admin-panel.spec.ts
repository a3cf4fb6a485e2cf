/** The admin panel: switches, waitlist approvals, accounts, admins, activity; non-admins are sent away. */
import { ADMIN, createAccount, latestMailTo, NOAH, setSwitches, uniqueEmail } from './backend.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './accessibility.ts';
import { newVisitor, openAdminTab, screenshot, signInTo, toggleSwitch } from './admin-helpers.ts';

test.describe('the admin panel', () => {
  test.afterAll(async () => setSwitches({ waitlist: true }));

  test('switching the waitlist off and on: /login and /register follow', async ({ app, page, browser }, testInfo) => {
    await setSwitches({ waitlist: true });
    await signInTo(app, ADMIN);
    await openAdminTab(page, 'settings', 'Site settings');
    const waitlist = page.getByRole('checkbox', { name: 'Waitlist' });
    const shop = page.getByRole('checkbox', { name: 'Shop' });
    await expect(waitlist).toBeChecked();
    await expect(shop).toBeDisabled();
    await expectAccessible(page, '/admin/settings');
    await screenshot(page, testInfo, 'admin-settings');

    const visitor = await newVisitor(browser, testInfo);
    await toggleSwitch(page, 'Waitlist');
    await expect(waitlist).not.toBeChecked();
    await visitor.app.visit('/login');
    await expect(visitor.app.page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await visitor.app.expectPath('/login');
    await visitor.app.visit('/register');
    await visitor.app.expectPath('/register');
    await expect(visitor.app.page.getByRole('form', { name: 'Create account' })).toBeVisible();

    await toggleSwitch(page, 'Waitlist');
    await expect(waitlist).toBeChecked();
    await visitor.app.visit('/login');
    await visitor.app.expectPath('/waitlist');
    await visitor.app.visit('/register');
    await visitor.app.expectPath('/waitlist');
    await visitor.close();

    await openAdminTab(page, 'activity', 'Activity');
    await page.getByLabel('Action').selectOption('toggle_feature');
    const rows = page.getByRole('table', { name: 'Admin activity' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('waitlist_enabled turned on');
    await expect(rows.nth(2)).toContainText('waitlist_enabled turned off');
    await expectAccessible(page, '/admin/activity');
    await screenshot(page, testInfo, 'admin-activity');
  });

  test('approving a waitlist entry mails the link; the person registers through the mailed link', async ({
    app,
    page,
    browser,
  }, testInfo) => {
    await setSwitches({ waitlist: true });
    const email = uniqueEmail('wendy');
    const visitor = await newVisitor(browser, testInfo);
    await visitor.app.visit('/waitlist');
    const join = visitor.app.page.getByRole('form', { name: 'Join the waitlist' });
    await join.getByLabel('Name').fill('Wendy Waiting');
    await join.getByLabel('Email').fill(email);
    await join.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(visitor.app.page.getByRole('status').filter({ hasText: "You're on the list!" })).toBeVisible();

    await signInTo(app, ADMIN);
    await openAdminTab(page, 'waitlist', 'Waitlist');
    const entries = page.getByRole('list', { name: 'Waitlist entries' }).getByRole('listitem');
    const entry = entries.first();
    await expect(entry).toHaveAccessibleName(`Wendy Waiting (${email})`);
    await entry.getByLabel(`Notes for ${email}`).fill('Friend of the crew');
    await entry.getByRole('button', { name: 'Approve' }).click();
    await expect(entry.getByText('approved', { exact: true })).toBeVisible();
    const linkField = entry.getByLabel(`Approval link for ${email}`);
    await expect(linkField).toHaveValue(/\/register\?token=/);
    await expect(entry.getByRole('status').filter({ hasText: 'Approval link sent to' })).toHaveText(
      `Approval link sent to ${email}`,
    );
    await expectAccessible(page, '/admin/waitlist');
    await screenshot(page, testInfo, 'admin-waitlist', false);
    const shown = new URL(await linkField.inputValue());

    // The mail on the local backend's dev mail page carries the same link, on the site's address.
    const mail = await latestMailTo(email);
    expect(mail.subject).toBe('Your CrewCamp spot is ready');
    const link = new URL(mail.link);
    expect(`${link.origin}${link.pathname}${link.search}`).toBe(
      `${testInfo.project.use.baseURL}/register${shown.search}`,
    );
    await visitor.app.page.goto(mail.link);
    const register = visitor.app.page.getByRole('form', { name: 'Create account' });
    await expect(register.getByLabel('Email')).toHaveValue(email);
    await register.getByLabel('Password').fill('wendy-pass-1');
    await register.getByRole('button', { name: 'Create account' }).click();
    await visitor.app.expectPath('/dashboard');
    await visitor.close();
  });

  test('suspending a user who then cannot sign in, reactivating them, changing their tier', async ({
    app,
    page,
    browser,
  }, testInfo) => {
    // Three sign-ins, four confirmations and an axe run: over 30 s on a busy 2-core runner.
    test.setTimeout(Math.max(test.info().timeout, 60_000));
    await setSwitches({ waitlist: false });
    const person = await createAccount('Sam Suspended', 'sam-pass-1');
    await signInTo(app, ADMIN);
    await openAdminTab(page, 'accounts', 'Accounts');
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(person.email);
    const card = page.getByRole('listitem', { name: 'Sam Suspended' });
    await expect(page.getByText('1 account', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Show statistics' }).click();
    await expect(card.getByRole('definition').first()).toHaveText('CHF 0.00');

    await card.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Suspend account' });
    await expectAccessible(page, 'suspend dialog');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Suspended', { exact: true })).toBeVisible();

    const visitor = await newVisitor(browser, testInfo);
    await visitor.app.visit('/login');
    await visitor.app.submitSignIn(person);
    await expect(visitor.app.page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toBeVisible();
    await visitor.app.expectPath('/login');

    await card.getByRole('button', { name: 'Reactivate' }).click();
    await page
      .getByRole('alertdialog', { name: 'Reactivate account' })
      .getByRole('button', { name: 'Reactivate' })
      .click();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await signInTo(visitor.app, person);
    await visitor.close();

    await card.getByLabel('Tier of Sam Suspended').selectOption('organizer');
    await page
      .getByRole('alertdialog', { name: 'Change tier' })
      .getByRole('button', { name: 'Change to Organizer' })
      .click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill(person.email);
    await expect(card.getByLabel('Tier of Sam Suspended')).toHaveValue('organizer');
    await page.getByRole('searchbox', { name: 'Search accounts' }).fill('');
    await expectAccessible(page, '/admin/accounts');
    await screenshot(page, testInfo, 'admin-accounts', false);

    // The activity log names the person, never their user id.
    await openAdminTab(page, 'activity', 'Activity');
    await page.getByLabel('Action').selectOption('update_user_tier');
    const latest = page.getByRole('table', { name: 'Admin activity' }).getByRole('row').nth(1);
    await expect(latest).toContainText('Changed a tier');
    await expect(latest).toContainText('Sam Suspended: free → organizer');
  });

  test('adding and removing an admin; the last one stays', async ({ app, page }, testInfo) => {
    await setSwitches({ waitlist: false });
    const person = await createAccount('Ada Admin');
    await signInTo(app, ADMIN);
    await openAdminTab(page, 'admins', 'Admins');
    const form = page.getByRole('form', { name: 'Add an admin' });
    await form.getByLabel('Email of the new admin').fill('nobody@crewcamp.local');
    await form.getByRole('button', { name: 'Add admin' }).click();
    await expect(form.getByRole('alert')).toContainText('Failed to add admin');
    await expect(form.getByRole('alert')).toContainText('User not found');

    await form.getByLabel('Email of the new admin').fill(person.email);
    await form.getByRole('button', { name: 'Add admin' }).click();
    await expect(form.getByRole('status')).toHaveText('Admin added');
    const admins = page.getByRole('list', { name: 'Admins' }).getByRole('listitem');
    await expect(admins).toHaveCount(2);
    const emails = await admins.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
    expect(emails).toEqual([...emails].sort());
    await expectAccessible(page, '/admin/admins');
    await screenshot(page, testInfo, 'admin-admins', false);

    await page.getByRole('listitem', { name: person.email }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog', { name: 'Remove admin' }).getByRole('button', { name: 'Remove admin' }).click();
    await expect(admins).toHaveCount(1);
    await expect(
      page.getByRole('listitem', { name: ADMIN.email }).getByRole('button', { name: 'Remove' }),
    ).toBeDisabled();
  });

  test('a non-admin is sent away from /admin', async ({ app, page }) => {
    await setSwitches({ waitlist: false });
    await signInTo(app, NOAH);
    await app.visit('/admin/accounts');
    await app.expectPath('/dashboard');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toHaveCount(0);
  });
});
