/** Friends: a request sent, accepted and the friend removed; joining by invite link. */
import { createAccount, setSwitches } from './backend.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible, newVisitor, screenshot, signInTo } from './admin-helpers.ts';

test.describe('friends', () => {
  test.beforeEach(async () => setSwitches({ waitlist: false }));

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
    await expect(request).toContainText('Festival crew 2026?');
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
});
