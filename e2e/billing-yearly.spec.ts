/** Monthly or yearly (issue 21): a yearly upgrade through the mock checkout pays the yearly price. */
import { serviceClient } from './backend.ts';
import { newPerson, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

test('choosing yearly billing upgrades at the yearly price', async ({ app, page }) => {
  const yara = await newPerson('Yara Yearly');
  await signInAs(app, yara);
  await app.visit('/subscription');
  const billing = page.getByRole('group', { name: 'Billing' });
  await expect(billing.getByRole('button', { name: 'Billed monthly' })).toHaveAttribute('aria-pressed', 'true');
  await billing.getByRole('button', { name: /Billed yearly/ }).click();
  await expect(billing.getByRole('button', { name: /Billed yearly/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Upgrade to Starter' }).click();
  await expect(page.getByText('Your crew now plans on the Starter plan.')).toBeVisible({ timeout: 15_000 });
  const { data } = await serviceClient().from('payments').select('amount_minor, currency').eq('user_id', yara.id);
  expect(data).toEqual([{ amount_minor: 21600, currency: 'CHF' }]);
});
