/**
 * The Expenses page: an expense split three ways while offline shows at once with its balances
 * and reaches the server once the signal returns; the settle-up plan, one payment recorded and the
 * other suggestion unchanged; the CSV download; the gates: a free event records expenses but asks
 * to upgrade for splitting, balances and exports, and a starter event asks for organizer for
 * uneven splits. On an organizer event: an expense in euros paid by two people, a payment in
 * euros, and a change made offline that a later change by another member replaced, told to its author.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { serviceClient, setSwitches } from './backend.ts';
import { expectAccessible } from './accessibility.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { expectWaiting, syncBanner, TINY_PNG, waitForOfflineReady } from './offline-helpers.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

/** SCREENSHOTS/expenses-{name}-phone.png, then the same at desktop width (-desktop.png). */
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `expenses-${name}-phone.png`), fullPage: true });
  const phone = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('aside[aria-label="Sidebar"]')).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, `expenses-${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(phone);
}

/** Opens one of the page's sections (Expenses, Balances, Settle up): one tap. */
async function section(page: Page, name: 'Expenses' | 'Balances' | 'Settle up') {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
}

async function openExpenses(page: Page, eventId: string) {
  await page.goto(`/events/${eventId}/expenses`);
  await expect(page.getByRole('heading', { level: 1, name: 'Expenses' })).toBeVisible({ timeout: 15_000 });
}

async function serverExpenses(eventId: string) {
  const { data, error } = await serviceClient()
    .from('expenses')
    .select('title, amount_minor, paid_by, shares')
    .eq('event_id', eventId)
    .is('deleted_at', null);
  if (error) throw error;
  return data as { title: string; amount_minor: number; paid_by: string; shares: { share_minor: number }[] }[];
}

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

test('an expense split three ways offline syncs; balances, settling up and the CSV; the tier gates', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 75_000));
  const ada = await newPerson('Ada Payer', 'starter');
  const bo = await newPerson('Bo Owes');
  const cy = await newPerson('Cy Owes');
  const eventId = await seedEvent(ada, 'Lake weekend', [bo, cy]);
  const fay = await newPerson('Fay Free');
  const freeEvent = await seedEvent(fay, 'Free picnic', [ada]);

  await signInAs(app, ada);
  await openExpenses(page, eventId);
  await waitForOfflineReady(page);
  await context.setOffline(true);

  await page.getByRole('button', { name: 'Add expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add an expense' });
  await form.getByLabel('Title').fill('Groceries');
  await form.getByLabel('Amount (CHF)').fill('90');
  await expect(form.getByRole('group', { name: 'Split between' })).toContainText('Cy Owes');
  await expect(form.getByRole('group', { name: 'Split between' }).getByText('CHF 30.00')).toHaveCount(3);
  // Uneven splits are organizer's: the starter event asks to upgrade.
  await form.getByLabel('How').selectOption('By shares (Organizer)');
  await expect(page.getByRole('dialog', { name: 'Upgrade to Organizer to unlock this feature' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await form.getByRole('button', { name: 'Add expense' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: 'Groceries' });
  await expect(card).toContainText('CHF 90.00');
  await expect(card).toContainText('Split between 3 · your share CHF 30.00');
  await expect(page.getByRole('region', { name: 'Your balance' })).toHaveText('You get back CHF 60.00');
  await section(page, 'Balances');
  const balances = page.getByRole('region', { name: 'Balances' });
  await expect(balances).toContainText('Yougets CHF 60.00');
  await expect(balances).toContainText('Bo Owesowes CHF 30.00');
  await expectWaiting(page, 1);
  expect(await serverExpenses(eventId)).toEqual([]);

  await context.setOffline(false);
  await expect(syncBanner(page)).toHaveText('All changes saved', { timeout: 20_000 });
  await expect
    .poll(() => serverExpenses(eventId))
    .toEqual([
      {
        title: 'Groceries',
        amount_minor: 9000,
        paid_by: ada.id,
        shares: expect.arrayContaining([expect.objectContaining({ share_minor: 3000 })]),
      },
    ]);
  expect((await serverExpenses(eventId))[0].shares.map((s) => s.share_minor)).toEqual([3000, 3000, 3000]);

  // Settling up: two payments suggested; recording one leaves the other as it was.
  await section(page, 'Settle up');
  const plan = page.getByRole('list', { name: 'Suggested payments' });
  await expect(plan.getByRole('listitem')).toHaveCount(2);
  const [first, second] = await plan.getByRole('listitem').allTextContents();
  // Intl writes a no-break space between the currency and the amount.
  expect([first, second].every((line) => /CHF\s30\.00/.test(line))).toBe(true);
  await plan.getByRole('listitem').first().getByRole('button', { name: 'Record payment' }).click();
  await expect(plan.getByRole('listitem')).toHaveCount(1);
  await expect(plan.getByRole('listitem')).toHaveText(second);
  await expect(page.getByRole('list', { name: 'Payments recorded' })).toContainText('paid You CHF 30.00');
  await screenshots(page, 'settle-up');
  await section(page, 'Balances');
  await expect(balances).toContainText('Yougets CHF 30.00');
  await screenshots(page, 'balances');

  // The CSV of the expenses.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Expenses CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Lake-weekend-expenses.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe('Date,Title,Category,Amount,Currency,Rate,Amount (CHF),Paid by,Split between');
  expect(csv).toContain('Groceries,food,90.00,CHF,1,90.00,Ada Payer,');
  expect(csv).toContain('Bo Owes: 30.00');

  // A free event: expenses are recorded, splitting, balances and exports ask to upgrade.
  await openExpenses(page, freeEvent);
  await section(page, 'Balances');
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText(
    'Upgrade to Starter to unlock this feature',
  );
  await page.getByRole('button', { name: 'Expenses CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Starter to unlock this feature' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await section(page, 'Expenses');
  await page.getByRole('button', { name: 'Add expense' }).click();
  const freeForm = page.getByRole('dialog', { name: 'Add an expense' });
  await freeForm.getByLabel('Title').fill('Charcoal');
  await freeForm.getByLabel('Amount (CHF)').fill('12.50');
  await freeForm.getByRole('button', { name: 'Add expense' }).click();
  await expect(page.getByRole('article', { name: 'Charcoal' })).toContainText('Not split');
  await expect(page.getByRole('region', { name: 'Your balance' })).toHaveText('You paid CHF 12.50');
  await section(page, 'Balances');
  await expect(page.getByRole('region', { name: 'Paid per person' })).toContainText('CHF 12.50');
  await screenshots(page, 'free');
});

test('in euros, paid by two, settled in euros; a replaced offline change is told to its author', async ({
  app,
  page,
  context,
}) => {
  test.setTimeout(Math.max(test.info().timeout, 75_000));
  const ada = await newPerson('Ada Organiser', 'organizer');
  const bo = await newPerson('Bo Payer');
  const eventId = await seedEvent(ada, 'Alps tour', [bo]);
  await signInAs(app, ada);
  await openExpenses(page, eventId);

  await page.getByRole('button', { name: 'Add expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add an expense' });
  await form.getByLabel('Title').fill('Campsite fee');
  await form.getByLabel('Amount (CHF)').fill('100');
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByLabel('Rate: 1 EUR in CHF').fill('0.95');
  await expect(form).toContainText('€100.00 = CHF 95.00, at this rate for good');
  await form.getByLabel('Paid by', { exact: true }).selectOption('Several people');
  await form.getByLabel('Paid by Bo Payer').fill('60');
  await form.getByLabel('Paid by Ada Organiser').fill('30');
  await form.getByRole('button', { name: 'Add expense' }).click();
  await expect(form).toContainText('What the payers paid adds up to €90.00, not €100.00.');
  await form.getByLabel('Paid by Ada Organiser').fill('40');
  await form.getByRole('button', { name: 'Add expense' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: 'Campsite fee' });
  await expect(card).toContainText('Bo Payer and You paid');
  await expect(card).toContainText('€100.00');
  await expect(card).toContainText('CHF 95.00 at 0.95');
  await section(page, 'Balances');
  const balances = page.getByRole('region', { name: 'Balances' });
  // Bo paid CHF 57 and Ada CHF 38 of CHF 95; each owes CHF 47.50.
  await expect(balances).toContainText('Youowes CHF 9.50');
  await expect(balances).toContainText('Bo Payergets CHF 9.50');

  // Ada pays Bo back in euros at the same rate.
  await section(page, 'Settle up');
  await page.getByRole('button', { name: 'Pay in another currency: You to Bo Payer' }).click();
  const settle = page.getByRole('dialog', { name: 'Paid in another currency' });
  await expect(settle.getByLabel('Rate: 1 EUR in CHF')).toHaveValue('0.95');
  await expect(settle).toContainText('€10.00 settles CHF 9.50');
  await settle.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('list', { name: 'Payments recorded' })).toContainText(
    'You paid Bo Payer CHF 9.50 (€10.00 at 0.95)',
  );
  await expect(page.getByRole('region', { name: 'Settle up' })).toContainText('Everyone is settled up.');
  await expect(page.getByRole('region', { name: 'Your balance' })).toHaveText('You are settled up.');
  // Both reach the server (the "All changes saved" line shows only after a sync slow enough to see).
  await expect
    .poll(
      async () =>
        (
          await serviceClient()
            .from('settlements')
            .select('amount_minor, paid_currency, paid_amount_minor')
            .eq('event_id', eventId)
        ).data,
      { timeout: 20_000 },
    )
    .toEqual([{ amount_minor: 950, paid_currency: 'EUR', paid_amount_minor: 1000 }]);
  const { data: rows } = await serviceClient()
    .from('expenses')
    .select('id, currency, rate_e6, amount_event_minor, paid_by, payers, field_edits')
    .eq('event_id', eventId);
  expect(rows).toEqual([
    expect.objectContaining({ currency: 'EUR', rate_e6: 950_000, amount_event_minor: 9500, paid_by: bo.id }),
  ]);
  await expectAccessible(page, 'expenses in euros');
  await screenshots(page, 'currencies');

  // Ada renames it offline; Bo renames it a little later, online: his later change stays.
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await section(page, 'Expenses');
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit expense' });
  await edit.getByLabel('Title').fill('Camping fee');
  // A photo of the receipt, taken offline: kept on the device and shown at once.
  await edit
    .getByLabel('Receipt photo')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('article', { name: 'Camping fee' })).toBeVisible();
  await page.getByRole('article', { name: 'Camping fee' }).getByRole('button', { name: 'Receipt' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt: Camping fee' });
  await expect(receipt).toContainText('Kept on this device; it is sent when you are online.');
  await expect
    .poll(() =>
      receipt.getByRole('img', { name: 'Receipt: Camping fee' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await receipt.getByRole('button', { name: 'Close' }).click();
  const row = rows![0] as { id: string; field_edits: Record<string, { at: string }> };
  await page.waitForTimeout(50);
  const bos = await bo.client
    .from('expenses')
    .update({ title: 'Pitch fee', edited_at: new Date().toISOString(), edit_base: { title: row.field_edits.title.at } })
    .eq('id', row.id)
    .select('title');
  expect(bos.data).toEqual([{ title: 'Pitch fee' }]);
  await context.setOffline(false);
  const notice = page.getByRole('status').filter({ hasText: 'Your change was replaced' });
  await expect(notice).toContainText(
    'You and Bo Payer changed the title of “Pitch fee” at the same time. The later change stays; yours was “Camping fee”.',
    { timeout: 20_000 },
  );
  await expect(page.getByRole('article', { name: 'Pitch fee' })).toBeVisible();
  await screenshots(page, 'replaced');
  // The receipt reached the private bucket and the expense; it now comes from there.
  await expect
    .poll(async () => (await serviceClient().from('expenses').select('receipt_path').eq('id', row.id).single()).data)
    .toEqual({ receipt_path: expect.stringMatching(new RegExp(`^${eventId}/${row.id}/receipt-\\d+\\.png$`)) });
  await page.getByRole('article', { name: 'Pitch fee' }).getByRole('button', { name: 'Receipt' }).click();
  const stored = page.getByRole('dialog', { name: 'Receipt: Pitch fee' });
  await expect
    .poll(() =>
      stored.getByRole('img', { name: 'Receipt: Pitch fee' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(stored).not.toContainText('Kept on this device');
  await stored.getByRole('button', { name: 'Close' }).click();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Pitch fee' })).toBeVisible();
  await expect(page.getByText('Your change was replaced')).toBeHidden();
});
