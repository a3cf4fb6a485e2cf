/**
 * The Event Members dialog and the notifications bell: invite by email, the invitation in the
 * other user's bell in real time (two browser contexts), accept with a message, then promote,
 * demote and remove with the creator rules; and the join link.
 */
import { App } from './app.ts';
import { setSwitches } from './backend.ts';
import { newPerson, openMembersDialog, seedEvent, signInAs } from './data-helpers.ts';
import { serverInvitations } from './offline-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('invite by email, accept from the bell in real time, then promote, demote and remove', async ({
  app,
  page,
  browser,
  isMobile,
}) => {
  // Two browser contexts through a whole membership: 60 s was too short with two browser workers
  // on a 2-core runner (the first test of a worker, 72 s).
  test.setTimeout(90_000);
  const eva = await newPerson('Eva Organizer', 'starter');
  const finn = await newPerson('Finn Guest');
  const eventId = await seedEvent(eva, 'Alpine camp');

  // Finn waits in his own browser context with the app open.
  const finnContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
  });
  const finnPage = await finnContext.newPage();
  const finnApp = new App(finnPage, isMobile);
  await signInAs(finnApp, finn);
  await expect(finnPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await signInAs(app, eva);
  const dialog = await openMembersDialog(page, eventId);
  await expect(dialog.getByText('1 member', { exact: true })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Invitations' }).click();
  await expect(dialog.getByText('No invitations sent yet')).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send Invitation' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Email address').fill('not-an-address');
  await send.click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address');
  await dialog.getByLabel('Email address').fill(finn.email);
  await dialog.getByLabel('Personal message (optional)').fill('Bring your tent!');
  await send.click();
  await expect(dialog.getByText('Invitation sent successfully')).toBeVisible();
  const sent = dialog.getByRole('listitem', { name: `Invitation to ${finn.email}` });
  await expect(sent).toContainText('Pending');
  await expect(sent).toContainText('Bring your tent!');
  await expect(dialog.getByRole('tab', { name: /Invitations/ })).toContainText('1');
  await page.screenshot({ path: screenshotPath(`members-invitations-manager-${isMobile ? 'phone' : 'desktop'}.png`) });

  // Real time: Finn's bell counts the invitation without a reload.
  const bell = finnPage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const item = finnPage.getByRole('listitem', { name: 'Invitation to Alpine camp' });
  await expect(item).toContainText('Bring your tent!');
  await expect(item).toContainText('From Eva Organizer');
  await item.getByRole('button', { name: 'Respond' }).click();
  await item.getByLabel('Response message (optional)').fill('Count me in');
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(item).toContainText('Accepted');
  await expect(finnPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // The answer is sent before Finn's phone goes away (a closed tab sends it on the next visit).
  await expect.poll(async () => (await serverInvitations(eventId)).map((i) => i.status)).toEqual(['accepted']);
  await finnContext.close();

  // Eva sees the answer and Finn among the members.
  await expect(sent).toContainText('Accepted', { timeout: 15_000 });
  await expect(sent).toContainText('Count me in');
  await dialog.getByRole('tab', { name: 'Members' }).click();
  const finnRow = dialog.getByRole('listitem', { name: 'Finn Guest' });
  await expect(finnRow).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText('2 members', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: 'Eva Organizer' })).toContainText('(You)');
  await expect(dialog.getByRole('listitem', { name: 'Eva Organizer' })).toContainText('Creator');
  await expect(dialog.getByRole('button', { name: 'Manage Eva Organizer' })).toHaveCount(0);

  // Search filters by name.
  await dialog.getByRole('textbox', { name: 'Search members...' }).fill('zzz');
  await expect(dialog.getByText('No members found')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Search members...' }).fill('');

  await dialog.getByRole('button', { name: 'Manage Finn Guest' }).click();
  await page.getByRole('menuitem', { name: 'Make Admin' }).click();
  await expect(finnRow).toContainText('Admin');
  await page.reload();
  const again = await openMembersDialog(page, eventId);
  const finnAgain = again.getByRole('listitem', { name: 'Finn Guest' });
  await expect(finnAgain).toContainText('Admin');
  await again.getByRole('button', { name: 'Manage Finn Guest' }).click();
  await page.getByRole('menuitem', { name: 'Remove Admin Role' }).click();
  await expect(finnAgain).not.toContainText('Admin');
  await again.getByRole('button', { name: 'Manage Finn Guest' }).click();
  await page.getByRole('menuitem', { name: 'Remove from Event' }).click();
  await expect(finnAgain).toBeHidden();
  await expect(again.getByText('1 member', { exact: true })).toBeVisible();
});

test('an admin meets the creator rules; a free event has no co-organizers', async ({ app, page }) => {
  const gus = await newPerson('Gus Starter', 'starter');
  const hana = await newPerson('Hana Helper');
  const ivo = await newPerson('Ivo Free');
  const jo = await newPerson('Jo Friend');
  const eventId = await seedEvent(gus, 'River trip', [hana]);
  const { error } = await gus.client.rpc('update_member_role', {
    p_event_id: eventId,
    p_user_id: hana.id,
    p_role: 'admin',
  });
  expect(error).toBeNull();
  const freeEvent = await seedEvent(ivo, 'Free weekend', [jo]);

  await signInAs(app, hana);
  const dialog = await openMembersDialog(page, eventId);
  await expect(dialog.getByRole('button', { name: 'Invite Member' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Manage Gus Starter' }).click();
  await page.getByRole('menuitem', { name: 'Make Admin' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Cannot change the role of the event creator');
  await dialog.getByRole('button', { name: 'Manage Gus Starter' }).click();
  await page.getByRole('menuitem', { name: 'Remove from Event' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Cannot remove the event creator');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await app.signOut();

  // The database's refusal comes back in the red banner with its reason.
  await signInAs(app, ivo);
  const free = await openMembersDialog(page, freeEvent);
  await free.getByRole('button', { name: 'Manage Jo Friend' }).click();
  await page.getByRole('menuitem', { name: 'Make Admin' }).click();
  await expect(free.getByRole('alert')).toContainText('The free plan has no co-organizers.', { timeout: 15_000 });
  await expect(free.getByRole('listitem', { name: 'Jo Friend' })).not.toContainText('Admin');
});

test('the join link adds a signed-in non-member as member', async ({ app, page }) => {
  const kai = await newPerson('Kai Host');
  const lou = await newPerson('Lou Joiner');
  const eventId = await seedEvent(kai, 'Beach camp');

  await signInAs(app, lou);
  await app.visit(`/join?id=${eventId}`);
  await page.getByRole('button', { name: 'Join event' }).click();
  await app.expectPath(`/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Beach camp' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Who is coming \(2\)/ })).toContainText('Lou Joiner (You)');

  // An unknown event is said at once (the preview finds nothing), with no Join button to press.
  await app.visit('/join?id=00000000-0000-4000-8000-00000000dead');
  await expect(page.getByRole('button', { name: 'Join event' })).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText(
    'This event does not exist. The link may be wrong or the event was deleted.',
  );
});
