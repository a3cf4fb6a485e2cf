/**
 * The Site Planner: a tent placed and dragged by touch on a phone, moved with the arrow keys, its
 * move arriving on another member's screen; the other member's mouse move arriving back; a free
 * event shows the upgrade prompt instead of the plan.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { App } from './app.ts';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

async function desktop(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Zurich',
  });
  const page = await context.newPage();
  return { context, page, app: new App(page, false) };
}

async function openPlanner(page: Page, eventId: string) {
  await page.goto(`/events/${eventId}/camp-planner`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Planner' })).toBeVisible({ timeout: 15_000 });
}

const x = async (item: Locator) => Number(await item.getAttribute('data-x'));
const y = async (item: Locator) => Number(await item.getAttribute('data-y'));

/** A finger on the item's centre, moved by (dx, dy) pixels in steps, then lifted. */
async function touchDrag(page: Page, item: Locator, dx: number, dy: number) {
  const box = (await item.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (dx * i) / 8, y: from.y + (dy * i) / 8 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A finger put down at `from`, moved to `to` in steps, then lifted. */
async function touchFromTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 10; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + ((to.x - from.x) * i) / 10, y: from.y + ((to.y - from.y) * i) / 10 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const centreOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

async function serverItem(id: string) {
  const { data, error } = await serviceClient().from('site_items').select('x_m, y_m').eq('id', id).maybeSingle();
  if (error) throw error;
  return data as { x_m: number; y_m: number } | null;
}

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('placing and moving items by touch and keys; another member sees the move, and theirs arrives; a free event is locked', async ({
  app,
  page,
  browser,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 75_000));
  const ada = await newPerson('Ada Planner', 'starter');
  const bo = await newPerson('Bo Camper');
  const eventId = await seedEvent(ada, 'Forest camp', [bo]);
  const fay = await newPerson('Fay Free');
  const freeEvent = await seedEvent(fay, 'Free meadow', [ada]);

  const boDesk = await desktop(browser);
  await signInAs(boDesk.app, bo);
  await openPlanner(boDesk.page, eventId);

  await signInAs(app, ada);
  await openPlanner(page, eventId);
  await page.getByRole('button', { name: 'Add a tent' }).click();
  const tent = page.getByTestId('site-item');
  await expect(tent).toHaveCount(1);
  const id = (await tent.getAttribute('data-id'))!;
  const start = { x: await x(tent), y: await y(tent) };
  await page.getByRole('region', { name: 'Selected item' }).getByLabel('Name on the plan').fill('Ada and Bo');
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: 'Selected item' }).getByLabel('Belongs to').selectOption('Bo Camper');
  await expect(tent).toHaveAttribute('aria-label', /^Ada and Bo, Bo Camper, at /);

  // Dragged with a finger: about a sixth of the plan's width to the right, snapped to the grid.
  const plan = (await page.getByRole('group', { name: /^Site plan, 60 by 40 metres/ }).boundingBox())!;
  await touchDrag(page, tent, plan.width / 6, 0);
  await expect.poll(() => x(tent)).toBeGreaterThan(start.x + 7);
  const dragged = await x(tent);
  expect(dragged).toBeLessThan(start.x + 13);
  expect(dragged * 2).toBe(Math.round(dragged * 2));
  expect(await y(tent)).toBe(start.y);

  // And with the keyboard: two steps down of half a metre.
  await tent.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => y(tent)).toBe(start.y + 1);
  // Each change is sent in turn, with a pull between (the realtime echo of the one before): give the
  // six changes made here the time to drain.
  await expect.poll(() => serverItem(id), { timeout: 25_000 }).toEqual({ x_m: dragged, y_m: start.y + 1 });

  // Bo's screen shows the move, name and owner; Bo moves it back with the mouse, and Ada sees that.
  const boTent = boDesk.page.getByTestId('site-item');
  await expect(boTent).toHaveAttribute('data-x', String(dragged), { timeout: 20_000 });
  await expect(boTent).toHaveAttribute('aria-label', /^Ada and Bo, Bo Camper, at /);
  const box = (await boTent.boundingBox())!;
  const boPlan = (await boDesk.page.getByRole('group', { name: /^Site plan/ }).boundingBox())!;
  await boDesk.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await boDesk.page.mouse.down();
  await boDesk.page.mouse.move(box.x + box.width / 2 - boPlan.width / 6, box.y + box.height / 2, { steps: 6 });
  await boDesk.page.mouse.up();
  await expect.poll(() => x(boTent)).toBeLessThan(dragged - 7);
  const movedBack = await x(boTent);
  await expect(tent).toHaveAttribute('data-x', String(movedBack), { timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-phone.png'), fullPage: true });
  await boDesk.page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-desktop.png'), fullPage: true });
  await boDesk.context.close();

  // A free event: the site planner is a starter feature.
  await openPlanner(page, freeEvent);
  await expect(page.getByRole('main').getByText('Upgrade to Starter to unlock this feature')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a tent' })).toHaveCount(0);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-locked-phone.png'), fullPage: true });
});

test('resizing and rotating the selected item with its handles by touch sends one change each', async ({
  app,
  page,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 40_000));
  const ada = await newPerson('Ada Handles', 'starter');
  const eventId = await seedEvent(ada, 'Handle camp', []);
  await signInAs(app, ada);
  await openPlanner(page, eventId);
  await page.getByRole('button', { name: 'Add a gazebo' }).click();
  const gazebo = page.getByTestId('site-item');
  await expect(gazebo).toHaveAttribute('data-width', '3');
  const id = (await gazebo.getAttribute('data-id'))!;
  await expect.poll(() => serverItem(id), { timeout: 15_000 }).not.toBeNull();
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/site_items')) patches.push(request.url());
  });

  // The corner handle, dragged 3 m right and 2 m down by finger: the gazebo becomes 6 by 5 m.
  const plan = (await page.getByRole('group', { name: /^Site plan, 60 by 40 metres/ }).boundingBox())!;
  const perMetre = plan.width / 60;
  const corner = await centreOf(page.getByTestId('resize-handle'));
  await touchFromTo(page, corner, { x: corner.x + 3 * perMetre, y: corner.y + 2 * perMetre });
  await expect(gazebo).toHaveAttribute('data-width', '6');
  await expect(gazebo).toHaveAttribute('data-height', '5');
  await expect.poll(() => patches.length, { timeout: 15_000 }).toBe(1);

  // The round handle, taken around to the right of the centre: a quarter turn, snapped to 15°.
  const centre = await centreOf(gazebo);
  const knob = await centreOf(page.getByTestId('rotate-handle'));
  await touchFromTo(page, knob, { x: centre.x + (centre.y - knob.y) + 2, y: centre.y + 1 });
  await expect(gazebo).toHaveAttribute('data-rotation', '90');
  await expect.poll(() => patches.length, { timeout: 15_000 }).toBe(2);
  await expect
    .poll(
      async () => (await serviceClient().from('site_items').select('width_m, height_m, rotation').eq('id', id)).data,
    )
    .toEqual([{ width_m: 6, height_m: 5, rotation: 90 }]);

  // The premium tools are the organizer's: a starter event explains them instead.
  await expect(page.getByRole('region', { name: 'Premium site planner' })).toContainText(
    'Upgrade to Organizer to unlock this feature',
  );
  await expect(page.getByRole('button', { name: 'Measure' })).toHaveCount(0);

  // Shift+arrow keys resize too.
  await gazebo.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(gazebo).toHaveAttribute('data-width', '5.5');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-handles-phone.png') });
});

test('on an organizer event: a layer hidden on this device, a distance measured, an area drawn, the plan exported as a PNG @desktop', async ({
  page,
  app,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 40_000));
  const olga = await newPerson('Olga Organizer', 'organizer');
  const eventId = await seedEvent(olga, 'Big festival', []);
  await signInAs(app, olga);
  await openPlanner(page, eventId);
  const items = page.getByTestId('site-item');
  const details = page.getByRole('region', { name: 'Selected item' });

  // A tent on the Tents layer, a car on none; hiding Tents leaves the car.
  await page.getByRole('button', { name: 'Add a tent' }).click();
  await details.getByLabel('Layer').fill('Tents');
  await details.getByLabel('Layer').press('Enter');
  const layers = page.getByRole('region', { name: 'Layers' });
  await expect(layers.getByRole('button', { name: 'Show Tents' })).toContainText('Tents(1)');
  // The field's suggestions (a datalist) may still be open: a click outside that only closes them
  // is not a tap on the page. Leave the field first, as a thumb tapping elsewhere would.
  await details.getByLabel('Layer').blur();
  await page.getByRole('button', { name: 'Add a car' }).click();
  await expect(items).toHaveCount(2);
  await layers.getByRole('button', { name: 'Show Tents' }).click();
  await expect(items).toHaveCount(1);
  await expect(items).toHaveAttribute('aria-label', /^Car/);
  // A view choice of this device, kept in its storage.
  expect(await page.evaluate(() => localStorage.getItem('site-plan-view'))).toContain('"Tents"');

  // Measuring: two clicks 12 m apart on the plan show the distance; Escape clears it.
  // (The tool's hint shows above the plan: the plan is measured once it is out.)
  await page.getByRole('button', { name: 'Measure' }).click();
  const planGroup = page.getByRole('group', { name: /^Site plan, 60 by 40 metres/ });
  await planGroup.scrollIntoViewIfNeeded();
  const plan = (await planGroup.boundingBox())!;
  const perMetre = plan.width / 60;
  const at = (xm: number, ym: number) => ({ x: plan.x + xm * perMetre, y: plan.y + ym * perMetre });
  await page.mouse.click(at(5, 20).x, at(5, 20).y);
  await page.mouse.click(at(17, 20).x, at(17, 20).y);
  await expect(page.getByTestId('measured-distance')).toHaveText(/^(11\.9|12\.0|12\.1) m$/);
  await expect(page.getByRole('status').filter({ hasText: 'Distance:' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('measured-distance')).toHaveCount(0);

  // An area of three corners, snapped to the grid.
  await page.getByRole('button', { name: 'Draw an area' }).click();
  for (const [xm, ym] of [
    [40, 5],
    [52, 5],
    [46, 14],
  ])
    await page.mouse.click(at(xm, ym).x, at(xm, ym).y);
  await page.getByRole('button', { name: 'Finish the area' }).click();
  await expect(items).toHaveCount(2);
  const area = items.filter({ has: page.locator('polygon') });
  await expect(area).toHaveAttribute('data-width', '12');
  await expect(area).toHaveAttribute('data-height', '9');
  await page.screenshot({
    path: path.join(SCREENSHOTS, `site-planner-premium-${test.info().project.name}.png`),
    fullPage: true,
  });

  // Export: a PNG file of the plan.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PNG' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('site-plan-Big-festival.png');
  const file = await readFile((await download.path())!);
  expect([...file.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(file.length).toBeGreaterThan(2000);
});
