/**
 * `/checkout/success/{id}` (issue 21): "Payment received" only for a checkout the server recorded
 * for the signed-in user; a made-up reference, or another person's, says it was not found.
 */
import { serviceClient } from './backend.ts';
import { newPerson, signInAs } from './data-helpers.ts';
import { expect, test } from './fixtures.ts';
import { screenshotPath } from './screenshot-helpers.ts';

test('the checkout success page confirms only a payment the server knows for this user', async ({
  app,
  page,
  isMobile,
}) => {
  const ana = await newPerson('Ana Payer');
  const ben = await newPerson('Ben Other');
  const service = serviceClient();
  const mine = `cs_test_${crypto.randomUUID()}`;
  const theirs = `cs_test_${crypto.randomUUID()}`;
  const { error } = await service.from('payments').insert([
    {
      user_id: ana.id,
      kind: 'tier',
      amount_minor: 2000,
      currency: 'CHF',
      description: 'Subscription: starter',
      provider_ref: mine,
    },
    {
      user_id: ben.id,
      kind: 'tier',
      amount_minor: 5000,
      currency: 'CHF',
      description: 'Subscription: organizer',
      provider_ref: theirs,
    },
  ]);
  expect(error).toBeNull();

  await signInAs(app, ana);
  await app.visit('/checkout/success/made-up-123');
  await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();
  await expect(page.getByText('Payment received')).toBeHidden();
  await expect(page.getByRole('alert')).toContainText('We have no payment with this reference on your account.');
  await page.screenshot({ path: screenshotPath(`checkout-success-unknown-${isMobile ? 'phone' : 'desktop'}.png`) });

  await app.visit(`/checkout/success/${theirs}`);
  await expect(page.getByRole('heading', { name: 'Payment not found' })).toBeVisible();

  await app.visit(`/checkout/success/${mine}`);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(/Subscription: starter: CHF\s?20\.00, paid on/)).toBeVisible();
});
