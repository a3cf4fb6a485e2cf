/**
 * Names instead of addresses (issue 21): an invitation to someone with an account who shares no
 * event or friendship with the sender shows their name in the sent-invitation list (the device
 * cannot read their profile; the server tells the sender), the address only beneath it.
 */
import { newPerson, openMembersDialog, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

test('the sent-invitation list names a recipient the sender shares nothing with', async ({ app, page }) => {
  const eva = await newPerson('Eva Sender', 'starter');
  const zoe = await newPerson('Zoe Stranger');
  const eventId = await seedEvent(eva, 'Name camp');
  const { data } = await eva.client.rpc('invite_user_to_event', {
    p_event_id: eventId,
    p_recipient_email: zoe.email,
    p_message: null,
  });
  expect(data).toMatchObject({ success: true });

  await signInAs(app, eva);
  const dialog = await openMembersDialog(page, eventId);
  await dialog.getByRole('tab', { name: /Invitations/ }).click();
  const item = dialog.getByRole('listitem', { name: `Invitation to ${zoe.email}` });
  await expect(item.getByText('Zoe Stranger', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(item).toContainText(zoe.email);
});
