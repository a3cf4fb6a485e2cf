/**
 * Cancel at the period's end and moving to a lower plan (issue 21, mock flow): the plan ends with
 * its period or continues again, and a move down keeps the events' data, only gated. Once the
 * period of a cancelled plan is over, the server's maintenance moves the user to free.
 */
import { format } from 'date-fns';
import { serviceClient } from './backend.ts';
import { newPerson, seedEvent, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshot } from './admin-helpers.ts';

test('cancel at period end, keep the plan, then move down to starter with the events kept', async ({ app, page }) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
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

test('a plan cancelled at period end says when it ends, and is the free plan once the period is over', async ({
  app,
  page,
}, testInfo) => {
  test.setTimeout(Math.max(test.info().timeout, 60_000));
  const pia = await newPerson('Pia Period', 'organizer');
  const eventId = await seedEvent(pia, 'Lapsing camp');
  const service = serviceClient();
  // Noon UTC three days on: the same calendar day in the browser's zone (Europe/Zurich).
  const end = new Date(Date.now() + 3 * 86_400_000);
  end.setUTCHours(12, 0, 0, 0);
  const change = await service.rpc('apply_subscription_change', {
    p_user_id: pia.id,
    p_tier: 'organizer',
    p_period_start: new Date(Date.now() - 27 * 86_400_000).toISOString(),
    p_period_end: end.toISOString(),
    p_cancel_at_period_end: true,
  });
  expect(change.error).toBeNull();
  await signInAs(app, pia);
  await app.visit('/subscription');
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(
    plan.getByText(
      `Your plan ends on ${format(new Date(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()), 'd MMM yyyy')}.`,
      { exact: false },
    ),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(plan.getByText('Organizer', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'subscription-ends-on');

  // The period passes and the server's maintenance ends the plan; the open page follows.
  const lapsed = await service
    .from('stripe_subscriptions')
    .update({ current_period_end: new Date(Date.now() - 60_000).toISOString() })
    .eq('user_id', pia.id);
  expect(lapsed.error).toBeNull();
  expect((await service.rpc('run_maintenance')).data).toMatchObject({ plans_ended: 1 });
  await expect(plan.getByText('Free', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(plan.getByText(/Your paid plan ended on/)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel at period end' })).toHaveCount(0);
  await screenshot(page, testInfo, 'subscription-ended');
  const { data } = await service.from('events').select('name, access_tier').eq('id', eventId).single();
  expect(data).toEqual({ name: 'Lapsing camp', access_tier: 'free' });
});
