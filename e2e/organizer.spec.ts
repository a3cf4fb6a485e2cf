/**
 * The organizer's view across events (organizer plan only): upcoming items, open items by person,
 * balances and members without a ride, filtered by event; a free member has no entry and is sent
 * back to the dashboard.
 */
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('an organizer sees all events at once and filters by event @desktop', async ({ app, page }) => {
  const olga = await newPerson('Olga Organizer', 'organizer');
  const finn = await newPerson('Finn Free');
  const lake = await seedEvent(olga, 'Lake weekend', [finn]);
  const forest = await seedEvent(olga, 'Forest trip', [finn]);
  const { data: list, error } = await olga.client
    .from('checklists')
    .insert({ event_id: lake, title: 'Packing', kind: 'packing' })
    .select('id')
    .single();
  if (error || !list) throw error ?? new Error('no list');
  const { error: itemError } = await olga.client
    .from('checklist_items')
    .insert({ checklist_id: list.id, text: 'Bring the tent', quantity: 1, position: 'V1', assignee_id: finn.id });
  if (itemError) throw itemError;
  const { error: scheduleError } = await olga.client.from('schedule_items').insert([
    { event_id: lake, title: 'Arrival', starts_at: '2027-07-16T15:00:00', ends_at: '2027-07-16T17:00:00' },
    { event_id: forest, title: 'Campfire', starts_at: '2027-07-17T20:00:00', ends_at: '2027-07-17T22:00:00' },
  ]);
  if (scheduleError) throw scheduleError;
  const { error: expenseError } = await olga.client.from('expenses').insert({
    event_id: forest,
    title: 'Firewood',
    amount_minor: 4000,
    paid_by: olga.id,
    spent_on: '2027-07-01',
    category: 'other',
    shares: [
      { user_id: olga.id, share_minor: 2000 },
      { user_id: finn.id, share_minor: 2000 },
    ],
  });
  if (expenseError) throw expenseError;

  await signInAs(app, olga);
  const nav = await app.sidebar();
  await nav.getByRole('link', { name: 'All my events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All my events' })).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByRole('listitem')).toHaveText([/Arrival.*Lake weekend/, /Campfire.*Forest trip/]);
  await expect(page.getByRole('region', { name: 'Open items by person' })).toContainText('Finn Free (1)');
  await expect(page.getByRole('region', { name: 'Open items by person' })).toContainText('Bring the tent');
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText('owes CHF 20.00');
  await expect(page.getByRole('region', { name: 'Rides' })).toContainText('Without a ride: Finn Free, Olga Organizer');
  await page.screenshot({ path: screenshotPath(`organizer-${app.isPhone ? 'phone' : 'desktop'}.png`), fullPage: true });

  await page.getByLabel('Event').selectOption({ label: 'Lake weekend' });
  await expect(upcoming.getByRole('listitem')).toHaveText([/Arrival/]);
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText('Everyone is settled.');
});

test('without the organizer plan there is no entry, and the address leads back to the dashboard', async ({
  app,
  page,
}) => {
  const finn = await newPerson('Finn Free');
  await signInAs(app, finn);
  const nav = await app.sidebar();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All my events' })).toHaveCount(0);
  await page.goto('/organizer');
  await expect(page).toHaveURL(/\/dashboard$/);
});
