/**
 * The Schedule page: items added show in the day view and the list, a clash is marked only for a shared person, the window
 * is explained in the form and the database's refusal is shown with nothing kept; the extended
 * schedule (assignees, iCalendar) asks a free event to upgrade and works on a starter one; the
 * CSV import previews its rows (organizer).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { serviceClient, setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

/** SCREENSHOTS/schedule-{name}-phone.png, then the same at desktop width (-desktop.png). */
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `schedule-${name}-phone.png`), fullPage: true });
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('aside[aria-label="Sidebar"]')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, `schedule-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phone);
}

async function addItem(page: Page, item: { title: string; starts: string; ends: string; location?: string }) {
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an item' });
  await dialog.getByLabel('Title').fill(item.title);
  await dialog.getByLabel('Starts').fill(item.starts);
  await dialog.getByLabel('Ends').fill(item.ends);
  if (item.location) await dialog.getByLabel('Location').fill(item.location);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
}

async function serverItems(eventId: string) {
  const { data, error } = await serviceClient()
    .from('schedule_items')
    .select('title, starts_at, ends_at, deleted_at')
    .eq('event_id', eventId);
  if (error) throw error;
  return data as { title: string; starts_at: string; ends_at: string; deleted_at: string | null }[];
}

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('a free event: add items, see them by day and in the list, no clash without shared people, the window refused', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const ada = await newPerson('Ada Schedule');
  const eventId = await seedEvent(ada, 'Lake weekend');
  const seeded = await ada.client
    .from('schedule_items')
    .insert({ event_id: eventId, title: 'Sunrise swim', starts_at: '2027-07-17T06:30', ends_at: '2027-07-17T07:15' });
  expect(seeded.error).toBeNull();
  await signInAs(app, ada);
  await page.goto(`/events/${eventId}/schedule`);
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await expect(page.getByText('Nothing planned for this day yet.')).toBeVisible();

  await addItem(page, {
    title: 'Arrival and set-up',
    starts: '2027-07-16T14:00',
    ends: '2027-07-16T16:00',
    location: 'Lakeside camp',
  });
  const day = page.getByRole('region', { name: 'Friday, July 16, 2027' });
  const arrival = day.getByRole('article', { name: 'Arrival and set-up' });
  await expect(arrival).toContainText('14:00 – 16:00');
  await expect(arrival).toContainText('Lakeside camp');
  await addItem(page, { title: 'Welcome dinner', starts: '2027-07-16T15:30', ends: '2027-07-16T17:00' });
  // They overlap but share nobody (a free event has no assignees): no clash.
  await expect(day.getByRole('article', { name: 'Welcome dinner' })).toContainText('15:30 – 17:00');
  await expect(day.getByText(/Clashes with/)).toHaveCount(0);
  await expect(day.getByRole('article')).toHaveCount(2);
  await page.getByRole('group', { name: 'Days' }).getByRole('button', { name: 'Sat, Jul 17' }).click();
  await expect(page.getByRole('region', { name: 'Saturday, July 17, 2027' }).getByRole('article')).toHaveText([
    /Sunrise swim/,
  ]);

  await page.getByRole('button', { name: 'List' }).click();
  const list = page.getByRole('region', { name: 'All items' });
  await expect(list.getByRole('heading', { level: 2 })).toHaveText([
    'Friday, July 16, 2027',
    'Saturday, July 17, 2027',
  ]);
  await expect(list.getByRole('article')).toHaveText([/Arrival and set-up/, /Welcome dinner/, /Sunrise swim/]);
  await expect.poll(async () => (await serverItems(eventId)).length).toBe(3);
  await expectAccessible(page, 'schedule list');
  await screenshots(page, 'list');

  // The form explains the event's dates before sending and sends nothing outside them.
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an item' });
  await expect(dialog).toContainText("Items go within the event's dates, Jul 16, 2027 to Jul 18, 2027.");
  await dialog.getByLabel('Title').fill('Late party');
  await dialog.getByLabel('Starts').fill('2027-07-19T20:00');
  await dialog.getByLabel('Ends').fill('2027-07-19T23:00');
  await expect(dialog.getByRole('alert')).toHaveText(
    "Schedule items must fall within the event's dates (2016-07-16 to 2027-07-18).".replace('2016', '2027'),
  );
  await expect(dialog.getByRole('button', { name: 'Add item' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Offline the device cannot know the dates were shortened meanwhile: the database refuses the
  // item on reconnect, its message is shown and nothing is kept.
  await context.setOffline(true);
  const { error } = await ada.client.from('events').update({ end_date: '2027-07-17' }).eq('id', eventId);
  expect(error).toBeNull();
  await page.getByRole('button', { name: 'Day' }).click();
  await page.getByRole('group', { name: 'Days' }).getByRole('button', { name: 'Sun, Jul 18' }).click();
  await addItem(page, { title: 'Sunday hike', starts: '2027-07-18T10:00', ends: '2027-07-18T12:00' });
  await expect(page.getByRole('article', { name: 'Sunday hike' })).toBeVisible();
  await context.setOffline(false);
  const refusal = page.getByRole('alert').filter({ hasText: 'Could not add "Sunday hike"' });
  await expect(refusal).toContainText("Schedule items must fall within the event's dates (2027-07-16 to 2027-07-17).", {
    timeout: 20_000,
  });
  await expect(page.getByRole('article', { name: 'Sunday hike' })).toHaveCount(0);
  expect((await serverItems(eventId)).map((item) => item.title).sort()).toEqual([
    'Arrival and set-up',
    'Sunrise swim',
    'Welcome dinner',
  ]);
  await screenshots(page, 'refused');
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusal).toBeHidden();

  // The extended schedule is the starter tier's: a free event shows the upgrade prompt.
  await page.getByRole('group', { name: 'Days' }).getByRole('button', { name: 'Fri, Jul 16' }).click();
  await page.getByRole('button', { name: 'Assignees of Arrival and set-up' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Starter to unlock this feature' });
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('button', { name: 'Export calendar' }).click();
  await expect(upgrade).toBeVisible();
  await upgrade.getByRole('button', { name: 'Not now' }).click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Organizer to unlock this feature' })).toBeVisible();
});

test('a starter event: assignees, iCalendar export, edit and delete; an organizer imports a CSV file', async ({
  app,
  page,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const mia = await newPerson('Mia Starter', 'starter');
  const ben = await newPerson('Ben Crew');
  const eventId = await seedEvent(mia, 'Forest festival', [ben]);
  const { error } = await mia.client.from('schedule_items').insert([
    { event_id: eventId, title: 'Gates open', starts_at: '2027-07-16T12:00:00', ends_at: '2027-07-16T13:00:00' },
    { event_id: eventId, title: 'Wristband desk', starts_at: '2027-07-16T12:15:00', ends_at: '2027-07-16T14:00:00' },
    {
      event_id: eventId,
      title: 'Headliner, main stage',
      starts_at: '2027-07-17T21:00:00',
      ends_at: '2027-07-17T23:00:00',
      location: 'Main stage',
    },
  ]);
  expect(error).toBeNull();
  await signInAs(app, mia);
  await page.goto(`/events/${eventId}/schedule`);

  await page.getByRole('button', { name: 'Assignees of Gates open' }).click();
  const assign = page.getByRole('dialog', { name: 'Assignees of Gates open' });
  await assign.getByText('Ben Crew').click();
  await assign.getByRole('button', { name: 'Done' }).click();
  await expect(
    page.getByRole('article', { name: 'Gates open' }).getByRole('group', { name: 'Assigned to' }),
  ).toHaveText('Ben Crew');
  await expect
    .poll(async () => {
      const { data } = await serviceClient().from('schedule_item_assignees').select('user_id').is('deleted_at', null);
      return (data ?? []).filter((row) => row.user_id === ben.id).length;
    })
    .toBe(1);

  // The desk overlaps the gates; it clashes only once Ben is on both.
  const desk = page.getByRole('article', { name: 'Wristband desk' });
  await expect(desk).toContainText('12:15 – 14:00');
  await expect(page.getByText(/Clashes with/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Assignees of Wristband desk' }).click();
  const assignDesk = page.getByRole('dialog', { name: 'Assignees of Wristband desk' });
  await assignDesk.getByText('Ben Crew').click();
  await assignDesk.getByRole('button', { name: 'Done' }).click();
  await expect(desk).toContainText('Clashes with "Gates open" (Ben Crew)');
  await expect(page.getByRole('article', { name: 'Gates open' })).toContainText(
    'Clashes with "Wristband desk" (Ben Crew)',
  );

  const whole = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export calendar' }).click();
  const file = await whole;
  expect(file.suggestedFilename()).toBe('forest-festival-schedule.ics');
  const ics = await readFile((await file.path())!, 'utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  expect(ics).toContain('SUMMARY:Headliner\\, main stage');
  // In the event's time zone (Europe/Zurich when it was made without one), with its rules.
  expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Zurich\r\n');
  expect(ics).toContain('DTSTART;TZID=Europe/Zurich:20270717T210000\r\n');

  const oneDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add Gates open to a calendar' }).click();
  const one = await oneDownload;
  expect(one.suggestedFilename()).toBe('forest-festival-gates-open.ics');
  const single = await readFile((await one.path())!, 'utf8');
  expect(single.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(single).toContain('SUMMARY:Gates open');
  await screenshots(page, 'day');

  // The author edits an item and deletes another (after a confirmation).
  await page.getByRole('button', { name: 'Edit Gates open' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit item' });
  await edit.getByLabel('Ends').fill('2027-07-16T12:30');
  await edit.getByLabel('Notes').fill('Wristbands at the north gate');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const gates = page.getByRole('article', { name: 'Gates open' });
  await expect(gates).toContainText('12:00 – 12:30');
  await expect(gates).toContainText('Wristbands at the north gate');
  await page.getByRole('group', { name: 'Days' }).getByRole('button', { name: 'Sat, Jul 17' }).click();
  await page.getByRole('button', { name: 'Edit Headliner, main stage' }).click();
  await page.getByRole('dialog', { name: 'Edit item' }).getByRole('button', { name: 'Delete item' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this item?' })
    .getByRole('button', { name: 'Delete item' })
    .click();
  await expect(page.getByText('Nothing planned for this day yet.')).toBeVisible();
  await expect
    .poll(async () =>
      (await serverItems(eventId)).map((i) => `${i.title} ${i.ends_at} ${i.deleted_at ? 'deleted' : ''}`),
    )
    .toEqual(
      expect.arrayContaining(['Gates open 2027-07-16T12:30:00 ', expect.stringMatching(/^Headliner.* deleted$/)]),
    );

  // The creator becomes an organizer: the event's tier follows and the import opens.
  const upgraded = await serviceClient().from('profiles').update({ subscription_tier: 'organizer' }).eq('id', mia.id);
  expect(upgraded.error).toBeNull();
  await expect(page.getByRole('button', { name: 'Import CSV' }).locator('svg.lucide-upload')).toBeVisible({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import schedule items' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'festival.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'title,start,end,location\n' +
        'Soundcheck,2027-07-17 15:00,2027-07-17 16:00,Main stage\n' +
        ',2027-07-17 17:00,2027-07-17 18:00,\n' +
        'Breakfast,tomorrow 8am,2027-07-18 09:00,\n' +
        'After party,2027-07-20 22:00,2027-07-20 23:00,Bar\n',
    ),
  });
  await expect(dialog).toContainText('1 item ready to import, 3 rows left out.');
  const bad = dialog.getByRole('list', { name: 'Rows left out' }).getByRole('listitem');
  await expect(bad).toHaveText([
    'Line 3: The item has no title.',
    'Line 4: Start and end are written YYYY-MM-DD HH:mm.',
    "Line 5: Schedule items must fall within the event's dates (2027-07-16 to 2027-07-18).",
  ]);
  await screenshots(page, 'import');
  await dialog.getByRole('button', { name: 'Import 1 item' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('region', { name: 'All items' }).getByRole('article')).toHaveText([
    /Gates open/,
    /Wristband desk/,
    /Soundcheck/,
  ]);
  await expect.poll(async () => (await serverItems(eventId)).filter((i) => !i.deleted_at).length).toBe(3);
});
