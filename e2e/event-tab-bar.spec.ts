/**
 * Event pages on a phone: the bottom tab bar (one tap between Overview, Chat, Lists and Money, the
 * rest under More, locked pages with their lock and wording), and what is new since the member
 * last looked: unread chat on the home's card, the Chat tab and the sidebar drop once the chat was
 * opened; a schedule item added by another member is marked on More and highlighted on the page.
 */
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

for (const size of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`one tap between event pages; unread markers drop after opening them, at ${size.width} px`, async ({
    app,
    page,
  }) => {
    await page.setViewportSize(size);
    const ben = await newPerson('Ben Organiser');
    const noah = await newPerson('Noah Crew');
    const eventId = await seedEvent(ben, 'Lake weekend', [noah]);
    for (const body of ['Tarp?', 'Leaving at nine']) {
      const { error } = await ben.client.from('chat_messages').insert({ event_id: eventId, body });
      if (error) throw error;
    }
    const { error } = await ben.client.from('schedule_items').insert({
      event_id: eventId,
      title: 'Arrival',
      starts_at: '2027-07-16T15:00:00',
      ends_at: '2027-07-16T17:00:00',
    });
    if (error) throw error;
    const { error: expenseError } = await ben.client.from('expenses').insert({
      event_id: eventId,
      title: 'Firewood',
      amount_minor: 2000,
      paid_by: ben.id,
      spent_on: '2027-07-01',
      category: 'other',
      // A free event: a manual expense (not split).
      shares: [],
    });
    if (expenseError) throw expenseError;

    await signInAs(app, noah);
    const card = page.getByRole('article', { name: 'Lake weekend' });
    await expect(card.getByRole('link', { name: '2 unread messages' })).toBeVisible();
    await expect(card.getByRole('link', { name: '1 new in Schedule' })).toBeVisible();
    await expect(card.getByRole('link', { name: '1 new in Expenses' })).toBeVisible();
    await card.getByRole('link', { name: 'Lake weekend' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lake weekend' })).toBeVisible();

    const bar = page.getByRole('navigation', { name: 'Event pages' });
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Chat, 2 new' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'More, 1 new' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Money, 1 new' })).toBeVisible();
    // 44 px targets, nothing sideways, the bar above the bottom edge.
    for (const tab of await bar.getByRole('link').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: screenshotPath(`event-tab-bar-${size.width}.png`) });

    // One tap each.
    await bar.getByRole('link', { name: /^Chat/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Group Chat' })).toBeVisible();
    await expect(page.getByText('Leaving at nine')).toBeVisible();
    await bar.getByRole('link', { name: 'Lists' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();
    // Left, the chat has nothing new: its marker is gone.
    await expect(bar.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
    await bar.getByRole('link', { name: 'Money' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible();
    await bar.getByRole('link', { name: 'Overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lake weekend' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Money', exact: true })).toBeVisible();

    // More: the rest of the pages; a free event's Transport keeps its lock and wording.
    await bar.getByRole('button', { name: /^More/ }).click();
    const more = page.getByRole('dialog', { name: 'Lake weekend' });
    const transport = more.getByRole('link', { name: /Transport/ });
    await expect(transport).toHaveAttribute('data-locked', 'true');
    await expect(transport).toContainText('Upgrade to Starter to unlock this feature');
    await more.getByRole('link', { name: /^Schedule/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    await expect(more).toBeHidden();
    // The item Ben added since Noah joined is highlighted.
    await expect(page.getByRole('article', { name: 'Arrival' })).toHaveAttribute('data-new', 'true');
    await expect(page.getByRole('article', { name: 'Arrival' })).toContainText('New');
    await bar.getByRole('button', { name: /^More/ }).click();
    await more.getByRole('button', { name: 'Members' }).click();
    await expect(page.getByRole('dialog', { name: 'Event Members' })).toBeVisible();
    await page.keyboard.press('Escape');
    await bar.getByRole('link', { name: 'Overview' }).click();
    // Seen: More has nothing new any more; the home's card neither.
    await expect(bar.getByRole('button', { name: 'More', exact: true })).toBeVisible();
    await page.goto('/dashboard');
    await expect(card.getByRole('link', { name: 'You owe', exact: false })).toHaveCount(0);
    await expect(card.getByRole('link', { name: /unread|new in/ })).toHaveCount(0);

    // Back on the schedule, the item is no longer new.
    await page.goto(`/events/${eventId}/schedule`);
    await expect(page.getByRole('article', { name: 'Arrival' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Arrival' })).not.toHaveAttribute('data-new', 'true');

    // Desktop keeps the sidebar: no tab bar from md up.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar).toBeHidden();
  });
}
