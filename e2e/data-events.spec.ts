/** The dashboard and the event overview: create, edit, leave and delete with the spec's rules and messages. */
import { setSwitches } from './backend.ts';
import { createEventInUi, eventAction, newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('a free user creates and edits events, and the third active one is explained and refused @desktop', async ({
  app,
  page,
}) => {
  const ada = await newPerson('Ada Free');
  await signInAs(app, ada);
  // The first step shows once the first pull is in (the sync worker starts after the first screen): 20 s on a busy runner.
  await expect(page.getByRole('heading', { name: 'Your first step: create an event' })).toBeVisible({
    timeout: 20_000,
  });

  // Planning days are explained before the database refuses them.
  await page.getByRole('button', { name: /^Create (event|your first event)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an event' });
  await expect(
    dialog.getByText('Your free plan: 0 of 2 active events at once, events of up to 30 days, 4 members per event.'),
  ).toBeVisible();
  await dialog.getByLabel('Start date').fill('2027-07-01');
  await dialog.getByLabel('End date').fill('2027-08-14');
  await expect(
    dialog.getByText(
      'Your free plan allows events of up to 30 days; this one spans 45 days. Upgrade to starter for up to 180 days.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await createEventInUi(page, 'Lake weekend', { start: '2027-07-16', end: '2027-07-18' });
  await createEventInUi(page, 'Forest trip');
  await expect(page.getByRole('tab', { name: /Active/ })).toContainText('2');

  await page.getByRole('button', { name: /^Create (event|your first event)$/ }).click();
  await expect(
    dialog.getByText('Your free plan allows 2 active events at once. Upgrade to starter for more.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create event' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The overview: details, who is coming, the join link; a manager edits the details.
  await page.getByRole('link', { name: 'Lake weekend' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lake weekend' })).toBeVisible();
  await expect(page.getByText('Jul 16, 2027 – Jul 18, 2027')).toBeVisible();
  await expect(page.getByRole('region', { name: /Who is coming \(1\)/ })).toContainText('Ada Free (You)');
  const eventId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('textbox', { name: 'Join link' })).toHaveValue(new RegExp(`/join\\?id=${eventId}$`));
  await expect(page.getByRole('img', { name: 'QR code to join Lake weekend' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Location').fill('Lake Sils, Engadin');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Lake Sils, Engadin')).toBeVisible();
  // The selected event follows the path and is kept under event-storage.
  expect(await page.evaluate(() => localStorage.getItem('event-storage'))).toContain(eventId);

  // The edit reached the server: it is still there after a reload.
  await page.reload();
  await expect(page.getByText('Lake Sils, Engadin')).toBeVisible();
});

test('delete, delete for good, and leaving as the only member', async ({ app, page }) => {
  const bo = await newPerson('Bo Planner');
  await seedEvent(bo, 'Old festival');
  await seedEvent(bo, 'Solo hike');
  await signInAs(app, bo);

  await eventAction(page, 'Old festival', 'Delete event');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete event' }).click();
  await expect(page.getByRole('tab', { name: /Deleted/ })).toContainText('1');
  await page.getByRole('tab', { name: /Deleted/ }).click();
  await eventAction(page, 'Old festival', 'Delete for good');
  await expect(page.getByRole('alertdialog')).toContainText('This cannot be undone.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText('No deleted events.')).toBeVisible();

  await page.getByRole('tab', { name: /Active/ }).click();
  await eventAction(page, 'Solo hike', 'Leave event');
  await expect(page.getByRole('alertdialog')).toContainText(
    'You are the only member, so leaving deletes this event permanently',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave event' }).click();
  // No event left at all, not even a deleted one: the home's first step again.
  await expect(page.getByRole('heading', { name: 'Your first step: create an event' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your first step: create an event' })).toBeVisible();
});

test('the creator cannot leave while others are members; a member leaves', async ({ app, page }) => {
  const cleo = await newPerson('Cleo Creator');
  const dan = await newPerson('Dan Member');
  await seedEvent(cleo, 'Crew camp', [dan]);

  await signInAs(app, cleo);
  await eventAction(page, 'Crew camp', 'Leave event');
  await expect(page.getByRole('alertdialog')).toContainText(
    'As the creator you cannot leave while others are still members. Transfer ownership or delete the event.',
  );
  // The way out is offered there: handing the event over (the transfer journey follows it).
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Transfer ownership' })).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
  await app.signOut();

  await signInAs(app, dan);
  await eventAction(page, 'Crew camp', 'Leave event');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave event' }).click();
  await expect(page.getByRole('heading', { name: 'Your first step: create an event' })).toBeVisible();
});
