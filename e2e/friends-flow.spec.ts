/** Friends: a request sent, accepted and the friend removed; joining by invite link, as a member or a newcomer. */
import { createAccount, setSwitches, uniqueEmail } from './backend.ts';
import { expect, test } from './fixtures.ts';
import type { App } from './app.ts';
import { expectAccessible } from './accessibility.ts';
import { newVisitor, screenshot, signInTo } from './admin-helpers.ts';

/** Signs in as the host and makes their invite link; answers its path. */
async function inviteLinkOf(app: App, host: { email: string; password: string }): Promise<string> {
  await signInTo(app, host);
  await app.visit('/profile/friends');
  await app.page.getByRole('button', { name: 'Create invite link' }).click();
  const linkField = app.page.getByRole('textbox', { name: 'Your invite link' });
  await expect(linkField).toHaveValue(/\/friends\/invite\//);
  return new URL(await linkField.inputValue()).pathname;
}

test.describe('friends', () => {
  test.beforeEach(async () => setSwitches({ waitlist: false }));
  // The last test turns the switches around: leave them as every test here starts.
  test.afterEach(async () => setSwitches({ waitlist: false }));

  test('sending, accepting and removing a friend', async ({ app, page, browser }, testInfo) => {
    const anna = await createAccount('Anna Sender');
    const ben = await createAccount('Ben Receiver');
    await signInTo(app, anna);
    await app.visit('/profile/friends');
    const form = page.getByRole('form', { name: 'Send a friend request' });
    await form.getByLabel('Email').fill('nobody.here@crewcamp.local');
    await form.getByRole('button', { name: 'Send friend request' }).click();
    await expect(form.getByRole('alert')).toHaveText('No account found with that email address');

    await form.getByLabel('Email').fill(ben.email);
    await form.getByLabel('Message (optional)').fill('Festival crew 2026?');
    await form.getByRole('button', { name: 'Send friend request' }).click();
    await expect(form.getByRole('status')).toHaveText('Friend request sent');
    const sent = page.getByRole('list', { name: 'Sent friend requests' });
    await expect(sent.getByRole('listitem').first()).toContainText('Festival crew 2026?');

    const other = await newVisitor(browser, testInfo);
    await signInTo(other.app, ben);
    await other.app.visit('/profile/friends');
    const request = other.app.page.getByRole('listitem', { name: 'Request from Anna Sender' });
    // Ben's device has just been signed in: the request comes with his first pull, which starts
    // after the first screen and took over 7.5 s on a busy 2-core runner (a CI run at stop 34).
    await expect(request).toContainText('Festival crew 2026?', { timeout: 20_000 });
    await expectAccessible(other.app.page, '/profile/friends with a request');
    await screenshot(other.app.page, testInfo, 'friends-request');
    await request.getByLabel('Response to Anna Sender (optional)').fill('Count me in!');
    await request.getByRole('button', { name: 'Accept' }).click();
    const friends = other.app.page.getByRole('list', { name: 'Friends' });
    await expect(friends.getByRole('listitem', { name: 'Anna Sender' })).toBeVisible();
    await other.close();

    await page.reload();
    const annasFriends = page.getByRole('list', { name: 'Friends' });
    await expect(annasFriends.getByRole('listitem', { name: 'Ben Receiver' })).toBeVisible();
    await expect(sent.getByRole('listitem').first()).toContainText('Accepted');
    await expect(sent.getByRole('listitem').first()).toContainText('Count me in!');

    await annasFriends.getByRole('listitem', { name: 'Ben Receiver' }).getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove friend' })
      .getByRole('button', { name: 'Remove friend' })
      .click();
    await expect(page.getByText('No friends yet: send a request or share your invite link.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No friends yet: send a request or share your invite link.')).toBeVisible();
  });

  test('joining by invite link after signing in', async ({ app, page, browser }, testInfo) => {
    const host = await createAccount('Hana Host');
    const guest = await createAccount('Gus Guest');
    await signInTo(app, host);
    await app.visit('/profile/friends');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const linkField = page.getByRole('textbox', { name: 'Your invite link' });
    await expect(linkField).toHaveValue(/\/friends\/invite\//);
    await expect(page.getByRole('img', { name: 'QR code of your invite link' })).toBeVisible();
    await expectAccessible(page, '/profile/friends with an invite link');
    await screenshot(page, testInfo, 'friends');
    const link = new URL(await linkField.inputValue());

    const visitor = await newVisitor(browser, testInfo);
    await visitor.app.visit(link.pathname);
    await expect(visitor.app.page.getByRole('heading', { name: 'You have a friend invite' })).toBeVisible();
    await expectAccessible(visitor.app.page, '/friends/invite/{code}');
    await visitor.app.submitSignIn(guest);
    await expect(visitor.app.page.getByRole('status')).toHaveText('You are now friends: Hana Host');
    await visitor.app.page.getByRole('link', { name: 'See your friends' }).click();
    await expect(
      visitor.app.page.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Hana Host' }),
    ).toBeVisible();
    await visitor.close();

    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Gus Guest' }),
    ).toBeVisible();
  });

  test("a newcomer registers from an invite link and is the host's friend", async ({
    app,
    page,
    browser,
  }, testInfo) => {
    const host = await createAccount('Rosa Host');
    const invite = await inviteLinkOf(app, host);

    const visitor = await newVisitor(browser, testInfo);
    const guest = visitor.app.page;
    await visitor.app.visit(invite);
    await expect(guest.getByRole('heading', { name: 'You have a friend invite' })).toBeVisible();
    await guest.getByRole('button', { name: 'Create an account' }).click();
    const register = guest.getByRole('form', { name: 'Create account' });
    await register.getByLabel('Name').fill('Nina Newcomer');
    await register.getByLabel('Email').fill(uniqueEmail('nina'));
    await register.getByLabel('Password').fill('short');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(register.getByRole('alert')).toHaveText('The password must be at least 6 characters.');
    await expectAccessible(guest, '/friends/invite/{code} registering');
    await screenshot(guest, testInfo, 'friend-invite-register');
    await register.getByLabel('Password').fill('nina-pass-1');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(guest.getByRole('status')).toHaveText('You are now friends: Rosa Host');
    await visitor.app.expectPath(invite);
    await guest.getByRole('link', { name: 'See your friends' }).click();
    await expect(
      guest.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Rosa Host' }),
    ).toBeVisible();
    await visitor.close();

    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Friends' }).getByRole('listitem', { name: 'Nina Newcomer' }),
    ).toBeVisible();
  });

  test('while the waitlist is on, an invite link sends newcomers to the waitlist', async ({
    app,
    browser,
  }, testInfo) => {
    const host = await createAccount('Walt Host');
    const invite = await inviteLinkOf(app, host);
    await setSwitches({ waitlist: true });

    const visitor = await newVisitor(browser, testInfo);
    const guest = visitor.app.page;
    await visitor.app.visit(invite);
    await expect(guest.getByText('New accounts come from the waitlist for now.')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Create an account' })).toHaveCount(0);
    await expect(guest.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await screenshot(guest, testInfo, 'friend-invite-waitlist');
    await guest.getByRole('link', { name: 'Join the waitlist' }).click();
    await visitor.app.expectPath('/waitlist');

    await setSwitches({ waitlist: false, registration: false });
    await visitor.app.visit(invite);
    await expect(guest.getByText('Registration is closed for now')).toBeVisible();
    await expect(guest.getByRole('button', { name: 'Create an account' })).toHaveCount(0);
    await visitor.close();
  });
});
