/**
 * Issue 24, the crew sheet: an organizer event with notes, shared and unshared contact details,
 * a ride, the schedule, open items and a site plan. The member opens the sheet from the overview
 * (offline: it is read from the device), it renders to a PDF in Chromium whose text holds every
 * section, the shared phone and not the unshared emergency contact; screenshots at 360 and 1280.
 */
import { writeFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { waitForOfflineReady } from './offline-helpers.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

async function must<T>(answer: PromiseLike<{ error: unknown; data: T }>): Promise<NonNullable<T>> {
  const { error, data } = await answer;
  if (error) throw new Error(JSON.stringify(error));
  return data as NonNullable<T>;
}

/** The event with something on every page, written as the service role (the pages' own UIs are tested elsewhere). */
async function fillEvent(eventId: string, eva: Person, finn: Person) {
  const db = serviceClient();
  await must(db.from('events').update({ accent_color: '#c2410c' }).eq('id', eventId));
  await must(
    db
      .from('event_notes')
      .update({ body: 'Gate B, Seestrasse 12\nWifi: lakeside-2027\nTickets: https://tickets.example.com/gurten' })
      .eq('event_id', eventId),
  );
  await must(
    db
      .from('profiles')
      .update({
        phone: '+41 79 555 12 34',
        share_phone: true,
        emergency_contact_name: 'Hidden Helper',
        emergency_contact_phone: '+41 79 000 00 00',
        share_emergency_contact: false,
      })
      .eq('id', finn.id),
  );
  const [ride] = await must(
    db
      .from('rides')
      .insert({
        event_id: eventId,
        driver_id: eva.id,
        departure_place: 'Bern station',
        departs_at: '2027-07-16T08:30:00',
        seats: 3,
      })
      .select('id'),
  );
  await must(db.from('ride_passengers').insert({ ride_id: ride.id, event_id: eventId, user_id: finn.id }));
  await must(
    db.from('schedule_items').insert({
      event_id: eventId,
      title: 'Sound check',
      starts_at: '2027-07-16T17:00:00',
      ends_at: '2027-07-16T18:00:00',
      location: 'Main stage',
      created_by: eva.id,
    }),
  );
  const [list] = await must(
    db
      .from('checklists')
      .insert({ event_id: eventId, title: 'Packing list', kind: 'packing', position: 'V', created_by: eva.id })
      .select('id'),
  );
  await must(
    db.from('checklist_items').insert([
      {
        checklist_id: list.id,
        event_id: eventId,
        text: 'Gas stove',
        done: false,
        assignee_id: finn.id,
        position: 'V',
        created_by: eva.id,
      },
      { checklist_id: list.id, event_id: eventId, text: 'Old tent', done: true, position: 'k', created_by: eva.id },
    ]),
  );
  await must(db.from('site_plans').insert({ event_id: eventId, width_m: 40, height_m: 30 }));
  await must(
    db
      .from('site_items')
      .insert({ event_id: eventId, kind: 'tent', label: 'Finn tent', x_m: 10, y_m: 10, width_m: 4, height_m: 3 }),
  );
}

test('the crew sheet opens offline, prints to a PDF with every section, at 360 and 1280 @desktop', async ({
  page,
  app,
  context,
}) => {
  test.setTimeout(120_000);
  const eva = await newPerson('Eva Organizer', 'organizer');
  const finn = await newPerson('Finn Member');
  const eventId = await seedEvent(eva, 'Gurten Festival', [finn]);
  await fillEvent(eventId, eva, finn);

  await signInAs(app, finn);
  await page.goto(`/events/${eventId}`);
  const notes = page.getByRole('region', { name: 'Event notes' });
  await expect(notes).toContainText('Wifi: lakeside-2027', { timeout: 20_000 });
  await waitForOfflineReady(page);
  // The schedule, rides, lists and plan are on the device once their rows arrived.
  await page.goto(`/events/${eventId}/sheet`);
  await expect(page.getByRole('region', { name: 'Site plan' }).getByRole('img')).toBeVisible({ timeout: 20_000 });

  await context.setOffline(true);
  await page.goto(`/events/${eventId}`);
  await page.getByRole('region', { name: 'Event notes' }).getByRole('link', { name: 'Crew sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${eventId}/sheet$`));
  const crew = page.getByRole('region', { name: 'Crew', exact: true });
  await expect(crew).toContainText('Finn Member');
  await expect(crew.getByRole('link', { name: '+41 79 555 12 34' })).toHaveAttribute('href', 'tel:+41795551234');
  await expect(crew).not.toContainText('Hidden Helper');
  await expect(page.getByRole('region', { name: 'Rides' })).toContainText('Ride from Bern station');
  await expect(page.getByRole('region', { name: 'Rides' })).toContainText('With Finn Member');
  await expect(page.getByRole('region', { name: 'Schedule' })).toContainText('Sound check');
  const items = page.getByRole('region', { name: 'Open checklist items' });
  await expect(items).toContainText('Gas stove');
  await expect(items).not.toContainText('Old tent');
  await expect(page.getByRole('button', { name: 'Print / Save as PDF' })).toBeVisible();

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({
      path: screenshotPath(`crew-sheet-${width}-${test.info().project.name}.png`),
      fullPage: true,
    });
  }

  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: screenshotPath(`crew-sheet-print-${test.info().project.name}.png`), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  await writeFile(test.info().outputPath('crew-sheet.pdf'), pdf);
  const pdfDocument = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(pdfDocument, { mergePages: true });
  for (const words of [
    'Crew sheet: Gurten Festival',
    'Gate B, Seestrasse 12',
    'Event notes',
    'Crew',
    'Finn Member',
    '+41 79 555 12 34',
    'Rides',
    'Ride from Bern station',
    'Schedule',
    'Sound check',
    'Open checklist items',
    'Gas stove',
    'Site plan',
    'Finn tent',
  ])
    expect(text, words).toContain(words);
  expect(text).not.toContain('Hidden Helper');
  // No app chrome on paper, and each section from a new page.
  expect(text).not.toContain('Print / Save as PDF');
  expect(text).not.toContain('Skip to content');
  expect(text).not.toContain("You're offline");
  expect(totalPages).toBeGreaterThanOrEqual(6);
});

test('a member adds contact details on the profile and shares the phone only', async ({ page, app }) => {
  const mia = await newPerson('Mia Camper');
  await signInAs(app, mia);
  await page.goto('/profile/details');
  const card = page.getByRole('region', { name: 'Contact details' });
  await card.getByRole('textbox', { name: 'Phone number' }).first().fill('call me maybe');
  await card.getByRole('button', { name: 'Save contact details' }).click();
  await expect(card.getByRole('alert')).toContainText('Enter a phone number');
  await card.getByRole('textbox', { name: 'Phone number' }).first().fill('+41 79 555 98 76');
  await card.getByRole('textbox', { name: 'Name' }).fill('Leo Camper');
  await card.getByRole('button', { name: 'Save contact details' }).click();
  await expect(card.getByRole('alert')).toContainText('An emergency contact needs both a name and a phone number');
  await card.getByRole('textbox', { name: 'Phone number' }).nth(1).fill('044 123 45 67');
  await card.getByRole('checkbox', { name: 'Share my phone number with my crews' }).check({ force: true });
  await card.getByRole('button', { name: 'Save contact details' }).click();
  await expect(card.getByRole('status')).toContainText('Contact details saved');
  await expect
    .poll(
      async () =>
        (
          await serviceClient()
            .from('profiles')
            .select('phone, share_phone, emergency_contact_name, emergency_contact_phone, share_emergency_contact')
            .eq('id', mia.id)
            .single()
        ).data,
      { timeout: 15_000 },
    )
    .toEqual({
      phone: '+41 79 555 98 76',
      share_phone: true,
      emergency_contact_name: 'Leo Camper',
      emergency_contact_phone: '044 123 45 67',
      share_emergency_contact: false,
    });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath(`profile-contact-details-${test.info().project.name}.png`) });
});
