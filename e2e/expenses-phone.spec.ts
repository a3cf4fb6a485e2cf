/**
 * The Expenses page on a small phone (360 × 740, issue 20): my own balance at the top; Expenses,
 * Balances and Settle up one tap apart; the expenses newest first in a stable order (the day spent,
 * then the time of entry), so one just added is on top; settle-up rows that fit (names on one line,
 * "Other currency" inside its card); nothing scrolls sideways and no button text is cut.
 * Screenshots at 360, 390 and 1280 px.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, seedEvent, signInAs, type Person } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const phone = page.viewportSize()!;
  await page.screenshot({ path: path.join(SCREENSHOTS, `expenses-phone-${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `expenses-phone-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `expenses-phone-${name}-1280.png`), fullPage: true });
  await page.setViewportSize(phone);
}

async function seedExpense(payer: Person, eventId: string, title: string, spentOn: string, split: Person[]) {
  const amount = 3000;
  const share = Math.floor(amount / split.length);
  const { error } = await payer.client.from('expenses').insert({
    id: randomUUID(),
    event_id: eventId,
    title,
    amount_minor: amount,
    spent_on: spentOn,
    paid_by: payer.id,
    shares: split.map((p, i) => ({
      user_id: p.id,
      share_minor: share + (i === 0 ? amount - share * split.length : 0),
    })),
  });
  if (error) throw error;
}

test('sections one tap apart, newest first, settle-up rows that fit 360 px', async ({ app, page }) => {
  test.setTimeout(90_000);
  const ana = await newPerson('Ana Organizer', 'starter');
  const bart = await newPerson('Bartholomew Featherstonehaugh-Wolfeschlegel');
  const cy = await newPerson('Cyrielle Montgomery-Vanderbilt');
  const eventId = await seedEvent(ana, 'Autumn weekend', [bart, cy]);
  const crew = [ana, bart, cy];
  // Eight expenses, entered in this order; two on the same day (the later entered goes above).
  await seedExpense(bart, eventId, 'Train tickets', '2026-11-02', crew);
  await seedExpense(cy, eventId, 'Firewood', '2026-11-05', crew);
  await seedExpense(bart, eventId, 'Breakfast', '2026-11-03', crew);
  await seedExpense(cy, eventId, 'Pizza', '2026-11-05', crew);
  await seedExpense(bart, eventId, 'Canoe rental', '2026-11-04', crew);
  await seedExpense(cy, eventId, 'Ice', '2026-11-01', crew);
  await seedExpense(bart, eventId, 'Gas', '2026-11-06', crew);
  await seedExpense(cy, eventId, 'Parking', '2026-11-04', crew);

  await signInAs(app, ana);
  await page.goto(`/events/${eventId}/expenses`);
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible({ timeout: 15_000 });
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(8);
  expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))).toEqual([
    'Gas',
    'Pizza',
    'Firewood',
    'Parking',
    'Canoe rental',
    'Breakfast',
    'Train tickets',
    'Ice',
  ]);
  // Ana paid nothing and shares in all eight: CHF 80.00 (8 × 10.00) to pay back.
  await expect(page.getByRole('region', { name: 'Your balance' })).toHaveText(/^You owe CHF\s80\.00$/);
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });

  // An expense just added is on top (today is the newest day).
  await page.getByRole('button', { name: 'Add expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add an expense' });
  await form.getByLabel('Title').fill('Marshmallows');
  await form.getByLabel('Amount (CHF)').fill('6');
  await form.getByRole('button', { name: 'Add expense' }).click();
  await expect(form).toBeHidden();
  await expect(cards.first()).toHaveAttribute('aria-label', 'Marshmallows');
  await expect(page.getByRole('tab', { name: 'Expenses' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('9 expenses, newest first')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your balance' })).toHaveText(/^You owe CHF\s76\.00$/);
  await shoot(page, 'list');

  // Balances: one tap.
  await page.getByRole('tab', { name: 'Balances' }).click();
  const balances = page.getByRole('region', { name: 'Balances' });
  await expect(balances).toContainText('Youowes CHF 76.00');
  await expect(page.getByRole('article')).toHaveCount(0);
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });
  await shoot(page, 'balances');

  // Settle up: one tap; each suggestion's names stay on one line and its buttons inside its card.
  await page.getByRole('tab', { name: 'Settle up' }).click();
  const plan = page.getByRole('list', { name: 'Suggested payments' });
  await expect(plan.getByRole('listitem')).toHaveCount(2);
  for (const row of await plan.getByRole('listitem').all()) {
    const fits = await row.evaluate((li) => {
      const box = li.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(li).lineHeight) || 24;
      const texts = [...li.querySelectorAll('p')].map((p) => p.getBoundingClientRect().height);
      const you = [...li.querySelectorAll('p')].find((p) => p.textContent === 'You');
      const buttons = [...li.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
      return {
        oneLine: texts.every((h) => h <= lineHeight * 1.5),
        inside: buttons.every((b) => b.left >= box.left && b.right <= box.right - 4),
        tall: buttons.every((b) => b.height >= 44),
        youWhole: you ? you.scrollWidth <= you.clientWidth : 'no You',
      };
    });
    expect(fits).toEqual({ oneLine: true, inside: true, tall: true, youWhole: true });
  }
  await expect(plan).toContainText('Bartholomew Featherstonehaugh-Wolfeschlegel');
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });
  await shoot(page, 'settle-up');
  await expectAccessible(page, 'expenses, settle up section');

  await plan.getByRole('listitem').first().getByRole('button', { name: 'Record payment' }).click();
  await expect(plan.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Payments recorded' })).toBeVisible();
  expect(await layoutProblems(page)).toEqual({ sideways: 0, clipped: [] });

  // Back to the expenses: one tap.
  await page.getByRole('tab', { name: 'Expenses' }).click();
  await expect(cards).toHaveCount(9);
});
