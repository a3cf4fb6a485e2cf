/**
 * Cancel at the period's end and moving to a lower plan (issue 21, mock flow): the plan ends with
 * its period or continues again, and a move down keeps the events' data, only gated.
 */
import { serviceClient } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';

test('cancel at period end, keep the plan, then move down to starter with the events kept', async ({ app, page }) => {
  test.setTimeout(60_000);
  const olga = await newPerson('Olga Downgrader', 'organizer');
  const eventId = await seedEvent(olga, 'Kept camp');
  await signInAs(app, olga);
  await app.visit('/subscription');
  const plan = page.getByRole('region', { name: 'Your plan' });
  await plan.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(plan.getByText('Your plan ends with this billing period.', { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  await expect(plan.getByText('Ends with this period')).toBeVisible({ timeout: 15_000 });
  await plan.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(plan.getByText('Your plan continues after this period.')).toBeVisible({ timeout: 15_000 });

  await plan.getByRole('button', { name: 'Move to Starter' }).click();
  await expect(plan.getByText(/You are now on the Starter plan/)).toBeVisible({ timeout: 15_000 });
  await expect(plan.getByText('Starter', { exact: true })).toBeVisible();
  const { data } = await serviceClient().from('events').select('name, access_tier').eq('id', eventId).single();
  expect(data).toEqual({ name: 'Kept camp', access_tier: 'starter' });
});
