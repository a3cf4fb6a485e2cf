/**
 * The Site Planner on a phone (390 × 844 with touch, issue 20): full screen, the plan takes the
 * width and most of the height; items are added from a bottom sheet at the middle of what is on
 * screen, each clear of the last (no pile); a tent is moved with a finger; the help speaks of
 * fingers; buttons are at least 44 px; nothing scrolls sideways at 390 or 360 px. Screenshots at 390
 * and 1280 px.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { serviceClient, setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

const num = async (item: Locator, name: string) => Number(await item.getAttribute(name));

/** A finger on the item's centre, moved by (dx, dy) pixels in steps, then lifted (real touch events). */
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

/** The visible buttons smaller than a fingertip (44 px), by name. */
const smallButtons = (scope: Locator) =>
  scope.evaluate((root) =>
    [...root.querySelectorAll('button')]
      .filter((b) => b.offsetParent !== null)
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.height < 44 || r.width < 44;
      })
      .map((b) => b.getAttribute('aria-label') ?? b.textContent),
  );

test('full screen on a phone: items added at the middle of the view without piling up, a tent moved by touch', async ({
  app,
  page,
}) => {
  test.setTimeout(90_000);
  const ada = await newPerson('Ada Planner', 'starter');
  const eventId = await seedEvent(ada, 'Forest camp');
  await signInAs(app, ada);
  await page.goto(`/events/${eventId}/camp-planner`);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Planner' })).toBeVisible({ timeout: 15_000 });
  // The help speaks of fingers on a touch screen, not of arrow keys and Ctrl+wheel.
  await expect(page.getByText(/pinch with two fingers to zoom/)).toBeVisible();
  await expect(page.getByText(/Ctrl\+wheel/)).toHaveCount(0);
  expect(await smallButtons(page.getByRole('group', { name: 'Add to the plan' }))).toEqual([]);
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-phone-page-390.png'), fullPage: true });

  await page.getByRole('button', { name: 'Full screen' }).tap();
  const full = page.getByRole('region', { name: 'Site plan, full screen' });
  await expect(full).toBeVisible();
  const planBox = (await full.getByRole('group', { name: /^Site plan, 60 by 40 metres/ }).boundingBox())!;
  const viewport = page.viewportSize()!;
  // The plan fills the height above the bar (zoomed in; it scrolls sideways inside its box).
  expect(planBox.height).toBeGreaterThan(viewport.height * 0.75);
  expect(await smallButtons(full)).toEqual([]);

  // Three tents and a fire from the bottom sheet: each at the middle of the view, none on another.
  for (const kind of ['tent', 'tent', 'tent', 'fire']) {
    await full.getByRole('button', { name: 'Add', exact: true }).tap();
    const sheet = page.getByRole('dialog', { name: 'Add to the plan' });
    await expect(sheet).toBeVisible();
    expect(await smallButtons(sheet)).toEqual([]);
    await sheet.getByRole('button', { name: `Add a ${kind}` }).tap();
    await expect(sheet).toBeHidden();
  }
  const items = full.getByTestId('site-item');
  await expect(items).toHaveCount(4);
  const placed = await items.evaluateAll((els) =>
    els.map((el) => ({
      x: Number(el.getAttribute('data-x')),
      y: Number(el.getAttribute('data-y')),
      w: Number(el.getAttribute('data-width')),
      h: Number(el.getAttribute('data-height')),
    })),
  );
  for (const [i, a] of placed.entries())
    for (const b of placed.slice(i + 1))
      expect(Math.abs(a.x - b.x) >= (a.w + b.w) / 2 || Math.abs(a.y - b.y) >= (a.h + b.h) / 2).toBe(true);
  // All on screen, around the middle of the visible plan.
  const scroller = (await page.locator('#site-plan-print').boundingBox())!;
  for (const item of await items.all()) {
    const box = (await item.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(scroller.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(scroller.x + scroller.width + 1);
    expect(box.y).toBeGreaterThanOrEqual(scroller.y - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(scroller.y + scroller.height + 1);
  }
  // A fire is finger-sized now (it was 18 px wide).
  expect((await items.filter({ hasText: 'Fire' }).boundingBox())!.width).toBeGreaterThan(30);

  // A tent, moved by a finger: about 5 m right and 2 m down, snapped to the grid.
  // (The plan lists items by id, not in the order they were added.)
  const tent = items.filter({ hasText: 'Tent' }).first();
  const id = (await tent.getAttribute('data-id'))!;
  const from = { x: await num(tent, 'data-x'), y: await num(tent, 'data-y') };
  const perMetre = (await tent.boundingBox())!.width / 3;
  await touchDrag(page, tent, perMetre * 5, perMetre * 2);
  await expect.poll(() => num(tent, 'data-x')).toBeGreaterThan(from.x + 4);
  const moved = { x: await num(tent, 'data-x'), y: await num(tent, 'data-y') };
  expect(moved.x).toBeLessThan(from.x + 6);
  expect(moved.y).toBeGreaterThan(from.y + 1);
  await expect
    .poll(async () => (await serviceClient().from('site_items').select('x_m, y_m').eq('id', id).single()).data, {
      timeout: 20_000,
    })
    .toEqual({ x_m: moved.x, y_m: moved.y });

  // The moved tent's details open in the sheet too.
  await full.getByRole('button', { name: 'Details' }).tap();
  await expect(page.getByRole('dialog', { name: 'Selected item' }).getByLabel('Name on the plan')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-phone-details-390.png') });
  await page.getByRole('dialog', { name: 'Selected item' }).getByRole('button', { name: 'Close' }).tap();
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-phone-full-390.png') });
  await expectAccessible(page, 'site plan, full screen');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(300);
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-phone-full-1280.png') });
  await full.getByRole('button', { name: 'Leave full screen' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Site Planner' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'site-planner-phone-page-1280.png') });
  // The page with its tent selected, on the narrowest phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(300);
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });
});
