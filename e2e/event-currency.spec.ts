/**
 * A euro event end to end (issue 21): a German crew on the starter plan sets their event to euros
 * before the first expense; the expense, the balances, the settle-up plan, a recorded payment and
 * both CSV exports are in euros; once there are expenses the currency can no longer change; the
 * next event the organiser creates starts in euros.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { serviceClient, setSwitches } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { SCREENSHOTS } from './screenshot-helpers.ts';

test.beforeAll(async () => {
  await setSwitches({ waitlist: false });
});

async function csvOf(page: Page, button: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return readFile((await (await downloading).path())!, 'utf8');
}

const eventCurrency = async (eventId: string) =>
  (await serviceClient().from('events').select('currency').eq('id', eventId).single()).data?.currency;

test('a euro event: expense, balances, settle-up and CSV in euros; fixed once spent', async ({ app, page }) => {
  test.setTimeout(90_000);
  const jana = await newPerson('Jana Zahlt', 'starter');
  const lukas = await newPerson('Lukas Schuldet');
  const mia = await newPerson('Mia Schuldet');
  const eventId = await seedEvent(jana, 'Berlin Festival', [lukas, mia]);
  expect(await eventCurrency(eventId)).toBe('CHF');

  await signInAs(app, jana);
  await page.goto(`/events/${eventId}`);
  await page.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await expect(edit.getByLabel('Currency')).toHaveValue('CHF');
  await edit.getByLabel('Currency').selectOption('EUR');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect.poll(() => eventCurrency(eventId), { timeout: 20_000 }).toBe('EUR');

  await page.goto(`/events/${eventId}/expenses`);
  await page.getByRole('button', { name: 'Add expense' }).click();
  const form = page.getByRole('dialog', { name: 'Add an expense' });
  await expect(form.getByLabel('Currency')).toHaveValue('EUR');
  await form.getByLabel('Title').fill('Bratwurst und Brot');
  await form.getByLabel('Amount (EUR)').fill('90');
  await expect(form.getByRole('group', { name: 'Split between' }).getByText('€30.00')).toHaveCount(3);
  await form.getByRole('button', { name: 'Add expense' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: 'Bratwurst und Brot' });
  await expect(card).toContainText('€90.00');
  await expect(card).toContainText('your share €30.00');
  // Expenses, Balances and Settle up are sections one tap apart.
  const section = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await section('Balances');
  const balances = page.getByRole('region', { name: 'Balances' });
  await expect(balances).toContainText('Yougets €60.00');
  await expect(balances).toContainText('Lukas Schuldetowes €30.00');
  await expect(page.getByText('Total spent: €90.00')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Paid per person' })).toContainText('€90.00');
  await expect(page.getByText(/CHF/)).toHaveCount(0);

  await section('Settle up');
  const plan = page.getByRole('list', { name: 'Suggested payments' });
  await expect(plan.getByRole('listitem')).toHaveCount(2);
  expect((await plan.getByRole('listitem').allTextContents()).every((line) => line.includes('€30.00'))).toBe(true);
  await plan.getByRole('listitem').first().getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByRole('list', { name: 'Payments recorded' })).toContainText('paid You €30.00');
  await section('Balances');
  await expect(balances).toContainText('Yougets €30.00');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'event-currency-euro-phone.png'), fullPage: true });

  const expensesCsv = await csvOf(page, 'Expenses CSV');
  expect(expensesCsv.split(/\r?\n/)[0]).toBe(
    'Date,Title,Category,Amount,Currency,Rate,Amount (EUR),Paid by,Split between',
  );
  expect(expensesCsv).toContain('Bratwurst und Brot,food,90.00,EUR,1,90.00,Jana Zahlt,');
  const balancesCsv = await csvOf(page, 'Balances CSV');
  expect(balancesCsv).toMatch(/Jana Zahlt,90\.00,30\.00,-30\.00,30\.00,EUR/);

  // On the server too: the expense and the payment are in euros.
  const currencies = async () => {
    const { data: expenses } = await serviceClient().from('expenses').select('currency').eq('event_id', eventId);
    const { data: payments } = await serviceClient().from('settlements').select('currency').eq('event_id', eventId);
    return [...(expenses ?? []), ...(payments ?? [])].map((row) => row.currency as string);
  };
  await expect.poll(currencies, { timeout: 20_000 }).toEqual(['EUR', 'EUR']);

  // With expenses the currency stays: the database refuses the change and the app says why.
  const refused = await jana.client.from('events').update({ currency: 'CHF' }).eq('id', eventId);
  expect(refused.error?.message).toBe('The currency can only be changed while the event has no expenses.');
  expect(await eventCurrency(eventId)).toBe('EUR');

  // The next event starts in the currency of the last one.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create event' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create an event' }).getByLabel('Currency')).toHaveValue('EUR');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'event-currency-create-phone.png'), fullPage: true });
});
