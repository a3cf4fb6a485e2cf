/**
 * Issue 19 on a phone: two members of an event; Eva mentions Finn in the chat and assigns him a
 * checklist item; Finn's bell counts both (realtime, no reload), lists them under the event, opens
 * the checklist from the bell (the count drops) and marks the rest read. Screenshots at 390 px and
 * 1280 px under test-results/.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

/** SCREENSHOTS/notifications-{name}-phone.png, then the same at 1280 × 800 (-desktop). */
async function screenshots(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `notifications-${name}-phone.png`) });
  const phone = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOTS, `notifications-${name}-desktop.png`) });
  if (phone) await page.setViewportSize(phone);
  await page.waitForTimeout(300);
}

async function assignItem(owner: Person, eventId: string, assignee: Person, text: string) {
  const { data, error } = await owner.client
    .from('checklists')
    .insert({ event_id: eventId, title: 'Packing list', kind: 'packing' })
    .select('id')
    .single();
  if (error || !data) throw error ?? new Error('no list');
  const { error: itemError } = await owner.client
    .from('checklist_items')
    .insert({ checklist_id: data.id, text, quantity: 1, position: 'V1', assignee_id: assignee.id });
  if (itemError) throw itemError;
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('a mention and an assignment reach the bell; opening one from it and mark all read drop the count', async ({
  page,
  app,
}) => {
  const eva = await newPerson('Eva', 'organizer');
  const finn = await newPerson('Finn');
  const eventId = await seedEvent(eva, 'Gurten Festival', [finn]);
  await signInAs(app, finn);
  // Being added to the event is the first one.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });

  const posted = Date.now();
  const { error } = await eva.client
    .from('chat_messages')
    .insert({ event_id: eventId, body: '@Finn can you bring the gas?' });
  if (error) throw error;
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 15_000 });
  console.info(`notification to bell (realtime): ${Date.now() - posted} ms`);
  await assignItem(eva, eventId, finn, 'Camping stove');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread', { timeout: 15_000 });

  await bell(page).click();
  const list = page.getByRole('list', { name: 'Notifications: Gurten Festival' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('Eva assigned you "Camping stove"');
  await expect(list.getByRole('listitem').nth(1)).toContainText('Eva mentioned you in Gurten Festival');
  await expect(list.getByRole('listitem').nth(2)).toContainText('Eva added you to Gurten Festival');
  await screenshots(page, 'bell');

  await list.getByRole('link', { name: 'Eva assigned you "Camping stove"' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/checklists$`));
  await expect(page.getByRole('main').getByText('Camping stove', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');

  await bell(page).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  // The read marks reached the server: the rows' read_at, shared by Finn's devices.
  await expect
    .poll(async () => {
      const { data } = await finn.client.from('notifications').select('read_at').is('read_at', null);
      return data?.length;
    })
    .toBe(0);
});
