/**
 * The home ("what needs me"): a member with an open item, a debt, no ride and unread messages sees
 * each line on the event's card, happening-now events first; opening the chat from the card drops
 * its unread line. A first-time user gets a welcome and a first step; creating an event opens it
 * with the invite step. At 360 x 740 and 390 x 844.
 */
import { format, addDays } from 'date-fns';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

async function seedNeeds(ben: Person, noah: Person, eventId: string) {
  const { data: list, error } = await ben.client
    .from('checklists')
    .insert({ event_id: eventId, title: 'Packing', kind: 'packing' })
    .select('id')
    .single();
  if (error || !list) throw error ?? new Error('no list');
  const { error: itemError } = await ben.client.from('checklist_items').insert([
    { checklist_id: list.id, text: 'Bring the tent', quantity: 1, position: 'V1', assignee_id: noah.id },
    { checklist_id: list.id, text: 'Gas cooker', quantity: 1, position: 'V2', assignee_id: ben.id },
  ]);
  if (itemError) throw itemError;
  const { error: expenseError } = await ben.client.from('expenses').insert({
    event_id: eventId,
    title: 'Groceries',
    amount_minor: 6000,
    paid_by: ben.id,
    spent_on: '2027-07-01',
    category: 'food',
    shares: [
      { user_id: ben.id, share_minor: 3000 },
      { user_id: noah.id, share_minor: 3000 },
    ],
  });
  if (expenseError) throw expenseError;
  const { error: scheduleError } = await ben.client
    .from('schedule_items')
    .insert({ event_id: eventId, title: 'Arrival', starts_at: '2027-07-16T15:00:00', ends_at: '2027-07-16T17:00:00' });
  if (scheduleError) throw scheduleError;
  for (const body of ['Who brings the tarp?', 'Leaving at nine', 'Bring rain gear']) {
    const { error: chatError } = await ben.client.from('chat_messages').insert({ event_id: eventId, body });
    if (chatError) throw chatError;
  }
}

for (const size of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`the home shows what needs a member, happening-now first, at ${size.width} px`, async ({ app, page }) => {
    await page.setViewportSize(size);
    const ben = await newPerson('Ben Driver', 'starter');
    const noah = await newPerson('Noah Crew');
    const lakeId = await seedEvent(ben, 'Lake weekend', [noah]);
    const nowId = await seedEvent(ben, 'Camp this week', [noah]);
    const today = new Date();
    const { error } = await serviceClient()
      .from('events')
      .update({
        start_date: format(addDays(today, -1), 'yyyy-MM-dd'),
        end_date: format(addDays(today, 1), 'yyyy-MM-dd'),
      })
      .eq('id', nowId);
    if (error) throw error;
    await seedNeeds(ben, noah, lakeId);

    await signInAs(app, noah);
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toHaveAccessibleName('Camp this week');
    await expect(cards.first()).toContainText('Happening now');
    const lake = page.getByRole('article', { name: 'Lake weekend' });
    const needs = lake.getByRole('list', { name: 'What needs you' });
    await expect(lake).toContainText(/In \d+ days/);
    await expect(needs.getByRole('link', { name: '3 unread messages' })).toBeVisible();
    await expect(needs.getByRole('link', { name: '1 open item for you: Bring the tent' })).toBeVisible();
    await expect(needs.getByRole('link', { name: 'You owe CHF 30.00' })).toBeVisible();
    await expect(needs.getByRole('link', { name: 'No ride yet' })).toBeVisible();
    await expect(needs.getByRole('link', { name: 'Next: Arrival, Fri 15:00' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: screenshotPath(`home-needs-${size.width}.png`), fullPage: true });

    // Opening the chat from the card reads the messages: the line goes.
    await needs.getByRole('link', { name: '3 unread messages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Group Chat' })).toBeVisible();
    await expect(page.getByText('Bring rain gear')).toBeVisible();
    await page.goBack();
    await expect(needs.getByRole('link', { name: 'You owe CHF 30.00' })).toBeVisible();
    await expect(needs.getByRole('link', { name: /unread/ })).toHaveCount(0);

    // Settled up on the server: the debt line turns into "All settled".
    const { error: settleError } = await noah.client
      .from('settlements')
      .insert({ event_id: lakeId, from_user: noah.id, to_user: ben.id, amount_minor: 3000 });
    if (settleError) throw settleError;
    await page.reload();
    await expect(needs.getByRole('link', { name: 'All settled' })).toBeVisible({ timeout: 15_000 });
  });
}

test('a first-time user gets a welcome and a first step; a new event opens with the invite step', async ({
  app,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const mia = await newPerson('Mia Newcomer');
  await signInAs(app, mia);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to CrewCamp, Mia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back, Mia' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('home-first-time-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create your first event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an event' });
  await dialog.getByLabel('Event name').fill('Summer camp');
  await dialog.getByRole('button', { name: 'Create event' }).click();
  const members = page.getByRole('dialog', { name: 'Event Members' });
  await expect(members).toBeVisible();
  await expect(members).toContainText('Summer camp');
  // The invite step is shown once: the address forgets it, so a reload does not bring it back.
  await expect(page).toHaveURL(/\/events\/[^/?]+$/);
  await expect(members).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(members).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Summer camp' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Summer camp' })).toBeVisible();
  await expect(members).toBeHidden();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Mia' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Summer camp' })).toContainText('No dates yet');
});

test('a returning member on a new device is told the events are on their way, not offered a first step', async ({
  app,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const ben = await newPerson('Ben Organizer', 'starter');
  const noah = await newPerson('Noah Returning');
  await seedEvent(ben, 'Forest weekend', [noah]);
  // The device's first pull of events does not get through yet (one bar of signal), and its
  // pages of chat messages, which come after the events, neither.
  let isHeld = true;
  const held: Route[] = [];
  const heldChat: Route[] = [];
  await page.route(/\/rest\/v1\/events\?/, (route) => (isHeld ? held.push(route) : route.continue()));
  await page.route(/\/rest\/v1\/chat_messages\?/, (route) => (isHeld ? heldChat.push(route) : route.continue()));
  await signInAs(app, noah);
  const arriving = page.getByRole('status').filter({ hasText: 'Getting your events onto this device…' });
  await expect(arriving).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Noah' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your first step: create an event' })).toHaveCount(0);
  // The sync worker starts after the first screen, so its request for events may come later.
  await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  for (const route of held.splice(0)) await route.continue();
  // The events are on the device, the rest of the pull is not: the home waits for all of it,
  // so nothing it shows is pushed down by what comes after.
  await expect.poll(() => heldChat.length, { timeout: 15_000 }).toBeGreaterThan(0);
  const eventsOnDevice = () =>
    page.evaluate(
      ([id]) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open(`crewcamp-${id}`);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction('events').objectStore('events').count();
            request.onsuccess = () => {
              open.result.close();
              resolve(request.result);
            };
            request.onerror = () => reject(request.error);
          };
        }),
      [noah.id],
    );
  await expect.poll(eventsOnDevice, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(300); // a live query's answer, had it been shown
  await expect(arriving).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
  isHeld = false;
  for (const route of [...held.splice(0), ...heldChat.splice(0)]) await route.continue();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Noah' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: 'Forest weekend' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your first step: create an event' })).toHaveCount(0);
});
