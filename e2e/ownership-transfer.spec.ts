/**
 * Ownership transfer (issue 21): the creator who cannot leave hands the event over from the leave
 * question, is warned that the free new owner's plan locks features, then leaves; the new owner
 * owns it and is told. From the Members dialog, offline, the dialog says it needs a connection.
 */
import { serviceClient } from './backend.ts';
import { eventAction, newPerson, openMembersDialog, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test('transfer then leave: the creator hands the event to a free member, is warned, and leaves', async ({
  app,
  page,
  isMobile,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const eva = await newPerson('Eva Owner', 'starter');
  const finn = await newPerson('Finn Heir');
  const gina = await newPerson('Gina Crew');
  const eventId = await seedEvent(eva, 'Handover camp', [finn, gina]);

  await signInAs(app, eva);
  await eventAction(page, 'Handover camp', 'Leave event');
  const question = page.getByRole('alertdialog', { name: 'You cannot leave this event' });
  await expect(question).toContainText('Transfer ownership or delete the event.');
  await question.getByRole('button', { name: 'Transfer ownership' }).click();

  const dialog = page.getByRole('dialog', { name: 'Transfer ownership' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Transfer ownership' });
  await expect(confirm).toBeDisabled();
  await dialog.getByText('Finn Heir').click();
  await expect(dialog.getByText(/Finn is on the free plan, so this event moves to the free plan/)).toBeVisible();
  await expect(dialog).toContainText('transport, the site planner');
  await page.screenshot({ path: screenshotPath(`transfer-warning-${isMobile ? 'phone' : 'desktop'}.png`) });
  await confirm.click();
  await expect(
    dialog.getByText('Finn Heir now owns this event. You stay as an admin, and you can leave it now.'),
  ).toBeVisible();

  await dialog.getByRole('button', { name: 'Leave event' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Handover camp' })).toBeHidden({ timeout: 15_000 });

  // The server agrees: Finn owns the free event, Eva has left, Finn was told.
  const service = serviceClient();
  await expect
    .poll(
      async () =>
        (await service.from('event_members').select('user_id, role, deleted_at').eq('event_id', eventId)).data,
    )
    .toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: finn.id, role: 'creator', deleted_at: null }),
        expect.objectContaining({ user_id: eva.id, deleted_at: expect.any(String) }),
      ]),
    );
  const { data: event } = await service.from('events').select('created_by, access_tier').eq('id', eventId).single();
  expect(event).toEqual({ created_by: finn.id, access_tier: 'free' });
  const { data: told } = await service
    .from('notifications')
    .select('title')
    .eq('user_id', finn.id)
    .eq('kind', 'ownership_received');
  expect(told).toEqual([{ title: 'You now own Handover camp' }]);
});

test('the Members dialog offers the transfer to the creator, and says offline that it needs a connection', async ({
  app,
  page,
  context,
}) => {
  const eva = await newPerson('Eva Keeper', 'organizer');
  const finn = await newPerson('Finn Member', 'organizer');
  const eventId = await seedEvent(eva, 'Members camp', [finn]);
  await signInAs(app, eva);
  const members = await openMembersDialog(page, eventId);
  await members.getByRole('button', { name: 'Manage Finn Member' }).click();
  await page.getByRole('menuitem', { name: 'Transfer Ownership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer ownership' });
  await expect(dialog.getByRole('radio', { name: 'Finn Member' })).toBeChecked();
  // same tier: nothing to warn about
  await expect(dialog.getByRole('button', { name: 'Transfer ownership' })).toBeEnabled();
  await expect(dialog.getByText(/so this event moves to/)).toBeHidden();

  await context.setOffline(true);
  await expect(dialog.getByText(/Transferring ownership needs a connection/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Transfer ownership' })).toBeDisabled();
  await context.setOffline(false);
  await expect(dialog.getByRole('button', { name: 'Transfer ownership' })).toBeEnabled({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
  await expect(dialog.getByText('Finn Member now owns this event. You stay as an admin.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(members.getByRole('listitem', { name: 'Finn Member' })).toContainText('Creator', { timeout: 15_000 });
  await expect(members.getByRole('listitem', { name: 'Eva Keeper' })).toContainText('Admin');
});
