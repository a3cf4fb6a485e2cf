/**
 * No page scrolls sideways and no button's text is cut, at 360 px in light and dark, and at 1280
 * px: every route visited signed out, and as a member of a seeded event (on the organizer plan, so every page of
 * the app is open to them). Fails with the list of routes and what overflows on each.
 */
import type { Page } from '@playwright/test';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import type { App } from './app.ts';
import { expect, test } from './fixtures.ts';

const SIGNED_OUT = ['/landing', '/waitlist', '/forgot-password'];
const SIGNED_IN = [
  '/dashboard',
  '/organizer',
  '/subscription',
  '/profile/details',
  '/profile/notifications',
  '/profile/subscription',
  '/profile/friends',
];
const EVENT_PAGES = ['', '/chat', '/checklists', '/expenses', '/schedule', '/transport', '/camp-planner'];

/** What overflows on the page now: the document wider than the viewport, buttons whose text is cut. */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const doc = document.documentElement.scrollWidth;
    if (doc > width) found.push(`the page is ${doc} px wide`);
    for (const button of document.querySelectorAll<HTMLElement>('button, [role="button"], a[role="tab"]')) {
      const box = button.getBoundingClientRect();
      if (!box.width || getComputedStyle(button).visibility === 'hidden') continue;
      const name = (button.textContent || button.getAttribute('aria-label') || '').trim();
      if (button.scrollWidth > button.clientWidth + 1) found.push(`button "${name}" is cut`);
    }
    // Links and buttons past the screen's edge (a row of tabs wider than the phone, say).
    for (const target of document.querySelectorAll<HTMLElement>('main a, main button, nav a, nav button')) {
      const box = target.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      if (box.right > width + 1 || box.left < -1)
        found.push(`"${(target.textContent || target.getAttribute('aria-label') || '').trim()}" is past the edge`);
    }
    return found;
  });
}

/** Something on every page, with long words where people write them. */
async function seedPages(owner: Person, mia: Person, eventId: string) {
  const db = owner.client;
  const { data: list } = await db
    .from('checklists')
    .insert({ event_id: eventId, title: 'Shopping for the whole long weekend', kind: 'shopping' })
    .select('id')
    .single();
  const results = await Promise.all([
    db.from('checklist_items').insert({
      checklist_id: list!.id,
      text: 'Sonnencreme-Lichtschutzfaktor-fünfzig for everyone',
      quantity: 12,
      position: 'V1',
      assignee_id: mia.id,
    }),
    db.from('expenses').insert({
      event_id: eventId,
      title: 'Supermarket run before the Gurten Festival',
      amount_minor: 12345,
      paid_by: owner.id,
      spent_on: '2027-07-16',
      category: 'food',
      shares: [
        { user_id: owner.id, share_minor: 6173 },
        { user_id: mia.id, share_minor: 6172 },
      ],
    }),
    db.from('schedule_items').insert({
      event_id: eventId,
      title: 'Arrival, tents up and the first campfire of the weekend',
      starts_at: '2027-07-16T15:00:00',
      ends_at: '2027-07-16T17:00:00',
      location: 'Main camping field by the big oak tree',
    }),
    // Rides are offered through a procedure; the service role puts one in directly.
    serviceClient().from('rides').insert({
      event_id: eventId,
      driver_id: owner.id,
      departs_at: '2027-07-16T09:00:00',
      departure_place: 'Bern Hauptbahnhof, Parkhaus Welle 7',
      seats: 3,
    }),
    db.from('chat_messages').insert({ event_id: eventId, body: 'Wer bringt den Pavillon-Zeltüberdachungsschutz mit?' }),
  ]);
  for (const { error } of results) if (error) throw error;
}

/** The text of the page's main region (what a move to another page changes). */
const mainText = (page: Page) => page.evaluate(() => document.querySelector('main')?.innerText ?? '');

/**
 * Visits each path and lists what overflows there. Signed out each page is loaded; signed in
 * (`app`) they are reached inside the app, as a member moves between them, and each is measured
 * once its main region shows the new page (the old one stays while the next is drawn).
 */
async function visitAll(page: Page, paths: string[], app?: App): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    if (!app) await page.goto(path);
    else if (new URL(page.url()).pathname !== path) {
      const before = await mainText(page);
      await app.go(path);
      await expect.poll(() => mainText(page), { timeout: 15_000 }).not.toBe(before);
    }
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    await page.waitForTimeout(300);
    for (const problem of await overflows(page)) problems.push(`${path}: ${problem}`);
  }
  return problems;
}

for (const { theme, width } of [
  { theme: 'light', width: 360 },
  { theme: 'dark', width: 360 },
  // The desktop layout (sidebar beside the page) once, at the width the issue names.
  { theme: 'light', width: 1280 },
] as const) {
  test.describe(`${theme} theme at ${width} px`, () => {
    test.use({ theme, viewport: { width, height: width < 600 ? 740 : 800 } });

    test(`no route scrolls sideways or cuts a button at ${width} px, ${theme}`, async ({ app, page }) => {
      test.setTimeout(120_000);
      await setSwitches({ waitlist: true });
      const problems = await visitAll(page, SIGNED_OUT);
      await setSwitches({ waitlist: false });
      const owner = await newPerson('Olga Owner', 'organizer');
      const mia = await newPerson('Mia Member', 'organizer');
      const eventId = await seedEvent(owner, 'Gurten Festival weekend with the whole crew', [mia]);
      await seedPages(owner, mia, eventId);
      await signInAs(app, mia);
      problems.push(...(await visitAll(page, SIGNED_IN, app)));
      problems.push(
        ...(await visitAll(
          page,
          EVENT_PAGES.map((p) => `/events/${eventId}${p}`),
          app,
        )),
      );
      expect(problems).toEqual([]);
    });
  });
}
