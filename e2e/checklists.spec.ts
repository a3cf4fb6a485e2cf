/**
 * The Checklists page: a packing list built offline (lists and items added, one ticked, one moved
 * by touch and one from the keyboard) reaches the server when the signal returns and another
 * member reads it in the same order; the tier features (templates and cloning, the text export:
 * starter; the CSV import: organizer) show the upgrade prompt on a lower event and work on one
 * that has them. Phone only (CI time); the desktop screenshots are taken in the same tests.
 */
import type { Locator, Page } from '@playwright/test';
import path from 'node:path';
import { setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectWaiting, syncBanner, waitForOfflineReady } from './offline-helpers.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

/** SCREENSHOTS/checklists-{name}-phone.png, then the same page at desktop size. */
async function screenshots(page: Page, name: string) {
  const phone = page.viewportSize();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `checklists-${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `checklists-${name}-desktop.png`), fullPage: true });
  if (phone) await page.setViewportSize(phone);
}

/** A finger drag of `handle` onto `target`, as touch events (the browser makes them pointer events). */
async function touchDrag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const x = from.x + from.width / 2;
  const y0 = from.y + from.height / 2;
  const y1 = to.y + to.height / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let step = 1; step <= 12; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y0 + ((y1 - y0) * step) / 12 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function itemTexts(list: Locator): Promise<string[]> {
  return list
    .getByRole('list')
    .first()
    .getByRole('listitem')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
}

/** The event's items as `person` reads them from the server, in the shared order. */
async function serverItems(person: Person, eventId: string) {
  const { data, error } = await person.client
    .from('checklist_items')
    .select('id, text, quantity, done, done_by, assignee_id, position, checklist_id')
    .eq('event_id', eventId)
    .is('deleted_at', null);
  if (error) throw error;
  const rows = data as {
    id: string;
    text: string;
    quantity: number;
    done: boolean;
    done_by: string | null;
    assignee_id: string | null;
    position: string;
  }[];
  return rows.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1));
}

async function addItems(list: Locator, title: string, texts: string[]) {
  for (const text of texts) {
    await list.getByLabel(`New item for ${title}`).fill(text);
    await list.getByRole('button', { name: `Add item to ${title}` }).click();
    await expect(list.getByRole('listitem', { name: text })).toBeVisible();
  }
}

async function seedList(owner: Person, eventId: string, title: string, items: [string, number][]) {
  const { data, error } = await owner.client
    .from('checklists')
    .insert({ event_id: eventId, title, kind: 'shopping' })
    .select('id')
    .single();
  if (error || !data) throw error ?? new Error('no list');
  const rows = items.map(([text, quantity], i) => ({
    checklist_id: data.id,
    text,
    quantity,
    position: `V${i + 1}`,
  }));
  const { error: itemsError } = await owner.client.from('checklist_items').insert(rows);
  if (itemsError) throw itemsError;
}

async function listAction(page: Page, title: string, action: string) {
  await page
    .getByRole('button', { name: `Actions for ${title}`, exact: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function expectUpgrade(page: Page, feature: string, tier: 'Starter' | 'Organizer') {
  const dialog = page.getByRole('dialog', { name: feature });
  await expect(dialog.getByText(`Upgrade to ${tier} to unlock this feature`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
}

test('a packing list built offline reaches the crew in the same order when the signal returns', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const ada = await newPerson('Ada Packer');
  const bo = await newPerson('Bo Hiker');
  const eventId = await seedEvent(ada, 'Alpine weekend', [bo]);
  await signInAs(app, ada);
  await waitForOfflineReady(page);
  await page.goto(`/events/${eventId}/checklists`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();
  await expect(page.getByText('No lists yet.')).toBeVisible();

  await context.setOffline(true);
  await expect(syncBanner(page)).toHaveText("You're offline. Some features may be limited.");
  await page.getByRole('button', { name: 'New list' }).click();
  const create = page.getByRole('dialog', { name: 'New list' });
  await create.getByRole('button', { name: 'Add list' }).click();
  await expect(create.getByRole('alert')).toHaveText('The list needs a title.');
  await create.getByLabel('List title').fill('Packing');
  await create.getByRole('button', { name: 'Add list' }).click();
  await expect(create).toBeHidden();
  const packing = page.getByRole('region', { name: 'Packing' });
  await addItems(packing, 'Packing', ['Tent', 'Stove', 'Bottle opener']);
  await packing.getByRole('button', { name: 'Add item to Packing' }).click();
  await expect(packing.getByRole('alert')).toHaveText('The item needs a text.');

  await packing.getByText('Stove', { exact: true }).click();
  await expect(packing.getByRole('checkbox', { name: 'Stove' })).toBeChecked();
  await expect(packing.getByRole('listitem', { name: 'Stove' })).toContainText(/Done by You at/);
  await expect(packing).toContainText('1 of 3 done');
  // The ticked stove sinks below the open items.
  await expect.poll(() => itemTexts(packing)).toEqual(['Tent', 'Bottle opener', 'Stove']);

  await packing.getByRole('button', { name: 'Edit Tent' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit item' });
  await edit.getByLabel('Quantity').fill('0');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('alert')).toHaveText('The quantity must be a whole number from 1 to 100000.');
  await edit.getByLabel('Quantity').fill('2');
  await edit.getByLabel('Assigned to').selectOption({ label: 'Bo Hiker' });
  await edit.getByLabel('Due date').fill('2027-07-15');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(packing.getByRole('listitem', { name: 'Tent' })).toContainText('Bo Hiker · due Jul 15');

  // A finger drags the bottle opener to the top; the keyboard moves it down one place again.
  await touchDrag(
    page,
    packing.getByRole('button', { name: 'Move Bottle opener' }),
    packing.getByRole('listitem', { name: 'Tent' }),
  );
  await expect.poll(() => itemTexts(packing)).toEqual(['Bottle opener', 'Tent', 'Stove']);
  await packing.getByRole('button', { name: 'Move Bottle opener' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Bottle opener is now at position 1 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Bottle opener is now at position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => itemTexts(packing)).toEqual(['Tent', 'Bottle opener', 'Stove']);
  await expectWaiting(page, 8);
  expect(await serverItems(bo, eventId)).toEqual([]);

  await screenshots(page, 'offline');
  await context.setOffline(false);
  await expect(syncBanner(page)).toContainText('All changes saved', { timeout: 25_000 });
  const server = await serverItems(bo, eventId);
  expect(server.map((i) => [i.text, i.quantity, i.done])).toEqual([
    ['Tent', 2, false],
    ['Bottle opener', 1, false],
    ['Stove', 1, true],
  ]);
  expect(server[2].done_by).toBe(ada.id);
  expect(server[0].assignee_id).toBe(bo.id);

  await expectAccessible(page, 'checklists');
});

test('built-in templates on a free event; own templates, cloning and the text export need a starter event; the CSV import an organizer one', async ({
  app,
  page,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const fay = await newPerson('Fay Free');
  const sam = await newPerson('Sam Starter', 'starter');
  const freeEvent = await seedEvent(fay, 'Free weekend', [sam]);
  const starterEvent = await seedEvent(sam, 'Lake trip');
  await seedList(fay, freeEvent, 'Groceries', [['Bread', 2]]);
  await seedList(sam, starterEvent, 'Camp kitchen', [
    ['Pot', 1],
    ['Matches', 3],
  ]);
  await signInAs(app, sam);

  await page.goto(`/events/${freeEvent}/checklists`);
  await expect(page.getByRole('region', { name: 'Groceries' })).toBeVisible();
  // The built-in templates are on every tier; the user's own templates are starter's.
  await page.getByRole('button', { name: 'Start from a template' }).click();
  const builtIn = page.getByRole('dialog', { name: 'Start from a template' });
  await expect(builtIn.getByText('Upgrade to Starter to unlock this feature')).toBeVisible();
  await builtIn.getByRole('button', { name: 'Start a list from Festival weekend' }).click();
  // The dialog closes once the list and its ten items are queued, eleven changes one after another:
  // over 7.5 s on a busy 2-core runner (a CI run at stop 34).
  await expect(builtIn).toBeHidden({ timeout: 20_000 });
  const festival = page.getByRole('region', { name: 'Festival weekend', exact: true });
  await expect(festival.getByRole('listitem')).toHaveCount(10);
  await expect(festival).toContainText('Earplugs');
  await listAction(page, 'Groceries', 'Share as text');
  await expectUpgrade(page, 'Share as text', 'Starter');
  await listAction(page, 'Groceries', 'Import items from CSV');
  await expectUpgrade(page, 'Import items from CSV', 'Organizer');
  await expect(page.getByRole('region', { name: /Groceries/ })).toHaveCount(1);

  await page.goto(`/events/${starterEvent}/checklists`);
  const kitchen = page.getByRole('region', { name: 'Camp kitchen', exact: true });
  await expect(kitchen.getByRole('listitem')).toHaveCount(2);
  await listAction(page, 'Camp kitchen', 'Share as text');
  const share = page.getByRole('dialog', { name: 'Share Camp kitchen' });
  await expect(share.getByLabel('The list as text')).toHaveValue('Camp kitchen\n[ ] Pot\n[ ] Matches ×3');
  await share.getByRole('button', { name: 'Close' }).click();

  await listAction(page, 'Camp kitchen', 'Clone list');
  await expect(page.getByText('Camp kitchen has been copied.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Camp kitchen (copy)' }).getByRole('listitem')).toHaveCount(2);
  await listAction(page, 'Camp kitchen', 'Save as template');
  await expect(page.getByText('Camp kitchen is saved as a template.')).toBeVisible();
  await page.getByRole('button', { name: 'Start from a template' }).click();
  const templates = page.getByRole('dialog', { name: 'Start from a template' });
  await templates.getByRole('button', { name: 'Duplicate Camp kitchen' }).click();
  await expectUpgrade(page, 'Duplicate templates', 'Organizer');
  await page.getByRole('button', { name: 'Start from a template' }).click();
  await templates.getByRole('button', { name: 'Start a list from Camp kitchen' }).click();
  await expect(templates).toBeHidden();
  await expect(page.getByRole('region', { name: 'Camp kitchen', exact: true })).toHaveCount(2);
  await expect
    .poll(
      async () => {
        const { data } = await sam.client
          .from('checklists')
          .select('title')
          .eq('event_id', starterEvent)
          .is('deleted_at', null);
        return (data ?? []).map((l) => l.title).sort();
      },
      { timeout: 20_000 },
    )
    .toEqual(['Camp kitchen', 'Camp kitchen', 'Camp kitchen (copy)']);
  await screenshots(page, 'templates');
});

test('an organizer event imports items from a CSV file, with a preview naming the bad rows, and duplicates templates', async ({
  app,
  page,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const olivia = await newPerson('Olivia Organizer', 'organizer');
  const max = await newPerson('Max Member');
  const eventId = await seedEvent(olivia, 'Festival camp', [max]);
  await seedList(olivia, eventId, 'Shopping', [['Water', 6]]);
  await signInAs(app, olivia);
  await page.goto(`/events/${eventId}/checklists`);
  await listAction(page, 'Shopping', 'Import items from CSV');
  const dialog = page.getByRole('dialog', { name: 'Import items into Shopping' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'shopping.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'Item,Quantity,Due,Assignee\nCharcoal,2,2027-07-10,Max\nLemons,lots,,\nIce,4,,Zed\nBuns,12,,olivia organizer\n',
    ),
  });
  await expect(dialog.getByText('2 items ready to import')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Items to import' })).toContainText(
    'Charcoal ×2 · Max Member · due Jul 10',
  );
  await expect(dialog.getByRole('list', { name: 'Rows left out' }).getByRole('listitem')).toHaveText([
    'Line 3: "lots" is not a quantity.',
    'Line 4: "Zed" is not a member of this event.',
  ]);
  await screenshots(page, 'import');
  await dialog.getByRole('button', { name: 'Import 2 items' }).click();
  await expect(dialog).toBeHidden();
  const shopping = page.getByRole('region', { name: 'Shopping' });
  await expect.poll(() => itemTexts(shopping)).toEqual(['Water', 'Charcoal', 'Buns']);
  await expect(page.getByText('2 items imported.')).toBeVisible();
  await page.getByRole('tab', { name: 'My items' }).click();
  await expect(page.getByRole('list', { name: 'My items' }).getByRole('listitem')).toHaveText([/Buns/]);
  await page.getByRole('tab', { name: 'All lists' }).click();

  // Organizer: a saved template can be duplicated.
  await listAction(page, 'Shopping', 'Save as template');
  await expect(page.getByText('Shopping is saved as a template.')).toBeVisible();
  await page.getByRole('button', { name: 'Start from a template' }).click();
  const templates = page.getByRole('dialog', { name: 'Start from a template' });
  await templates.getByRole('button', { name: 'Duplicate Shopping' }).click();
  await expect(templates.getByRole('listitem', { name: 'Shopping (copy)' })).toContainText('Shopping · 3 items');
  await templates.getByRole('button', { name: 'Close' }).click();
  await expect
    .poll(
      async () => {
        const { data } = await olivia.client.from('checklist_templates').select('title').is('deleted_at', null);
        return (data ?? []).map((t) => t.title).sort();
      },
      { timeout: 20_000 },
    )
    .toEqual(['Shopping', 'Shopping (copy)']);
  await screenshots(page, 'organizer');
});
