/**
 * The on-screen keyboard and the event tab bar on a 360 px phone: while the keyboard is up for the
 * chat composer (or any text field) the bar steps aside, so it never covers the composer and the
 * composer sits right above the keyboard; the bar is back once the keyboard goes. The keyboard is
 * played by shrinking the viewport (the visible viewport shrinks on a phone when it comes up).
 */
import type { Locator } from '@playwright/test';
import { setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

const PHONE = { width: 360, height: 740 };
/** What is left above a phone keyboard of about 300 px. */
const WITH_KEYBOARD = { width: 360, height: 440 };

/** Whether the topmost element at the field's centre and at its bottom edge is the field itself (nothing over it). */
function isUncovered(field: Locator): Promise<boolean> {
  return field.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + box.width / 2, box.bottom - 2],
    ];
    return points.every(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (top === el || el.contains(top));
    });
  });
}

test('the tab bar steps aside while the chat composer has the focus, at 360 px', async ({ app, page }) => {
  await page.setViewportSize(PHONE);
  const ana = await newPerson('Ana Keys');
  const eventId = await seedEvent(ana, 'Keyboard camp');
  await signInAs(app, ana);
  await page.goto(`/events/${eventId}/chat`);
  await expect(page.getByRole('heading', { level: 1, name: 'Group Chat' })).toBeVisible({ timeout: 15_000 });
  const bar = page.getByRole('navigation', { name: 'Event pages' });
  await expect(bar).toBeVisible();

  const field = page.getByRole('form', { name: 'Write a message' }).getByLabel('Message');
  await field.click();
  // Focus alone (no keyboard: a hardware one, or the phone's back button closed it) keeps the bar.
  await expect(bar).toBeVisible();
  await page.setViewportSize(WITH_KEYBOARD);
  await expect(bar).toBeHidden();
  await expect.poll(() => isUncovered(field)).toBe(true);
  // The composer sits right above the keyboard: no empty band where the bar was.
  await expect
    .poll(
      async () =>
        WITH_KEYBOARD.height - ((await field.boundingBox())?.y ?? 0) - ((await field.boundingBox())?.height ?? 0),
    )
    .toBeLessThan(48);
  await field.fill('Who brings the tarp?');
  await page.screenshot({ path: screenshotPath('keyboard-chat-phone.png') });

  // Done typing: the keyboard goes, the bar is back.
  await field.blur();
  await page.setViewportSize(PHONE);
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Chat' })).toBeVisible();

  // Any text field does the same: the checklist's new-list name, say.
  await bar.getByRole('link', { name: 'Lists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checklists' })).toBeVisible();
  await page.getByRole('button', { name: 'New list' }).click();
  const textField = page.getByRole('dialog').getByRole('textbox').first();
  // Under the open dialog the bar is left out of the accessibility tree: found by its markup.
  const barBehind = page.locator('nav[aria-label="Event pages"]');
  await textField.click();
  await expect(barBehind).toBeVisible();
  await page.setViewportSize(WITH_KEYBOARD);
  await expect(barBehind).toBeHidden();
  await page.setViewportSize(PHONE);
  await expect(barBehind).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(bar).toBeVisible();
});
