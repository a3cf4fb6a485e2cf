/**
 * The join flow (issue 21, with issue 19's invitation mail): the join page says which event it is
 * and who is in it; signed out, the visitor signs up on the page and lands in the event; "View
 * Event" on a pending invitation opens the same preview with Accept / Decline, and after Accept a
 * confirmation and a link into the event; an invitation mail read from the dev mail page lets its
 * address register while the waitlist is on, and lands in the event.
 */
import { BACKEND_URL } from './env.ts';
import { latestMailTo, setSwitches, uniqueEmail } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.afterAll(async () => setSwitches({ waitlist: true }));

test('join by link signed out: the preview, sign up on the page, join, land in the event', async ({
  app,
  page,
  isMobile,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  await setSwitches({ waitlist: false });
  const eva = await newPerson('Eva Planner', 'starter');
  const finn = await newPerson('Finn Camper');
  const eventId = await seedEvent(eva, 'Lake weekend', [finn]);

  await app.visit(`/join?id=${eventId}`);
  const preview = page.getByRole('group', { name: 'Event Lake weekend' });
  await expect(preview).toContainText('Lake weekend');
  await expect(preview).toContainText('Jul 16, 2027 – Jul 18, 2027');
  await expect(preview).toContainText('Lakeside camp');
  await expect(preview).toContainText('Eva and Finn are in');
  await expect(page.getByText(/@/)).toHaveCount(0); // no address anywhere on the page
  await page.screenshot({ path: screenshotPath(`join-preview-signed-out-${isMobile ? 'phone' : 'desktop'}.png`) });

  await page.getByRole('button', { name: 'Create an account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Name').fill('Gina Newcomer');
  await form.getByLabel('Email').fill(uniqueEmail('gina'));
  await form.getByLabel('Password').fill('gina-password-1');
  await form.getByRole('button', { name: 'Create account' }).click();

  // back on the same join, now signed in
  await expect(page).toHaveURL(new RegExp(`/join\\?id=${eventId}$`));
  await page.getByRole('button', { name: 'Join event' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Lake weekend' }).first()).toBeVisible();
});

test('View Event on a pending invitation: the preview, Accept, a confirmation and a link into the event', async ({
  app,
  page,
  isMobile,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  await setSwitches({ waitlist: false });
  const eva = await newPerson('Eva Inviter', 'starter');
  const noa = await newPerson('Noa Invited');
  const eventId = await seedEvent(eva, 'River trip');
  const { data, error } = await eva.client.rpc('invite_user_to_event', {
    p_event_id: eventId,
    p_recipient_email: noa.email,
    p_message: 'Come along!',
  });
  expect(error).toBeNull();
  expect(data).toMatchObject({ success: true });

  await signInAs(app, noa);
  await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  const item = page.getByRole('listitem', { name: 'Invitation to River trip' });
  await item.getByRole('link', { name: 'View Event' }).click();
  await app.expectPath('/join');
  await expect(page.getByRole('group', { name: 'Event River trip' })).toContainText('Eva is in');
  await expect(page.getByText('Eva Inviter invited you to this event.')).toBeVisible();
  await expect(page.getByText('“Come along!”')).toBeVisible();
  await page.getByLabel('Response message (optional)').fill('See you there');
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText("You're in! You have joined River trip.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Accept' })).toBeHidden();
  await page.screenshot({ path: screenshotPath(`join-invitation-accepted-${isMobile ? 'phone' : 'desktop'}.png`) });
  await page.getByRole('link', { name: 'Open event' }).click();
  await app.expectPath(`/events/${eventId}`);
  await expect(page.getByRole('heading', { name: 'River trip' }).first()).toBeVisible();
});

test('an invitation mail from the dev mail page registers its address while the waitlist is on and lands in the event', async ({
  app,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  await setSwitches({ waitlist: true });
  const eva = await newPerson('Eva Host', 'starter');
  const eventId = await seedEvent(eva, 'Gurten weekend');
  const address = uniqueEmail('newcomer');
  const { data } = await eva.client.rpc('invite_user_to_event', {
    p_event_id: eventId,
    p_recipient_email: address,
    p_message: null,
  });
  expect(data).toMatchObject({ success: true });
  await latestMailTo(address, 20_000);

  // The mail as the person at this machine reads it: the dev mail page, its link clicked.
  await page.goto(`${BACKEND_URL}/_dev/mail`);
  const mail = page.getByRole('article').filter({ hasText: address }).first();
  await expect(mail).toContainText('Gurten weekend');
  await mail.getByRole('link', { name: /\/join\?id=/ }).click();
  await app.expectPath('/join');
  await expect(page.getByRole('group', { name: 'Event Gurten weekend' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Create account' });
  await expect(form.getByLabel('Email')).toHaveValue(address);
  await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
  await form.getByLabel('Name').fill('Mila Newcomer');
  await form.getByLabel('Password').fill('mila-password-1');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Gurten weekend' }).first()).toBeVisible({ timeout: 15_000 });

  // A join link alone does not pass the waitlist: signed out, a plain link offers no sign-up.
  const stranger = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/join?id=${eventId}`);
  await expect(strangerPage.getByText(/New accounts come from the waitlist for now/)).toBeVisible({ timeout: 15_000 });
  await expect(strangerPage.getByRole('button', { name: 'Create an account' })).toBeHidden();
  await stranger.close();
});
